import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from './xml-check';
import { escapeXml, stripInvalidXmlChars, xmlAttrs, xmlElement } from './xml';

describe('XML escaping', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`Tom & Jerry <b>"l'essai"</b>`)).toBe('Tom &amp; Jerry &lt;b&gt;&quot;l&apos;essai&quot;&lt;/b&gt;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;'); // text, not markup: no double-escape guessing
  });

  it('strips characters XML 1.0 cannot carry, keeps tab, newlines and French text', () => {
    const dirty = 'a\u0000b\u0008c\u000Bd\u000Ce\u000E\u001Ff\tg\nh\ri\uFFFE\uFFFF';
    expect(stripInvalidXmlChars(dirty)).toBe('abcdef\tg\nh\ri');
    expect(escapeXml('Équipe de France « XV » – 14h05')).toBe('Équipe de France « XV » – 14h05');
  });

  it('drops lone surrogates but keeps valid pairs (emoji)', () => {
    expect(stripInvalidXmlChars('a\uD83Cb\uDC00c')).toBe('abc');
    expect(stripInvalidXmlChars('🏉 essai \uD83C\uDFC9')).toBe('🏉 essai 🏉');
    expect(stripInvalidXmlChars('\uDC00\uD83C')).toBe(''); // reversed pair: two lone halves
  });

  it('builds elements and attributes', () => {
    expect(xmlElement('a', 'x<y', { href: 'https://e.fr/?a=1&b=2', skip: undefined })).toBe(
      '<a href="https://e.fr/?a=1&amp;b=2">x&lt;y</a>',
    );
    expect(xmlAttrs({})).toBe('');
    const doc = parseXml(`<r>${xmlElement('t', '\u0001<&>"\'', { q: `"'<>&` })}</r>`);
    const [t] = findAll(doc, 't');
    expect(t?.text).toBe(`<&>"'`);
    expect(t?.attrs.q).toBe(`"'<>&`);
  });
});

describe('the test XML checker', () => {
  it('rejects what is not well-formed', () => {
    for (const bad of [
      '<a><b></a></b>',
      '<a>x & y</a>',
      '<a b="1" b="2"/>',
      '<a>\u0001</a>',
      '<a/><b/>',
      '<a>',
      '<a b=1/>',
      '<a>&nbsp;</a>',
    ]) {
      expect(() => parseXml(bad), bad).toThrow();
    }
    expect(parseXml('<?xml version="1.0"?>\n<a x="&#233;">&#x00E9;<b/></a>').attrs.x).toBe('é');
  });
});
