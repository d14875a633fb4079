// Index settings, in Algolia's vocabulary, and their compiled form used by the engine.

import type { TypoSettings } from './typo';

export type TypoTolerance = boolean | 'min' | 'strict';
export type QueryType = 'prefixLast' | 'prefixAll' | 'prefixNone';
export type ExactOnSingleWordQuery = 'attribute' | 'word' | 'none';

export type IndexSettings = {
  /** Priority order; "unordered(attr)" ignores the position inside the attribute; "a,b" share a priority. */
  searchableAttributes: string[];
  /** "attr", "filterOnly(attr)", "searchable(attr)", "afterDistinct(attr)". */
  attributesForFaceting: string[];
  attributeForDistinct: string | null;
  /** Default of the `distinct` search parameter: 0 (off) or how many hits to keep per distinct value. */
  distinct: number;
  /** "desc(attr)" / "asc(attr)". */
  customRanking: string[];
  /** Criteria in order: typo, geo, words, filters, proximity, attribute, exact, custom, asc(x), desc(x). */
  ranking: string[];
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  typoTolerance: TypoTolerance;
  queryType: QueryType;
  exactOnSingleWordQuery: ExactOnSingleWordQuery;
  hitsPerPage: number;
  paginationLimitedTo: number;
  maxValuesPerFacet: number;
  attributesToRetrieve: string[];
  /** null: the searchable attributes (Algolia's default). */
  attributesToHighlight: string[] | null;
  highlightPreTag: string;
  highlightPostTag: string;
};

export const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

/** The newsroom index as the federation configures it. */
export const DEFAULT_SETTINGS: IndexSettings = {
  searchableAttributes: ['title', 'post_tag', 'categories', 'content'],
  attributesForFaceting: ['type', 'post_tag', 'categories'],
  attributeForDistinct: 'distinct_key',
  distinct: 0,
  customRanking: ['desc(date_timestamp)'],
  ranking: DEFAULT_RANKING,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  typoTolerance: true,
  queryType: 'prefixLast',
  exactOnSingleWordQuery: 'attribute',
  hitsPerPage: 20,
  paginationLimitedTo: 1000,
  maxValuesPerFacet: 100,
  attributesToRetrieve: ['*'],
  attributesToHighlight: null,
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
};

/**
 * The players index (joueurs, joueurs_pp) as the federation configures it: names first, then the
 * club, the position and the team; the most capped players first among equals; no distinct, no
 * replicas (it is only ever sorted by relevance).
 */
export const PLAYERS_SETTINGS: Partial<IndexSettings> = {
  searchableAttributes: ['unordered(name)', 'unordered(nom),unordered(prenom)', 'unordered(club)', 'poste_libelle', 'equipe'],
  attributesForFaceting: ['type', 'equipe', 'poste', 'genre', 'classe_age', 'filterOnly(club)'],
  attributeForDistinct: null,
  distinct: 0,
  customRanking: ['desc(selections)'],
};

/**
 * Standard replicas every primary index gets, by name suffix: the sort criterion goes before the
 * relevance criteria (standard replicas sort first, virtual ones would only re-rank).
 */
export const DEFAULT_REPLICAS: Record<string, string> = {
  _date_desc: 'desc(date_timestamp)',
  _date_asc: 'asc(date_timestamp)',
};

export type SearchableAttribute = { name: string; priority: number; ordered: boolean };
export type SortCriterion = { attribute: string; direction: 1 | -1 };
export type Criterion = { kind: 'typo' | 'proximity' | 'attribute' | 'exact' } | { kind: 'sort'; sort: SortCriterion };

export type CompiledSettings = {
  raw: IndexSettings;
  searchable: SearchableAttribute[];
  /** Facetable attribute names (modifiers stripped), and those that may appear in `facets`. */
  facetable: Set<string>;
  facetDisplayable: Set<string>;
  criteria: Criterion[];
  typo: TypoSettings;
};

function parseSort(spec: string): SortCriterion | null {
  const m = /^(asc|desc)\((.+)\)$/.exec(spec.trim());
  return m ? { attribute: m[2]!.trim(), direction: m[1] === 'asc' ? 1 : -1 } : null;
}

function stripModifiers(spec: string): { name: string; modifiers: string[] } {
  const modifiers: string[] = [];
  let name = spec.trim();
  for (let m = /^(\w+)\((.*)\)$/.exec(name); m; m = /^(\w+)\((.*)\)$/.exec(name)) {
    modifiers.push(m[1]!);
    name = m[2]!.trim();
  }
  return { name, modifiers };
}

export function compileSettings(raw: IndexSettings): CompiledSettings {
  const searchable: SearchableAttribute[] = [];
  raw.searchableAttributes.forEach((entry, priority) => {
    for (const part of entry.split(',')) {
      const { name, modifiers } = stripModifiers(part);
      if (name) searchable.push({ name, priority, ordered: !modifiers.includes('unordered') });
    }
  });

  const facetable = new Set<string>();
  const facetDisplayable = new Set<string>();
  for (const entry of raw.attributesForFaceting) {
    const { name, modifiers } = stripModifiers(entry);
    facetable.add(name);
    if (!modifiers.includes('filterOnly')) facetDisplayable.add(name);
  }

  const criteria: Criterion[] = [];
  for (const name of raw.ranking) {
    if (name === 'typo' || name === 'proximity' || name === 'attribute' || name === 'exact') {
      criteria.push({ kind: name });
    } else if (name === 'custom') {
      for (const c of raw.customRanking) {
        const sort = parseSort(c);
        if (sort) criteria.push({ kind: 'sort', sort });
      }
    } else {
      // 'geo', 'words' and 'filters' cannot separate hits here: every query word must match,
      // there is no geo search and no optional filter scoring.
      const sort = parseSort(name);
      if (sort) criteria.push({ kind: 'sort', sort });
    }
  }

  return {
    raw,
    searchable,
    facetable,
    facetDisplayable,
    criteria,
    typo: {
      typoTolerance: raw.typoTolerance !== false,
      minWordSizefor1Typo: raw.minWordSizefor1Typo,
      minWordSizefor2Typos: raw.minWordSizefor2Typos,
    },
  };
}

/** Reads a possibly nested attribute ("a.b"). */
export function getAttribute(record: Record<string, unknown>, path: string): unknown {
  if (path in record) return record[path];
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
