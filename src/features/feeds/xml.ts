// XML text for the feeds (RSS, sitemaps). Upstream text is French prose typed into WordPress, which
// can carry stray control characters pasted from Word or a PDF: one of them makes a whole feed
// unreadable to a strict XML parser, so they are dropped rather than escaped (XML 1.0 has no escape
// for them).

/**
 * Everything outside the XML 1.0 `Char` production: C0 controls except tab/LF/CR, lone surrogates
 * (with the `u` flag a valid pair is one code point, so only unpaired halves fall outside the
 * ranges), and U+FFFE/U+FFFF.
 */
const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Removes the characters XML 1.0 cannot carry at all. */
export function stripInvalidXmlChars(value: string): string {
  return value.replace(INVALID_XML_CHARS, '');
}

/** Text safe in both element content and (single- or double-quoted) attribute values. */
export function escapeXml(value: string): string {
  return stripInvalidXmlChars(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** `<name attr="…">text</name>`, everything escaped; attributes whose value is undefined are left out. */
export function xmlElement(name: string, text: string, attrs: Record<string, string | undefined> = {}): string {
  return `<${name}${xmlAttrs(attrs)}>${escapeXml(text)}</${name}>`;
}

/** ` a="1" b="2"` for the defined attributes, escaped. */
export function xmlAttrs(attrs: Record<string, string | undefined>): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
}
