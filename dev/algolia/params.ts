// Search parameters: both wire forms (JSON values, or the URL-encoded `params` string where every
// value is text — "hitsPerPage=10", "facetFilters=%5B%22type%3Apost%22%5D"), validated and
// coerced the way Algolia does, with its 400 messages.

import { badRequest } from './errors';
import type { ExactOnSingleWordQuery, IndexSettings, QueryType, TypoTolerance } from './settings';

export type RawParams = Record<string, unknown>;

export type SearchParams = {
  query: string;
  hitsPerPage: number;
  page: number;
  offset: number | null;
  length: number | null;
  filters: string;
  facetFilters: unknown;
  numericFilters: unknown;
  tagFilters: unknown;
  distinct: number;
  attributesToRetrieve: string[];
  attributesToHighlight: string[] | null;
  highlightPreTag: string;
  highlightPostTag: string;
  restrictSearchableAttributes: string[] | null;
  facets: string[];
  maxValuesPerFacet: number;
  typoTolerance: TypoTolerance;
  queryType: QueryType;
  exactOnSingleWordQuery: ExactOnSingleWordQuery;
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  getRankingInfo: boolean;
  clickAnalytics: boolean;
};

/** Parameters implemented by the engine. */
const IMPLEMENTED = new Set([
  'query',
  'hitsPerPage',
  'page',
  'offset',
  'length',
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'distinct',
  'attributesToRetrieve',
  'attributesToHighlight',
  'highlightPreTag',
  'highlightPostTag',
  'restrictSearchableAttributes',
  'facets',
  'maxValuesPerFacet',
  'typoTolerance',
  'queryType',
  'exactOnSingleWordQuery',
  'getRankingInfo',
  'clickAnalytics',
  'minWordSizefor1Typo',
  'minWordSizefor2Typos',
]);

/** Real Algolia search parameters that are accepted and have no effect here (analytics, geo,
 *  personalisation, rules, snippets, A/B tests…). */
const ACCEPTED_IGNORED = new Set([
  'analytics',
  'analyticsTags',
  'userToken',
  'enablePersonalization',
  'personalizationImpact',
  'enableRules',
  'ruleContexts',
  'enableABTest',
  'enableReRanking',
  'reRankingApplyFilter',
  'percentileComputation',
  'synonyms',
  'replaceSynonymsInHighlight',
  'attributesToSnippet',
  'snippetEllipsisText',
  'restrictHighlightAndSnippetArrays',
  'optionalFilters',
  'sumOrFiltersScores',
  'facetingAfterDistinct',
  'sortFacetValuesBy',
  'maxFacetHits',
  'aroundLatLng',
  'aroundLatLngViaIP',
  'aroundRadius',
  'aroundPrecision',
  'minimumAroundRadius',
  'insideBoundingBox',
  'insidePolygon',
  'naturalLanguages',
  'ignorePlurals',
  'removeStopWords',
  'queryLanguages',
  'decompoundQuery',
  'keepDiacriticsOnCharacters',
  'allowTyposOnNumericTokens',
  'disableTypoToleranceOnAttributes',
  'removeWordsIfNoResults',
  'advancedSyntax',
  'advancedSyntaxFeatures',
  'optionalWords',
  'disableExactOnAttributes',
  'alternativesAsExact',
  'minProximity',
  'responseFields',
  'attributeCriteriaComputedByMinProximity',
  'renderingContent',
  'relevancyStrictness',
  'similarQuery',
  'mode',
  'semanticSearch',
  'explain',
]);

const MAX_HITS_PER_PAGE = 1000;

const invalid = (name: string, expected: string) => badRequest(`Invalid value for "${name}" parameter, expected ${expected}`);

/** Parses the URL-encoded `params` string of a search request. */
export function parseParamsString(params: string): RawParams {
  const out: RawParams = {};
  for (const [k, v] of new URLSearchParams(params)) out[k] = v;
  return out;
}

/** The `params` string echoed in responses. */
export function serializeParams(raw: RawParams): string {
  return Object.entries(raw)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

function toInteger(name: string, v: unknown, min: number, max: number): number {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) n = Number(v);
  else throw invalid(name, 'integer');
  if (!Number.isInteger(n)) throw invalid(name, 'integer');
  if (n < min || n > max) {
    throw badRequest(
      max === Number.MAX_SAFE_INTEGER
        ? `Invalid value for "${name}" parameter, expected integer greater than or equal to ${min}`
        : `Invalid value for "${name}" parameter, expected integer between ${min} and ${max}`,
    );
  }
  return n;
}

function toBoolean(name: string, v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  throw invalid(name, 'boolean');
}

function toStringParam(name: string, v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  throw invalid(name, 'string');
}

function toList(name: string, v: unknown): string[] {
  let value = v;
  if (typeof value === 'string') {
    const s = value.trim();
    if (s.startsWith('[')) {
      try {
        value = JSON.parse(s);
      } catch {
        throw invalid(name, 'array of strings');
      }
    } else {
      return s === ''
        ? []
        : s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean);
    }
  }
  if (Array.isArray(value) && value.every((x) => typeof x === 'string')) return value as string[];
  throw invalid(name, 'array of strings');
}

function toEnum<T extends string>(name: string, v: unknown, allowed: readonly T[]): T {
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw invalid(name, `one of ${allowed.join(', ')}`);
}

/**
 * Validates raw parameters against the index defaults. Unknown parameters are refused as on
 * Algolia ("Unknown parameter: foo"); analytics-like ones are accepted and ignored.
 */
export function parseSearchParams(raw: RawParams, defaults: IndexSettings): SearchParams {
  for (const name of Object.keys(raw)) {
    if (raw[name] === undefined) continue;
    if (!IMPLEMENTED.has(name) && !ACCEPTED_IGNORED.has(name)) throw badRequest(`Unknown parameter: ${name}`);
  }
  const has = (name: string): boolean => raw[name] !== undefined && raw[name] !== null;

  let distinct = defaults.distinct;
  if (has('distinct')) {
    const v = raw.distinct;
    distinct =
      typeof v === 'boolean' || v === 'true' || v === 'false' ? (toBoolean('distinct', v) ? 1 : 0) : toInteger('distinct', v, 0, 4);
  }

  let typoTolerance: TypoTolerance = defaults.typoTolerance;
  if (has('typoTolerance')) {
    const v = raw.typoTolerance;
    typoTolerance = v === 'min' || v === 'strict' ? v : toBoolean('typoTolerance', v);
  }

  return {
    query: has('query') ? toStringParam('query', raw.query) : '',
    hitsPerPage: has('hitsPerPage') ? toInteger('hitsPerPage', raw.hitsPerPage, 0, MAX_HITS_PER_PAGE) : defaults.hitsPerPage,
    page: has('page') ? toInteger('page', raw.page, 0, Number.MAX_SAFE_INTEGER) : 0,
    offset: has('offset') ? toInteger('offset', raw.offset, 0, Number.MAX_SAFE_INTEGER) : null,
    length: has('length') ? toInteger('length', raw.length, 0, MAX_HITS_PER_PAGE) : null,
    filters: has('filters') ? toStringParam('filters', raw.filters) : '',
    facetFilters: raw.facetFilters ?? undefined,
    numericFilters: raw.numericFilters ?? undefined,
    tagFilters: raw.tagFilters ?? undefined,
    distinct,
    attributesToRetrieve: has('attributesToRetrieve')
      ? toList('attributesToRetrieve', raw.attributesToRetrieve)
      : defaults.attributesToRetrieve,
    attributesToHighlight: has('attributesToHighlight')
      ? toList('attributesToHighlight', raw.attributesToHighlight)
      : defaults.attributesToHighlight,
    highlightPreTag: has('highlightPreTag') ? toStringParam('highlightPreTag', raw.highlightPreTag) : defaults.highlightPreTag,
    highlightPostTag: has('highlightPostTag') ? toStringParam('highlightPostTag', raw.highlightPostTag) : defaults.highlightPostTag,
    restrictSearchableAttributes: has('restrictSearchableAttributes')
      ? toList('restrictSearchableAttributes', raw.restrictSearchableAttributes)
      : null,
    facets: has('facets') ? toList('facets', raw.facets) : [],
    maxValuesPerFacet: has('maxValuesPerFacet')
      ? toInteger('maxValuesPerFacet', raw.maxValuesPerFacet, 0, 1000)
      : defaults.maxValuesPerFacet,
    typoTolerance,
    queryType: has('queryType')
      ? toEnum('queryType', raw.queryType, ['prefixLast', 'prefixAll', 'prefixNone'] as const)
      : defaults.queryType,
    exactOnSingleWordQuery: has('exactOnSingleWordQuery')
      ? toEnum('exactOnSingleWordQuery', raw.exactOnSingleWordQuery, ['attribute', 'word', 'none'] as const)
      : defaults.exactOnSingleWordQuery,
    minWordSizefor1Typo: has('minWordSizefor1Typo')
      ? toInteger('minWordSizefor1Typo', raw.minWordSizefor1Typo, 0, 100)
      : defaults.minWordSizefor1Typo,
    minWordSizefor2Typos: has('minWordSizefor2Typos')
      ? toInteger('minWordSizefor2Typos', raw.minWordSizefor2Typos, 0, 100)
      : defaults.minWordSizefor2Typos,
    getRankingInfo: has('getRankingInfo') ? toBoolean('getRankingInfo', raw.getRankingInfo) : false,
    clickAnalytics: has('clickAnalytics') ? toBoolean('clickAnalytics', raw.clickAnalytics) : false,
  };
}
