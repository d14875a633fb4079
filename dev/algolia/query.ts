// From a query string to ranked records: which index words each query word may stand for (exact,
// prefix, typo), which records contain every query word, and how each one scores on Algolia's
// relevance criteria (typo, proximity, attribute, exact).

import type { CompiledSettings, ExactOnSingleWordQuery, QueryType } from './settings';
import { attributeOf, IndexData, positionOf, POSITION_LIMIT, type Doc } from './store';
import { tokenize } from './text';
import { allowedTypos, countedTypos, prefixDistance, wordDistance, type TypoSettings } from './typo';
import type { WordMatch } from './vocabulary';

export type QueryWord = {
  /** As typed, lower-cased: what `matchedWords` reports. */
  raw: string;
  norm: string;
  prefix: boolean;
  maxTypos: number;
  /** Index words this query word matches. */
  matches: Map<string, WordMatch>;
};

export function parseQuery(query: string, data: IndexData, queryType: QueryType, typo: TypoSettings): QueryWord[] {
  const tokens = tokenize(query);
  const lookups = new Map<string, Map<string, WordMatch>>();
  return tokens.map((token, i) => {
    const isLast = i === tokens.length - 1;
    // "dupont " (trailing separator) means the word is complete: no prefix search.
    const prefix = queryType === 'prefixAll' || (queryType === 'prefixLast' && isLast && token.end === query.length);
    const maxTypos = allowedTypos(token.norm, typo);
    const key = `${token.norm}\u0000${maxTypos}\u0000${prefix}`;
    let matches = lookups.get(key);
    if (!matches) {
      matches = firstLetterRule(token.norm, data.vocabulary.lookup(token.norm, maxTypos, prefix), maxTypos);
      lookups.set(key, matches);
    }
    return { raw: query.slice(token.start, token.end).toLowerCase(), norm: token.norm, prefix, maxTypos, matches };
  });
}

/** The lookup's matches with a first-letter mistake counted as Algolia does (countedTypos). */
function firstLetterRule(query: string, matches: Map<string, WordMatch>, maxTypos: number): Map<string, WordMatch> {
  const out = new Map<string, WordMatch>();
  for (const [word, match] of matches) {
    const typos = countedTypos(query, word, match.typos, maxTypos);
    if (typos !== null) out.set(word, typos === match.typos ? match : { ...match, typos });
  }
  return out;
}

/**
 * How a query word matches a word of a text, for highlighting. For searchable attributes the
 * lookup already found every matching index word; other attributes need the distance computed.
 */
export function matchWord(word: QueryWord, norm: string, indexed: boolean): WordMatch | null {
  const known = word.matches.get(norm);
  if (known || indexed) return known ?? null;
  const counted = (osa: number | null) => (osa === null ? null : countedTypos(word.norm, norm, osa, word.maxTypos));
  if (word.prefix) {
    const whole = counted(wordDistance(word.norm, norm, word.maxTypos));
    const found = prefixDistance(word.norm, norm, word.maxTypos);
    const startTypos = found && counted(found.typos);
    const start = found && startTypos !== null ? { typos: startTypos, length: found.length } : null;
    if (whole !== null && (!start || whole <= start.typos)) return { typos: whole, prefix: false, length: norm.length };
    return start ? { typos: start.typos, prefix: true, length: start.length } : null;
  }
  const whole = counted(wordDistance(word.norm, norm, word.maxTypos));
  return whole === null ? null : { typos: whole, prefix: false, length: norm.length };
}

export type Relevance = {
  typos: number;
  proximity: number;
  /** Best attribute priority, then (for ordered attributes) the position in it; lower is better. */
  attribute: number;
  exactWords: number;
};

export type Match = { doc: Doc; relevance: Relevance };

export const NO_RELEVANCE: Relevance = { typos: 0, proximity: 0, attribute: 0, exactWords: 0 };

// Algolia caps the distance between two query words at 8.
const MAX_PROXIMITY = 8;
const UNSEEN = 255;

export type MatchOptions = {
  exactOnSingleWordQuery: ExactOnSingleWordQuery;
  /** Searchable attribute indexes allowed by restrictSearchableAttributes; null: all. */
  restrict: ReadonlySet<number> | null;
  accept: (doc: Doc) => boolean;
};

/**
 * Records containing every query word (each within its allowed typos), scored on the textual
 * criteria. Works word by word over the inverted index, so the cost follows the number of
 * occurrences of the matched words, not the number of records.
 */
export function matchRecords(data: IndexData, words: QueryWord[], settings: CompiledSettings, options: MatchOptions): Match[] {
  const n = data.docs.length;
  const { restrict } = options;
  const matchedWords = new Uint16Array(n); // how many query words each record matched so far
  const typos = new Uint16Array(n);
  const exactWords = new Uint16Array(n);
  const attribute = new Float64Array(n).fill(Infinity);
  const attributeScore = settings.searchable.map((a) => ({ base: a.priority * POSITION_LIMIT, ordered: a.ordered }));

  let survivors: number[] = [];
  words.forEach((w, i) => {
    const wordTypos = new Uint8Array(n).fill(UNSEEN);
    const wordExact = new Uint8Array(n);
    const seen: number[] = [];
    for (const [word, match] of w.matches) {
      const posting = data.posting(word);
      if (!posting) continue;
      const exact = match.typos === 0 && !match.prefix ? 1 : 0;
      for (let k = 0; k < posting.docs.length; k++) {
        const d = posting.docs[k]!;
        // Only records that matched every previous word can still qualify.
        if (matchedWords[d]! < i || data.docs[d] === undefined) continue;
        const at = posting.ats[k]!;
        const attr = attributeOf(at);
        if (restrict && !restrict.has(attr)) continue;
        if (matchedWords[d] === i) {
          matchedWords[d] = i + 1;
          seen.push(d);
        }
        if (match.typos < wordTypos[d]!) wordTypos[d] = match.typos;
        if (exact) wordExact[d] = 1;
        const score = attributeScore[attr]!;
        const s = score.base + (score.ordered ? positionOf(at) : 0);
        if (s < attribute[d]!) attribute[d] = s;
      }
    }
    for (const d of seen) {
      typos[d] = typos[d]! + wordTypos[d]!;
      exactWords[d] = exactWords[d]! + wordExact[d]!;
    }
    survivors = seen;
  });

  const docs = survivors.filter((d) => options.accept(data.docs[d]!));

  if (words.length === 1 && options.exactOnSingleWordQuery !== 'word') {
    // Algolia's default (exactOnSingleWordQuery = "attribute"): a one-word query is exact only
    // when it is a whole attribute value, e.g. the tag "France" for the query "france".
    for (const d of docs) exactWords[d] = 0;
    if (options.exactOnSingleWordQuery === 'attribute') {
      for (const packed of data.singleWordValue(words[0]!.norm)) {
        const { docId, attribute: attr } = IndexData.unpackValue(packed);
        if (!restrict || restrict.has(attr)) exactWords[docId] = 1;
      }
    }
  }

  const proximity = words.length > 1 ? proximities(data, words, docs, restrict) : null;

  return docs.map((d) => ({
    doc: data.docs[d]!,
    relevance: {
      typos: typos[d]!,
      proximity: proximity?.get(d) ?? 0,
      attribute: attribute[d]!,
      exactWords: exactWords[d]!,
    },
  }));
}

/** Sum, over consecutive query words, of their smallest distance in a same attribute (max 8). */
function proximities(data: IndexData, words: QueryWord[], docs: number[], restrict: ReadonlySet<number> | null): Map<number, number> {
  const n = data.docs.length;
  const wanted = new Uint8Array(n);
  for (const d of docs) wanted[d] = 1;

  // For each query word, the occurrences in each wanted record, as one flat array sliced by record
  // (counted, then filled): far cheaper than a list per record on common words.
  const occurrences = words.map((w) => {
    const visit = (fn: (d: number, at: number) => void): void => {
      for (const word of w.matches.keys()) {
        const posting = data.posting(word);
        if (!posting) continue;
        for (let k = 0; k < posting.docs.length; k++) {
          const d = posting.docs[k]!;
          if (wanted[d] === 0) continue;
          const at = posting.ats[k]!;
          if (restrict && !restrict.has(attributeOf(at))) continue;
          fn(d, at);
        }
      }
    };
    const start = new Uint32Array(n + 1);
    visit((d) => (start[d + 1] = start[d + 1]! + 1));
    for (let d = 0; d < n; d++) start[d + 1] = start[d + 1]! + start[d]!;
    const flat = new Float64Array(start[n]!);
    const fill = start.slice(0, n);
    visit((d, at) => {
      flat[fill[d]!] = at;
      fill[d] = fill[d]! + 1;
    });
    return (d: number): Float64Array => flat.subarray(start[d]!, start[d + 1]!).sort();
  });

  const out = new Map<number, number>();
  for (const d of docs) {
    let total = 0;
    let previous = occurrences[0]!(d);
    for (let i = 1; i < words.length; i++) {
      const current = occurrences[i]!(d);
      total += closest(previous, current);
      previous = current;
    }
    out.set(d, total);
  }
  return out;
}

// Both lists sorted; a pair in the wrong order counts one more than in the right order.
function closest(a: Float64Array, b: Float64Array): number {
  let best = MAX_PROXIMITY;
  let j = 0;
  for (const x of a) {
    while (j < b.length && b[j]! < x) j++;
    const candidates = [b[j - 1], b[j]];
    for (const y of candidates) {
      if (y === undefined || attributeOf(x) !== attributeOf(y)) continue;
      const d = y > x ? y - x : x - y + 1;
      if (d < best) best = d;
    }
    if (best === 1) break;
  }
  return best;
}
