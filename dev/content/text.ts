// String helpers: slugs, French typography, plain-text excerpts, escaping.

const NBSP = '\u00a0';

const ASCII_FOLD: Readonly<Record<string, string>> = {
  à: 'a',
  â: 'a',
  ä: 'a',
  á: 'a',
  ã: 'a',
  å: 'a',
  ç: 'c',
  é: 'e',
  è: 'e',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  í: 'i',
  ì: 'i',
  ô: 'o',
  ö: 'o',
  ó: 'o',
  ò: 'o',
  õ: 'o',
  ù: 'u',
  û: 'u',
  ü: 'u',
  ú: 'u',
  ÿ: 'y',
  ñ: 'n',
  œ: 'oe',
  æ: 'ae',
};

/** ASCII kebab-case: "Tests d’automne" → "tests-d-automne". */
export function slugify(text: string): string {
  let out = '';
  let dash = false;
  for (const ch of text.toLowerCase()) {
    const code = ch.charCodeAt(0);
    let piece: string | undefined;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) piece = ch;
    else if (code > 127) piece = ASCII_FOLD[ch] ?? ch.normalize('NFD').replace(/[^a-z0-9]/g, '');
    if (piece) {
      if (dash && out) out += '-';
      out += piece;
      dash = false;
    } else {
      dash = true;
    }
  }
  return out;
}

/**
 * French typography: non-breaking space before « : ; ! ? » and inside guillemets.
 * Written texts use plain spaces; this is applied once to every text that is published.
 */
const TYPO_NEEDED = / [:;!?»]|« /;

export function typo(text: string): string {
  if (!TYPO_NEEDED.test(text)) return text;
  return text.replace(/ ([:;!?»])/g, `${NBSP}$1`).replace(/« /g, `«${NBSP}`);
}

export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/** The first `words` words of a plain text (single-spaced, as leads are), with an ellipsis when cut. */
export function truncateWords(text: string, words: number): string {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 32 && ++count === words) {
      return `${text.slice(0, i).replace(/[,;:.\u00a0]+$/, '')}…`;
    }
  }
  return text;
}

/** At most `max` characters, cut on a word boundary. */
export function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:.\u00a0]+$/, '')}…`;
}

export function ucfirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b et c" */
export function listFr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Replaces "{name}" placeholders. */
export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

/** French ordinal for journées: 1re, 2e, 3e… */
export function ordinalFr(n: number, feminine = true): string {
  if (n === 1) return feminine ? '1re' : '1er';
  return `${n}e`;
}

/** "12 000" with a narrow no-break space, as French typography wants for thousands. */
export function formatNumberFr(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}
