import { describe, expect, it } from 'vitest';
import { decodeAttribute, decodeEntities } from './entities';

describe('decodeEntities', () => {
  it('decodes the common named ones', () => {
    expect(decodeEntities('&amp; &lt; &gt; &quot; &#39; &apos;')).toBe("& < > \" ' '");
    expect(decodeEntities('a&nbsp;b')).toBe('a\u00a0b');
    expect(decodeEntities('l&rsquo;&eacute;quipe &laquo;&nbsp;XV&nbsp;&raquo; &hellip; &Eacute;t&eacute; &oelig;uvre &ccedil;a')).toBe(
      'l’équipe «\u00a0XV\u00a0» … Été œuvre ça',
    );
  });

  it('decodes every named reference of the HTML standard, not only the usual ones', () => {
    expect(decodeEntities('&hearts; &numero; 12 &check; &starf; &NotEqualTilde;')).toBe('♥ № 12 ✓ ★ \u2242\u0338');
  });

  it('decodes legacy references without their semicolon in text, as browsers do', () => {
    expect(decodeEntities('&eacute t&eacutee &copy2025 &amp')).toBe('é tée ©2025 &');
  });

  it('decodes numeric references, with or without semicolon', () => {
    expect(decodeEntities('&#233;t&#xE9; &#x2019; &#8217;')).toBe('été ’ ’');
    expect(decodeEntities('&#146;')).toBe('’'); // windows-1252, as browsers read it
    expect(decodeEntities('&#0; &#xD800; &#99999999;')).toBe('\ufffd \ufffd \ufffd');
  });

  it('leaves unknown names and bare ampersands alone', () => {
    expect(decodeEntities('Moët & Chandon &inconnu; &hearts &numero')).toBe('Moët & Chandon &inconnu; &hearts &numero');
  });
});

describe('decodeAttribute', () => {
  it('decodes what text decodes when the reference ends with a semicolon', () => {
    expect(decodeAttribute('&hearts; &numero; &eacute;t&eacute; &#8217;')).toBe('♥ № été ’');
  });

  it('decodes a legacy reference without semicolon only when no "=" or letter or digit follows', () => {
    expect(decodeAttribute('&eacute &eacute')).toBe('é é');
    // A query string is not a character reference: "&copy=2" stays, "&not" in "&notes" too.
    expect(decodeAttribute('/recherche?a=1&copy=2&notes=3&reg5')).toBe('/recherche?a=1&copy=2&notes=3&reg5');
  });
});
