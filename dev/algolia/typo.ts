// Typo counting: Damerau-Levenshtein distance (optimal string alignment: insertion, deletion,
// substitution, transposition of two adjacent letters), bounded so that hopeless candidates are
// abandoned early.

export type TypoSettings = {
  typoTolerance: boolean;
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
};

/**
 * How many typos a query word of this length may contain (Algolia: 0, 1 from 4 letters, 2 from 8),
 * both thresholds settings and search parameters alike (algolia.com/doc/api-reference/api-parameters/minWordSizefor1Typo,
 * …/minWordSizefor2Typos): a query may lower them to find what its words would with more typos.
 */
export function allowedTypos(word: string, s: TypoSettings): number {
  if (!s.typoTolerance) return 0;
  const len = [...word].length;
  if (len >= s.minWordSizefor2Typos) return 2;
  if (len >= s.minWordSizefor1Typo) return 1;
  return 0;
}

/**
 * Typos Algolia counts for a match found `osa` edits away, or null when it refuses it. A mistake on
 * the first letter counts two (« Tichael = 2 (substitution: m → T, first letter) », « How typos are
 * calculated », algolia.com/doc/guides/managing-results/optimize-search-results/typo-tolerance), so
 * it is only accepted where two typos are, and then with one more (« It can also handle three typos
 * if the first letter is misspelled », …/typo-tolerance/in-depth/configuring-typo-tolerance).
 */
export function countedTypos(query: string, word: string, osa: number, maxTypos: number): number | null {
  if (osa === 0 || query[0] === word[0]) return osa;
  return maxTypos >= 2 ? osa + 1 : null;
}

/**
 * Fills the OSA matrix of `query` (rows) against `target` (columns) and returns its last row, or
 * null as soon as every cell of a row exceeds `max` (no alignment can come back under it).
 */
function lastRow(query: string, target: string, max: number, columns: number): number[] | null {
  const m = query.length;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: columns + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const row: number[] = new Array(columns + 1);
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= columns; j++) {
      const cost = query[i - 1] === target[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && query[i - 1] === target[j - 2] && query[i - 2] === target[j - 1]) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return null;
    prev2 = prev;
    prev = row;
  }
  return prev;
}

/** Typos between a query word and a whole record word, or null when more than `max`. */
export function wordDistance(query: string, target: string, max: number): number | null {
  if (query === target) return 0;
  if (max === 0 || Math.abs(query.length - target.length) > max) return null;
  const row = lastRow(query, target, max, target.length);
  if (!row) return null;
  const d = row[target.length]!;
  return d <= max ? d : null;
}

/**
 * Typos between a query word and the closest beginning of a record word (prefix search with typos:
 * 'selectoin' still finds 'sélectionneur'). Returns the distance and how many letters of the target
 * the match covers, or null when more than `max`.
 */
export function prefixDistance(query: string, target: string, max: number): { typos: number; length: number } | null {
  if (target.startsWith(query)) return { typos: 0, length: query.length };
  if (max === 0 || target.length < query.length - max) return null;
  const columns = Math.min(target.length, query.length + max);
  const row = lastRow(query, target, max, columns);
  if (!row) return null;
  let best: { typos: number; length: number } | null = null;
  for (let j = Math.max(0, query.length - max); j <= columns; j++) {
    const d = row[j]!;
    // On equal typos the longer beginning wins: it highlights more of the word.
    if (d <= max && (!best || d <= best.typos)) best = { typos: d, length: j };
  }
  return best;
}
