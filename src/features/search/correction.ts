import { HIGHLIGHT_POST, HIGHLIGHT_PRE } from '../../schemas/search-request';

// « Vouliez-vous dire … ? »: the words Algolia really matched when it had to correct what was typed,
// read from its own answer (client-safe: the live panel and the /recherche page share it).
//
// Algolia returns no corrected query. What it does return, per hit:
// - `_rankingInfo.nbTypos` with `getRankingInfo` (« Use getRankingInfo to inspect the typo count per
//   record »: algolia.com/doc/api-reference/api-parameters/typoTolerance; the field is
//   specs/search/common/schemas/Hit.yml#rankingInfo in algolia/api-clients-automation). The typo
//   criterion ranks exact matches before 1 typo before 2: when no hit of the answer matched without
//   a typo, Algolia found them only by correcting the words.
// - `_highlightResult.{attribute}.value`, the record's own text with the words that matched wrapped
//   in the highlight tags — the record's spelling, not the query's (HighlightResult.yml; as for
//   synonyms unless replaceSynonymsInHighlight: algolia.com/doc/api-reference/api-parameters/replaceSynonymsInHighlight).
//   The wrapped words are what each typed word was corrected to.

/** What the correction reads of one hit: its typo count and its highlighted values (our markers). */
export type CorrectionHit = { nbTypos: number | null; highlighted: string[] };

// Letters, digits and the marks that follow them: every other character separates words, as in
// Algolia (the apostrophe too: « l’équipe » is « l » and « équipe »).
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const FOLD: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };

/** Case, accents and ligatures ignored, as Algolia compares words. */
function foldWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæß]/g, (c) => FOLD[c] ?? c);
}

/**
 * Typos between a typed word and a record word (Damerau-Levenshtein, optimal string alignment, as
 * Algolia counts them), and between the typed word and the nearest beginning of the record word:
 * the last word of a query is matched as a prefix (queryType prefixLast).
 */
function typos(typed: string, word: string): { whole: number; prefix: number } {
  const rows: number[][] = Array.from({ length: typed.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= word.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= typed.length; i++) {
    for (let j = 1; j <= word.length; j++) {
      const cost = typed[i - 1] === word[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  const last = rows[typed.length]!;
  return { whole: last[word.length]!, prefix: Math.min(...last) };
}

/** The whole words of a highlighted value that hold a highlighted part, as the record spells them. */
function highlightedWords(value: string): string[] {
  const words: string[] = [];
  let text = '';
  const marks: Array<[number, number]> = [];
  const parts = value.split(HIGHLIGHT_PRE);
  text = parts[0]!;
  for (const part of parts.slice(1)) {
    const end = part.indexOf(HIGHLIGHT_POST);
    if (end < 0) {
      text += part;
      continue;
    }
    marks.push([text.length, text.length + end]);
    text += part.slice(0, end) + part.slice(end + HIGHLIGHT_POST.length);
  }
  for (const [from, to] of marks) {
    // A prefix match highlights the beginning of a word (« <em>Équipe</em>s »): take the word.
    let start = from;
    let stop = to;
    while (start > 0 && WORD_CHAR.test(text[start - 1]!)) start--;
    while (stop < text.length && WORD_CHAR.test(text[stop]!)) stop++;
    for (const m of text.slice(start, stop).matchAll(WORD)) words.push(m[0]);
  }
  return words;
}

/** The record's word in the reader's case: « équipe » for « equpe », « Équipe » for « Equpe ». */
function inCaseOf(typed: string, word: string): string {
  const lower = word.toLocaleLowerCase('fr-FR');
  if (typed === typed.toLocaleLowerCase('fr-FR')) return lower;
  if (typed === typed.toLocaleUpperCase('fr-FR')) return word.toLocaleUpperCase('fr-FR');
  return lower.charAt(0).toLocaleUpperCase('fr-FR') + lower.slice(1);
}

/**
 * The query as Algolia corrected it, or null when it did not have to: no hit, or a hit that matched
 * every word as typed (nbTypos 0), or a typo count unknown. Each typed word that no hit matched as
 * written (whole, or as the beginning of a word for the last one) becomes the record word nearest
 * to it among the highlighted ones (on a tie, the one the most hits matched); the other words stay
 * as typed.
 */
export function correctedQuery(query: string, hits: CorrectionHit[]): string | null {
  if (!hits.length || hits.some((h) => h.nbTypos === null || h.nbTypos === 0)) return null;
  const typed = [...query.matchAll(WORD)].map((m) => ({ text: m[0], at: m.index, folded: foldWord(m[0]) }));
  if (!typed.length) return null;
  // prefixLast: the last word is a beginning, unless a space or a sign follows it (« dupont »).
  const lastIsPrefix = typed.at(-1)!.at + typed.at(-1)!.text.length === query.length;
  const asTyped = new Set<number>();
  type Candidate = { word: string; typos: number; whole: number; count: number };
  const candidates = typed.map(() => new Map<string, Candidate>());
  for (const hit of hits) {
    // A word counts once a hit: how many hits it found, not how often a record repeats it.
    const words = new Map(hit.highlighted.flatMap(highlightedWords).map((word) => [foldWord(word), word]));
    for (const [folded, word] of words) {
      // Each highlighted word answers the typed word nearest to it.
      let index = -1;
      let n = Infinity;
      let whole = Infinity;
      for (const [i, t] of typed.entries()) {
        const d = typos(t.folded, folded);
        const found = lastIsPrefix && i === typed.length - 1 ? d.prefix : d.whole;
        if (found < n) [index, n, whole] = [i, found, d.whole];
      }
      if (index < 0) continue;
      if (n === 0) {
        asTyped.add(index);
        continue;
      }
      const seen = candidates[index]!.get(folded);
      if (seen) seen.count++;
      else candidates[index]!.set(folded, { word, typos: n, whole, count: 1 });
    }
  }
  let out = '';
  let cursor = 0;
  let changed = false;
  typed.forEach((t, i) => {
    if (asTyped.has(i)) return;
    const best = [...candidates[i]!.values()].sort((a, b) => a.typos - b.typos || a.whole - b.whole || b.count - a.count)[0];
    // Algolia tolerates at most two typos a word (typoTolerance): anything further is no correction of it.
    if (!best || best.typos > 2) return;
    out += query.slice(cursor, t.at) + inCaseOf(t.text, best.word);
    cursor = t.at + t.text.length;
    changed = true;
  });
  return changed ? out + query.slice(cursor) : null;
}
