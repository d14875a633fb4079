import { describe, expect, it } from 'vitest';
import { decodeEntities } from './entities';

describe('decodeEntities', () => {
  it('decodes the common named ones', () => {
    expect(decodeEntities('&amp; &lt; &gt; &quot; &#39; &apos;')).toBe('& < > " \' \'');
    expect(decodeEntities('a&nbsp;b')).toBe('a\u00a0b');
    expect(decodeEntities('l&rsquo;&eacute;quipe &laquo;&nbsp;XV&nbsp;&raquo; &hellip; &Eacute;t&eacute; &oelig;uvre &ccedil;a')).toBe(
      'l’équipe «\u00a0XV\u00a0» … Été œuvre ça',
    );
  });

  it('decodes numeric references, with or without semicolon', () => {
    expect(decodeEntities('&#233;t&#xE9; &#x2019; &#8217;')).toBe('été ’ ’');
    expect(decodeEntities('&#146;')).toBe('’'); // windows-1252, as browsers read it
    expect(decodeEntities('&#0; &#xD800; &#99999999;')).toBe('\ufffd \ufffd \ufffd');
  });

  it('leaves unknown names and bare ampersands alone', () => {
    expect(decodeEntities('Moët & Chandon &inconnu; &amp')).toBe('Moët & Chandon &inconnu; &amp');
  });
});
