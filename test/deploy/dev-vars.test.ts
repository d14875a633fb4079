import { describe, expect, it } from 'vitest';
import { parseDevVars } from '../../scripts/lib/stack.mjs';

// wrangler dev reads .dev.vars with dotenv: the scripts that read it too (npm start, the benches,
// the end-to-end tests) must see the same values.
describe('parseDevVars', () => {
  it('reads plain assignments and skips comments and blank lines', () => {
    expect(parseDevVars('# local\n\nWP_API_URL=http://127.0.0.1:8790/wp-json\n  AUTH_SECRET = abc  \nEMPTY=\n')).toEqual({
      WP_API_URL: 'http://127.0.0.1:8790/wp-json',
      AUTH_SECRET: 'abc',
      EMPTY: '',
    });
  });

  it('reads quotes, comments and line ends as dotenv does', () => {
    const text = [
      'INLINE=value # a comment, not the value',
      'HASH="a # in quotes"',
      "SINGLE='simple'",
      'DOUBLE="double"',
      'ESCAPED="a\\nb"',
      'MULTI="line 1',
      'line 2"',
      'export EXPORTED=yes',
      'CRLF=windows\r',
      '',
    ].join('\n');
    expect(parseDevVars(text)).toEqual({
      INLINE: 'value',
      HASH: 'a # in quotes',
      SINGLE: 'simple',
      DOUBLE: 'double',
      ESCAPED: 'a\nb',
      MULTI: 'line 1\nline 2',
      EXPORTED: 'yes',
      CRLF: 'windows',
    });
  });
});
