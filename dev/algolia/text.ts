// Text normalisation and word splitting, shared by indexing, querying and highlighting so that the
// three always agree on what a "word" is.
//
// Like Algolia: case and diacritics are ignored ('Équipe' ≡ 'equipe'), ligatures are folded
// ('œ' → 'oe'), and every character that is not a letter or a digit separates words — apostrophes
// included, so "l'Équipe" is the two words "l" and "equipe".

// Letters, digits, and the combining marks that may follow them in decomposed (NFD) input.
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MARKS = /\p{M}/gu;
const ASCII = /^[\x00-\x7f]*$/;

// Characters that survive NFKD + mark stripping but have a conventional Latin spelling.
const FOLD: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
  ð: 'd',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLD).join('')}]`, 'gu');

/** Normalises a whole string: lowercase, no diacritics, ligatures folded. Separators are kept. */
export function normalize(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(FOLDABLE, (c) => FOLD[c] ?? c)
    .normalize('NFC');
}

export type Token = {
  /** Normalised form, used for matching. */
  norm: string;
  /** Offsets of the word in the original string (UTF-16 units), end exclusive. */
  start: number;
  end: number;
};

// Normalised parts of each written word: the same words come back again and again.
const wordCache = new Map<string, string[]>();
const WORD_CACHE_LIMIT = 200_000;

function normalizeWord(word: string): string[] {
  let parts = wordCache.get(word);
  if (parts) return parts;
  if (ASCII.test(word)) parts = [word.toLowerCase()];
  else {
    // NFKD can itself produce separators (e.g. '½' → '1⁄2'): split the normalised form again.
    parts = normalize(word).match(/[\p{L}\p{N}]+/gu) ?? [];
  }
  if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
  wordCache.set(word, parts);
  return parts;
}

/** Splits text into normalised words, keeping where each word sits in the original text. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    const end = start + m[0].length;
    for (const norm of normalizeWord(m[0])) tokens.push({ norm, start, end });
  }
  return tokens;
}

/** Normalised words only. */
export function words(text: string): string[] {
  return tokenize(text).map((t) => t.norm);
}

/**
 * Length, in original UTF-16 units, of the shortest prefix of `word` whose normalised form is at
 * least `normLength` characters long. Used to highlight only the typed part of a prefix match
 * ("<em>sélec</em>tionneur") even when normalisation changed lengths ('œ' → 'oe', 'é' = 'e'+◌́).
 */
export function originalPrefixLength(word: string, normLength: number): number {
  let normalised = 0;
  let i = 0;
  while (i < word.length && normalised < normLength) {
    const cp = word.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    normalised += normalize(ch).replace(/[^\p{L}\p{N}]/gu, '').length;
    i += ch.length;
  }
  // Swallow combining marks that belong to the last counted letter.
  while (i < word.length && /\p{M}/u.test(word[i]!)) i++;
  return i;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes the characters Algolia escapes in highlighted values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Size of a string in UTF-8 bytes (Algolia's query limit is in bytes). */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Cuts a string to at most `maxBytes` UTF-8 bytes without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += cp > 0xffff ? 2 : 1;
  }
  return text.slice(0, i);
}
