// Ordering hits by the ranking criteria. The usual formula is "sort attributes, then the textual
// criteria, then sort attributes" (primary: typo…exact then desc(date_timestamp); replica:
// asc(date_timestamp) first). For that shape each hit gets three cheap numbers: the leading sort
// values, the textual criteria packed into one integer, and its rank in the precomputed order of
// the trailing sort attributes. Other shapes use the general comparison.

import type { Relevance } from './query';
import type { Criterion, SortCriterion } from './settings';
import type { Doc, IndexData } from './store';

export type Ranked = { doc: Doc; relevance: Relevance };

type TextualKind = 'typo' | 'proximity' | 'attribute' | 'exact';

// Per index data version: numeric columns and trailing-order ranks, rebuilt after writes.
type Caches = { version: number; columns: Map<string, Float64Array>; ranks: Map<string, Int32Array> };
const caches = new WeakMap<IndexData, Caches>();

function cachesFor(data: IndexData): Caches {
  let c = caches.get(data);
  if (!c || c.version !== data.version) {
    c = { version: data.version, columns: new Map(), ranks: new Map() };
    caches.set(data, c);
  }
  return c;
}

/** docId → the attribute's first numeric value, NaN when it has none. */
function column(data: IndexData, attribute: string): Float64Array {
  const c = cachesFor(data);
  let col = c.columns.get(attribute);
  if (!col) {
    col = new Float64Array(data.docs.length).fill(NaN);
    for (const doc of data.docs) {
      const v = doc?.filter.numericValues(attribute)[0];
      if (doc && v !== undefined) col[doc.id] = v;
    }
    c.columns.set(attribute, col);
  }
  return col;
}

// Records without a numeric value come last whatever the direction, as on Algolia.
function compareSort(sorts: SortCriterion[], cols: Float64Array[], a: number, b: number): number {
  for (let i = 0; i < sorts.length; i++) {
    const va = cols[i]![a]!;
    const vb = cols[i]![b]!;
    const ma = Number.isNaN(va);
    const mb = Number.isNaN(vb);
    if (ma || mb) {
      if (ma !== mb) return ma ? 1 : -1;
      continue;
    }
    if (va !== vb) return sorts[i]!.direction * (va - vb);
  }
  return 0;
}

/** docId → position in the order of these sort criteria (ties: insertion order). */
function ranks(data: IndexData, sorts: SortCriterion[]): Int32Array {
  const c = cachesFor(data);
  const key = JSON.stringify(sorts);
  let r = c.ranks.get(key);
  if (!r) {
    const cols = sorts.map((s) => column(data, s.attribute));
    const ids = data.liveDocs().map((d) => d.id);
    ids.sort((a, b) => compareSort(sorts, cols, a, b) || a - b);
    r = new Int32Array(data.docs.length);
    ids.forEach((id, position) => {
      r![id] = position;
    });
    c.ranks.set(key, r);
  }
  return r;
}

// Bounded fields packed into one integer below 2^53: typo (10 bits), proximity (12 bits),
// attribute priority (6 bits) and position (12 bits: positions past 4095 tie), exact (9 bits).
const FIELDS: Record<TextualKind, { size: number; value: (r: Relevance) => number }> = {
  typo: { size: 2 ** 10, value: (r) => Math.min(r.typos, 2 ** 10 - 1) },
  proximity: { size: 2 ** 12, value: (r) => Math.min(r.proximity, 2 ** 12 - 1) },
  attribute: {
    size: 2 ** 18,
    value: (r) => {
      if (!Number.isFinite(r.attribute)) return 2 ** 18 - 1;
      const priority = Math.min(Math.floor(r.attribute / 2 ** 20), 63);
      return priority * 2 ** 12 + Math.min(r.attribute % 2 ** 20, 2 ** 12 - 1);
    },
  },
  exact: { size: 2 ** 9, value: (r) => 2 ** 9 - 1 - Math.min(r.exactWords, 2 ** 9 - 1) },
};

function isTextual(c: Criterion): c is { kind: TextualKind } {
  return c.kind !== 'sort';
}

/** Criteria of the shape sort* textual* sort*, split in three; null for other shapes. */
function split(criteria: Criterion[]): { leading: SortCriterion[]; textual: TextualKind[]; trailing: SortCriterion[] } | null {
  let i = 0;
  const leading: SortCriterion[] = [];
  const textual: TextualKind[] = [];
  const trailing: SortCriterion[] = [];
  for (; i < criteria.length && criteria[i]!.kind === 'sort'; i++) leading.push((criteria[i] as { sort: SortCriterion }).sort);
  for (; i < criteria.length && isTextual(criteria[i]!); i++) textual.push((criteria[i] as { kind: TextualKind }).kind);
  for (; i < criteria.length && criteria[i]!.kind === 'sort'; i++) trailing.push((criteria[i] as { sort: SortCriterion }).sort);
  return i === criteria.length ? { leading, textual, trailing } : null;
}

/** Compares two hits (by their index in `ranked`) on the criteria in order; ties: insertion order. */
export function rankingComparator(data: IndexData, ranked: Ranked[], criteria: Criterion[]): (a: number, b: number) => number {
  const shape = split(criteria);
  if (!shape) return generalComparator(data, ranked, criteria);

  const leadingCols = shape.leading.map((s) => column(data, s.attribute));
  const trailing = ranks(data, shape.trailing);
  const ids = new Int32Array(ranked.length);
  const packed = new Float64Array(ranked.length);
  ranked.forEach((r, i) => {
    ids[i] = r.doc.id;
    let key = 0;
    for (const kind of shape.textual) key = key * FIELDS[kind].size + FIELDS[kind].value(r.relevance);
    packed[i] = key;
  });
  return (a, b) => {
    const da = ids[a]!;
    const db = ids[b]!;
    if (leadingCols.length > 0) {
      const d = compareSort(shape.leading, leadingCols, da, db);
      if (d !== 0) return d;
    }
    return packed[a]! - packed[b]! || trailing[da]! - trailing[db]!;
  };
}

/** Criteria in any order: one comparison per criterion. */
function generalComparator(data: IndexData, ranked: Ranked[], criteria: Criterion[]): (a: number, b: number) => number {
  const cols = criteria.map((c) => (c.kind === 'sort' ? column(data, c.sort.attribute) : null));
  return (ia, ib) => {
    const a = ranked[ia]!;
    const b = ranked[ib]!;
    for (let i = 0; i < criteria.length; i++) {
      const c = criteria[i]!;
      let d: number;
      if (c.kind === 'sort') d = compareSort([c.sort], [cols[i]!], a.doc.id, b.doc.id);
      else d = FIELDS[c.kind].value(a.relevance) - FIELDS[c.kind].value(b.relevance);
      if (d !== 0) return d;
    }
    return a.doc.id - b.doc.id;
  };
}

/** All hits in ranking order. */
export function sortRanked(data: IndexData, ranked: Ranked[], criteria: Criterion[]): Ranked[] {
  const compare = rankingComparator(data, ranked, criteria);
  return Array.from(ranked, (_, i) => i)
    .sort(compare)
    .map((i) => ranked[i]!);
}

/**
 * The `k` best hits in ranking order, without sorting them all: a page of 10 out of 10 000
 * matches costs about one comparison per match instead of a full sort.
 */
export function topRanked(ranked: Ranked[], compare: (a: number, b: number) => number, k: number): Ranked[] {
  if (k <= 0) return [];
  // Inserting into a sorted array pays off for small pages only; otherwise sort everything.
  if (k > 256 || k * 8 >= ranked.length) {
    return Array.from(ranked, (_, i) => i)
      .sort(compare)
      .slice(0, k)
      .map((i) => ranked[i]!);
  }
  const best: number[] = []; // indexes, kept sorted, at most k
  for (let i = 0; i < ranked.length; i++) {
    if (best.length === k && compare(i, best[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(best[mid]!, i) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, i);
    if (best.length > k) best.pop();
  }
  return best.map((i) => ranked[i]!);
}
