// The in-memory search engine: named indexes with Algolia-like settings, standard replicas that
// share their primary's records, and `search` answering in Algolia's response shape.

import { badRequest, indexNotFound, objectNotFound } from './errors';
import { combineFilters, facetKey, matchesFilter, parseArrayFilters, parseFilters, type FilterNode } from './filters';
import { highlightValue, type HighlightTree } from './highlight';
import { parseSearchParams, serializeParams, type RawParams, type SearchParams } from './params';
import { matchRecords, NO_RELEVANCE, parseQuery, type QueryWord, type Relevance } from './query';
import { rankingComparator, sortRanked, topRanked, type Ranked } from './sorting';
import { compileSettings, DEFAULT_REPLICAS, DEFAULT_SETTINGS, getAttribute, type Criterion, type IndexSettings } from './settings';
import { attributeOf, IndexData, leafTexts, positionOf, type Doc, type EngineRecord } from './store';
import { truncateUtf8, utf8Length } from './text';

export type { EngineRecord } from './store';
export type { IndexSettings } from './settings';
export { AlgoliaError } from './errors';

export type SearchHit = Record<string, unknown> & {
  objectID: string;
  _highlightResult?: Record<string, HighlightTree>;
  _rankingInfo?: RankingInfo;
};

export type RankingInfo = {
  nbTypos: number;
  firstMatchedWord: number;
  proximityDistance: number;
  userScore: number;
  geoDistance: number;
  geoPrecision: number;
  nbExactWords: number;
  words: number;
  filters: number;
};

export type SearchResponse = {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  exhaustiveTypo: true;
  exhaustive: { nbHits: true; typo: true };
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  offset?: number;
  length?: number;
  facets?: Record<string, Record<string, number>>;
  exhaustiveFacetsCount?: true;
  queryID?: string;
  serverUsed?: string;
  indexUsed?: string;
  parsedQuery?: string;
};

export type EngineOptions = {
  /** Settings of every new index, over DEFAULT_SETTINGS (the newsroom configuration). */
  settings?: Partial<IndexSettings>;
  /** Replica name suffix → sort criterion, created for every primary. Default: _date_desc / _date_asc. */
  replicas?: Record<string, string>;
  /**
   * Algolia answers 400 to a query longer than 512 UTF-8 bytes; "truncate" cuts it to 512 bytes
   * instead. Default "reject", like Algolia.
   */
  longQueries?: 'reject' | 'truncate';
};

/** Algolia's query limit, in UTF-8 bytes. */
export const MAX_QUERY_BYTES = 512;

const BROWSE_CACHE_SIZE = 64;
const FILTER_CACHE_SIZE = 64;

type Target = { name: string; data: IndexData; criteria: Criterion[] };

export class SearchEngine {
  private readonly primaries = new Map<string, IndexData>();
  private readonly replicaOf = new Map<string, { primary: string; sort: string }>();
  // Empty queries list every record in ranking order: keep that order until the next write.
  private readonly sortedCache = new Map<string, { version: number; docs: Doc[] }>();
  private readonly browseCache = new Map<string, { version: number; ranked: Ranked[] }>();
  private readonly filterCache = new WeakMap<IndexData, { version: number; bits: Map<string, Uint8Array> }>();
  private readonly defaults: IndexSettings;
  private readonly replicaSorts: Record<string, string>;
  private readonly longQueries: 'reject' | 'truncate';

  constructor(options: EngineOptions = {}) {
    this.defaults = { ...DEFAULT_SETTINGS, ...options.settings };
    this.replicaSorts = options.replicas ?? DEFAULT_REPLICAS;
    this.longQueries = options.longQueries ?? 'reject';
  }

  /**
   * Creates a primary index and its replicas (the engine's standard ones unless `replicas` says
   * otherwise, e.g. {} for none); a no-op (apart from settings) if it exists.
   */
  createIndex(name: string, settings: Partial<IndexSettings> = {}, replicas: Record<string, string> = this.replicaSorts): void {
    if (this.replicaOf.has(name)) throw badRequest(`Index ${name} is a replica`);
    const existing = this.primaries.get(name);
    if (existing) {
      if (Object.keys(settings).length > 0) this.setSettings(name, settings);
      return;
    }
    this.primaries.set(name, new IndexData(compileSettings({ ...this.defaults, ...settings })));
    for (const [suffix, sort] of Object.entries(replicas)) {
      this.replicaOf.set(`${name}${suffix}`, { primary: name, sort });
    }
  }

  setSettings(name: string, settings: Partial<IndexSettings>): void {
    const data = this.primary(name);
    data.reindex(compileSettings({ ...data.settings.raw, ...settings }));
  }

  getSettings(name: string): IndexSettings {
    return this.resolve(name).data.settings.raw;
  }

  /** Replaces every record of a primary index, creating it when needed. */
  setRecords(name: string, records: readonly EngineRecord[]): void {
    this.createIndex(name);
    this.primary(name).replaceAll(records);
  }

  upsert(name: string, record: EngineRecord): void {
    this.createIndex(name);
    this.primary(name).upsert(record);
  }

  remove(name: string, objectID: string): boolean {
    return this.primary(name).remove(objectID);
  }

  hasIndex(name: string): boolean {
    return this.primaries.has(name) || this.replicaOf.has(name);
  }

  indexNames(): string[] {
    return [...this.primaries.keys(), ...this.replicaOf.keys()];
  }

  /** One record, as GET /1/indexes/{index}/{objectID} returns it. */
  getObject(name: string, objectID: string, attributesToRetrieve: string[] = ['*']): SearchHit {
    const doc = this.resolve(name).data.get(objectID);
    if (!doc) throw objectNotFound();
    return retrieve(doc.record, attributesToRetrieve);
  }

  search(name: string, raw: RawParams = {}): SearchResponse {
    const started = performance.now();
    const target = this.resolve(name);
    const { data } = target;
    const settings = data.settings;
    const p = parseSearchParams(raw, settings.raw);

    let query = p.query;
    if (utf8Length(query) > MAX_QUERY_BYTES) {
      if (this.longQueries === 'reject') {
        throw badRequest(`Invalid value for "query" parameter, expected string shorter than ${MAX_QUERY_BYTES} bytes`);
      }
      query = truncateUtf8(query, MAX_QUERY_BYTES);
    }

    const filter = combineFilters([
      parseFilters(p.filters),
      parseArrayFilters('facetFilters', p.facetFilters),
      parseArrayFilters('numericFilters', p.numericFilters),
      parseArrayFilters('tagFilters', p.tagFilters),
    ]);
    const restrict = p.restrictSearchableAttributes
      ? new Set(settings.searchable.flatMap((a, i) => (p.restrictSearchableAttributes!.includes(a.name) ? [i] : [])))
      : null;
    const words = parseQuery(query, data, p.queryType, {
      typoTolerance: p.typoTolerance !== false,
      minWordSizefor1Typo: p.minWordSizefor1Typo,
      minWordSizefor2Typos: p.minWordSizefor2Typos,
    });

    const accept = this.acceptor(data, filter);
    // Matching records; `compare` orders them, or is null when they already are in order.
    let ranked: Ranked[];
    let compare: ((a: number, b: number) => number) | null = null;
    if (words.length === 0) {
      ranked = this.browse(target, filter, accept);
    } else {
      ranked = matchRecords(data, words, settings, { exactOnSingleWordQuery: p.exactOnSingleWordQuery, restrict, accept });
      let criteria = target.criteria;
      if (p.typoTolerance === 'min' || p.typoTolerance === 'strict') {
        // Algolia puts the typo criterion first in these modes, then keeps the best typo levels.
        criteria = [{ kind: 'typo' }, ...criteria.filter((c) => c.kind !== 'typo')];
        const levels = [...new Set(ranked.map((r) => r.relevance.typos))].sort((a, b) => a - b);
        const kept = new Set(levels.slice(0, p.typoTolerance === 'min' ? 1 : 2));
        ranked = ranked.filter((r) => kept.has(r.relevance.typos));
      }
      compare = rankingComparator(data, ranked, criteria);
    }

    const facets = p.facets.length > 0 ? countFacets(ranked, p, settings.facetDisplayable) : undefined;

    const keep = p.distinct > 0 && settings.raw.attributeForDistinct ? p.distinct : 0;
    const groups = data.distinctGroupCount;
    const nbHits = keep > 0 ? distinctCount(ranked, keep, groups) : ranked.length;
    // Algolia never serves hits past paginationLimitedTo (1000), whatever nbHits says.
    const reachable = Math.min(nbHits, settings.raw.paginationLimitedTo);
    const start = p.offset ?? p.page * p.hitsPerPage;
    const count = p.offset !== null ? (p.length ?? p.hitsPerPage) : p.hitsPerPage;
    const end = Math.min(start + count, reachable);
    const pageItems = start < end ? firstInOrder(ranked, compare, end, keep, groups).slice(start) : [];

    const highlightAttributes = this.highlightAttributes(p, target);
    const tags = { pre: p.highlightPreTag, post: p.highlightPostTag };
    const searchableNames = new Set(settings.searchable.map((a) => a.name));
    const hits = pageItems.map((r) => {
      const hit = retrieve(r.doc.record, p.attributesToRetrieve);
      if (highlightAttributes.length > 0) hit._highlightResult = highlight(r.doc.record, highlightAttributes, words, tags, searchableNames);
      if (p.getRankingInfo) hit._rankingInfo = rankingInfo(r.relevance, words);
      return hit;
    });

    const response: SearchResponse = {
      hits,
      nbHits,
      page: p.page,
      nbPages: p.hitsPerPage > 0 ? Math.ceil(reachable / p.hitsPerPage) : 0,
      hitsPerPage: p.hitsPerPage,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { nbHits: true, typo: true },
      query,
      params: serializeParams(raw),
      index: name,
      processingTimeMS: Math.max(1, Math.round(performance.now() - started)),
    };
    if (p.offset !== null) {
      response.offset = p.offset;
      response.length = count;
    }
    if (facets) {
      response.facets = facets;
      response.exhaustiveFacetsCount = true;
    }
    if (p.clickAnalytics) response.queryID = randomHex(32);
    if (p.getRankingInfo) {
      // getRankingInfo's fields at the root of the response: the server, the index really used, the
      // query as normalised (algolia.com/doc/api-reference/api-parameters/getRankingInfo).
      response.serverUsed = 'localhost';
      response.indexUsed = name;
      response.parsedQuery = words.map((w) => w.norm).join(' ');
    }
    return response;
  }

  private primary(name: string): IndexData {
    const data = this.primaries.get(name);
    if (data) return data;
    if (this.replicaOf.has(name)) throw badRequest(`Index ${name} is a replica: write to its primary`);
    throw indexNotFound();
  }

  private resolve(name: string): Target {
    const data = this.primaries.get(name);
    if (data) return { name, data, criteria: data.settings.criteria };
    const replica = this.replicaOf.get(name);
    const primary = replica && this.primaries.get(replica.primary);
    if (!replica || !primary) throw indexNotFound();
    // A standard replica sorts by its attribute first, then applies the primary's ranking.
    const sort = compileSettings({ ...primary.settings.raw, ranking: [replica.sort], customRanking: [] }).criteria;
    return { name, data: primary, criteria: [...sort, ...primary.settings.criteria] };
  }

  private sortedDocs(target: Target): Doc[] {
    const cached = this.sortedCache.get(target.name);
    if (cached && cached.version === target.data.version) return cached.docs;
    const ranked = target.data.liveDocs().map((doc) => ({ doc, relevance: NO_RELEVANCE }));
    const docs = sortRanked(target.data, ranked, target.criteria).map((r) => r.doc);
    this.sortedCache.set(target.name, { version: target.data.version, docs });
    return docs;
  }

  // The same few filters come back on every keystroke ("type:post"): remember, per data version,
  // which records pass each of them.
  private acceptor(data: IndexData, filter: FilterNode | null): (doc: Doc) => boolean {
    if (!filter) return () => true;
    let cache = this.filterCache.get(data);
    if (!cache || cache.version !== data.version) {
      cache = { version: data.version, bits: new Map() };
      this.filterCache.set(data, cache);
    }
    const key = JSON.stringify(filter);
    let bits = cache.bits.get(key);
    if (!bits) {
      bits = new Uint8Array(data.docs.length);
      for (const doc of data.docs) if (doc && matchesFilter(filter, doc.filter)) bits[doc.id] = 1;
      if (cache.bits.size >= FILTER_CACHE_SIZE) cache.bits.clear();
      cache.bits.set(key, bits);
    }
    const passing = bits;
    return (doc) => passing[doc.id] === 1;
  }

  // Empty queries (the search panel opening, "latest articles") list every record that passes the
  // filters in ranking order; the same few filters come back all the time, so keep the lists.
  private browse(target: Target, filter: FilterNode | null, accept: (doc: Doc) => boolean): Ranked[] {
    const key = `${target.name}\u0000${JSON.stringify(filter)}`;
    const cached = this.browseCache.get(key);
    if (cached && cached.version === target.data.version) return cached.ranked;
    const ranked = this.sortedDocs(target)
      .filter(accept)
      .map((doc) => ({ doc, relevance: NO_RELEVANCE }));
    if (this.browseCache.size >= BROWSE_CACHE_SIZE) this.browseCache.clear();
    this.browseCache.set(key, { version: target.data.version, ranked });
    return ranked;
  }

  private highlightAttributes(p: SearchParams, target: Target): string[] {
    const requested = p.attributesToHighlight ?? target.data.settings.searchable.map((a) => a.name);
    return [...new Set(requested)];
  }
}

export function createSearchEngine(options?: EngineOptions): SearchEngine {
  return new SearchEngine(options);
}

// ---------------------------------------------------------------------------------------------

/** Keeps at most `keep` hits per distinct group, in the given order. */
function applyDistinct(ranked: Ranked[], keep: number, groups: number, limit = Infinity): Ranked[] {
  const seen = new Uint8Array(groups);
  const out: Ranked[] = [];
  for (const r of ranked) {
    if (out.length >= limit) break;
    const group = r.doc.distinctGroup;
    if (group >= 0) {
      // Records without the attribute (group -1) are each their own group.
      if (seen[group]! >= keep) continue;
      seen[group] = seen[group]! + 1;
    }
    out.push(r);
  }
  return out;
}

/** nbHits under distinct: per group, at most `keep`. */
function distinctCount(ranked: Ranked[], keep: number, groups: number): number {
  const seen = new Uint8Array(groups);
  let count = 0;
  for (const r of ranked) {
    const group = r.doc.distinctGroup;
    if (group < 0) count++;
    else if (seen[group]! < keep) {
      seen[group] = seen[group]! + 1;
      count++;
    }
  }
  return count;
}

/** The first `need` hits in ranking order (after distinct), ordering no more than necessary. */
function firstInOrder(
  ranked: Ranked[],
  compare: ((a: number, b: number) => number) | null,
  need: number,
  keep: number,
  groups: number,
): Ranked[] {
  if (!compare) return keep > 0 ? applyDistinct(ranked, keep, groups, need) : ranked.slice(0, need);
  // Distinct may drop some of the best hits: widen the selection until enough remain.
  for (let k = need; ; k = Math.min(ranked.length, k * 2 + need)) {
    const top = topRanked(ranked, compare, k);
    const kept = keep > 0 ? applyDistinct(top, keep, groups, need) : top;
    if (kept.length >= need || top.length >= ranked.length) return kept.slice(0, need);
  }
}

function countFacets(ranked: Ranked[], p: SearchParams, displayable: Set<string>): Record<string, Record<string, number>> {
  const names = p.facets.includes('*') ? [...displayable] : p.facets.filter((f) => displayable.has(f));
  const out: Record<string, Record<string, number>> = {};
  for (const name of names) {
    // Counted case-insensitively like the filters, shown with the first spelling met.
    const counts = new Map<string, { value: string; count: number }>();
    for (const r of ranked) {
      const values = new Set(leafTexts(getAttribute(r.doc.record, name)));
      for (const value of values) {
        const key = facetKey(value);
        const entry = counts.get(key);
        if (entry) entry.count++;
        else counts.set(key, { value, count: 1 });
      }
    }
    const top = [...counts.values()].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)).slice(0, p.maxValuesPerFacet);
    out[name] = Object.fromEntries(top.map((e) => [e.value, e.count]));
  }
  return out;
}

function retrieve(record: EngineRecord, attributes: readonly string[]): SearchHit {
  const all = attributes.includes('*');
  const excluded = new Set(attributes.filter((a) => a.startsWith('-')).map((a) => a.slice(1)));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    if (k === 'objectID') continue;
    if (all ? !excluded.has(k) : attributes.includes(k)) out[k] = v;
  }
  // objectID is always retrieved.
  out.objectID = record.objectID;
  return out as SearchHit;
}

function highlight(
  record: EngineRecord,
  attributes: string[],
  words: QueryWord[],
  tags: { pre: string; post: string },
  searchable: ReadonlySet<string>,
): Record<string, HighlightTree> {
  const names = attributes.includes('*') ? Object.keys(record).filter((k) => k !== 'objectID') : attributes;
  const out: Record<string, HighlightTree> = {};
  for (const name of names) {
    const value = getAttribute(record, name);
    if (value === undefined || value === null) continue;
    const h = highlightValue(value, words, { ...tags, indexed: searchable.has(name) });
    if (h !== undefined) out[name] = h;
  }
  return out;
}

// `_rankingInfo` as getRankingInfo describes it (algolia.com/doc/api-reference/api-parameters/getRankingInfo;
// specs/search/common/schemas/Hit.yml#rankingInfo in algolia/api-clients-automation). `promoted` is
// absent: only a rule promotes a hit, and there are no rules here.
function rankingInfo(rel: Relevance, words: QueryWord[]): RankingInfo {
  return {
    // The typos of every query word, first-letter mistakes counted two (typo.ts countedTypos).
    nbTypos: rel.typos,
    // « Divide the number by 1,000 to get the attribute index; the remainder gives the word position »
    // (in an ordered attribute; 0 in an unordered one).
    firstMatchedWord: Number.isFinite(rel.attribute) ? attributeOf(rel.attribute) * 1000 + Math.min(positionOf(rel.attribute), 999) : 0,
    proximityDistance: rel.proximity,
    userScore: 0,
    geoDistance: 0,
    geoPrecision: 1,
    nbExactWords: rel.exactWords,
    words: words.length,
    filters: 0,
  };
}

function randomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length / 2));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
