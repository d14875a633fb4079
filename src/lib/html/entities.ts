// HTML character references, decoded as browsers do. WordPress sends titles and text with entities
// (get_the_title runs wptexturize: ’ becomes &#8217;), so every boundary that reads its text uses this.

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad',
  rsquo: '’', lsquo: '‘', sbquo: '‚', rdquo: '”', ldquo: '“', bdquo: '„', laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›',
  hellip: '…', ndash: '–', mdash: '—', minus: '−', bull: '•', middot: '·', prime: '′', Prime: '″', dagger: '†', Dagger: '‡',
  thinsp: '\u2009', ensp: '\u2002', emsp: '\u2003', zwnj: '\u200c', zwj: '\u200d',
  eacute: 'é', egrave: 'è', ecirc: 'ê', euml: 'ë', Eacute: 'É', Egrave: 'È', Ecirc: 'Ê', Euml: 'Ë',
  aacute: 'á', agrave: 'à', acirc: 'â', auml: 'ä', atilde: 'ã', aring: 'å', Aacute: 'Á', Agrave: 'À', Acirc: 'Â', Auml: 'Ä',
  iacute: 'í', igrave: 'ì', icirc: 'î', iuml: 'ï', Iacute: 'Í', Igrave: 'Ì', Icirc: 'Î', Iuml: 'Ï',
  oacute: 'ó', ograve: 'ò', ocirc: 'ô', ouml: 'ö', otilde: 'õ', oslash: 'ø', Oacute: 'Ó', Ograve: 'Ò', Ocirc: 'Ô', Ouml: 'Ö',
  uacute: 'ú', ugrave: 'ù', ucirc: 'û', uuml: 'ü', Uacute: 'Ú', Ugrave: 'Ù', Ucirc: 'Û', Uuml: 'Ü',
  yacute: 'ý', yuml: 'ÿ', Yuml: 'Ÿ', ccedil: 'ç', Ccedil: 'Ç', ntilde: 'ñ', Ntilde: 'Ñ', szlig: 'ß',
  aelig: 'æ', AElig: 'Æ', oelig: 'œ', OElig: 'Œ',
  euro: '€', pound: '£', yen: '¥', cent: '¢', copy: '©', reg: '®', trade: '™', deg: '°', sect: '§', para: '¶',
  times: '×', divide: '÷', plusmn: '±', frac12: '½', frac14: '¼', frac34: '¾', sup1: '¹', sup2: '²', sup3: '³',
  ordf: 'ª', ordm: 'º', iexcl: '¡', iquest: '¿', micro: 'µ', larr: '←', rarr: '→', uarr: '↑', darr: '↓',
};

/** Numeric references 128–159 mean windows-1252 characters in browsers (`&#146;` is ’). */
const WINDOWS_1252: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹',
  0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™',
  0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return WINDOWS_1252[code] ?? String.fromCodePoint(code);
}

/**
 * Decodes character references. Numeric ones may lack their semicolon (browsers accept
 * "&#115cript"); named ones need it, and unknown names stay as written.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d{1,10});?|#[xX]([0-9a-fA-F]{1,8});?|([a-zA-Z][a-zA-Z0-9]{1,31});)/g, (match, dec, hex, name) => {
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return NAMED[name as string] ?? match;
  });
}
