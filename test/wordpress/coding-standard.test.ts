import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The plugin's PHP against its coding standard (wordpress/phpcs.xml.dist: PHP_CodeSniffer from
// Debian, installed with WordPress by scripts/wordpress/setup.mjs; why not the WordPress Coding
// Standards themselves: the ruleset's header).
const wordpress = fileURLToPath(new URL('../../wordpress/', import.meta.url));
const phpcs = (args: string[], input?: string) =>
  spawnSync('phpcs', ['--report=emacs', '--no-colors', ...args], { cwd: wordpress, encoding: 'utf8', input });

describe('the plugin’s coding standard', () => {
  it('finds nothing in the plugin', () => {
    const run = phpcs([]);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('does see what it forbids: short arrays, eval, an upper-case TRUE, space indentation', () => {
    const run = phpcs(
      ['--standard=phpcs.xml.dist', '--stdin-path=exemple.php', '-'],
      "<?php\n$a = [ 1 ];\neval( 'return 1;' );\nif ( $a ) {\n    $b = TRUE;\n}\n",
    );
    expect(run.status).not.toBe(0);
    for (const sniff of [
      'Generic.Arrays.DisallowShortArraySyntax',
      'Generic.PHP.ForbiddenFunctions',
      'Generic.PHP.LowerCaseConstant',
      'Generic.WhiteSpace.DisallowSpaceIndent',
    ])
      expect(run.stdout).toContain(sniff);
  });
});
