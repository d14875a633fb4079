// The search vocabulary shared by the /recherche page and the live panel (client-safe: no server
// imports). SPEC §7 and §9: indexes by host, type:post, distinct, 10 a page, three sorts.

export const HITS_PER_PAGE = 10;
export const LATEST_IN_PANEL = 3;
export const STORIES_IN_PANEL = 5;
/** Algolia refuses queries over 512 UTF-8 bytes; longer input is cut, never an error. */
export const MAX_QUERY_BYTES = 512;

export const SORTS = [
  { value: 'pertinence', label: 'Pertinence', suffix: '' },
  { value: 'recent', label: 'Le plus récent', suffix: '_date_desc' },
  { value: 'ancien', label: 'Le plus ancien', suffix: '_date_asc' },
] as const;
export type Sort = (typeof SORTS)[number]['value'];

/**
 * The order a search page has when the reader chose none. SPEC §9 makes « Le plus récent » the
 * default, and it is the listing's: a tag or a category browsed without words. Words typed are
 * ordered by relevance (« Pertinence »), on /recherche as in the live panel, so that the page
 * behind « Voir les résultats » lists what the panel showed, in the same order.
 */
export function defaultSort(r: { query: string }): Sort {
  return r.query ? 'pertinence' : 'recent';
}

const INDEX_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** SPEC §5: an index name is 1 to 64 letters, digits, underscores or hyphens. */
export function assertIndexName(name: string): string {
  if (!INDEX_NAME.test(name)) throw new Error(`Nom d’index de recherche invalide\u202f: ${JSON.stringify(name)}`);
  return name;
}

/** SPEC §7: the press hosts (presse.…) read the production indexes, every other host the _pp ones. */
export function isPressHost(hostname: string): boolean {
  return hostname.split('.')[0] === 'presse';
}

export function newsroomIndex(hostname: string, sort: Sort = 'pertinence'): string {
  const base = isPressHost(hostname) ? 'newsroom' : 'newsroom_pp';
  return assertIndexName(base + (SORTS.find((s) => s.value === sort)?.suffix ?? ''));
}

export function playersIndex(hostname: string): string {
  return assertIndexName(isPressHost(hostname) ? 'joueurs' : 'joueurs_pp');
}

/** The sort asked for, or the default of a request with these words (defaultSort). */
export function parseSort(raw: string | undefined | null, r: { query: string }): Sort {
  return SORTS.some((s) => s.value === raw) ? (raw as Sort) : defaultSort(r);
}

/** Control characters out, whitespace folded, cut to Algolia's limit on a character boundary. */
export function cleanQuery(raw: string | undefined | null): string {
  let text = (raw ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= MAX_QUERY_BYTES) return text;
  let bytes = 0;
  let cut = 0;
  for (const ch of text) {
    bytes += encoder.encode(ch).length;
    if (bytes > MAX_QUERY_BYTES) break;
    cut += ch.length;
  }
  text = text.slice(0, cut).trim();
  return text;
}

/** A facet value inside an Algolia filter: quoted, with quotes and backslashes escaped. */
export function facetFilter(attribute: 'post_tag' | 'categories' | 'type', value: string): string {
  return `${attribute}:"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export type SearchRequest = { query: string; tag: string; category: string; sort: Sort; page: number };

/** Filters for a request: posts only, and the tag or category the reader came from. */
export function filtersFor(r: Pick<SearchRequest, 'tag' | 'category'>): string {
  return [facetFilter('type', 'post'), r.tag && facetFilter('post_tag', r.tag), r.category && facetFilter('categories', r.category)]
    .filter(Boolean)
    .join(' AND ');
}

/** Highlight markers that cannot occur in text, so the highlighted value never needs parsing as HTML. */
export const HIGHLIGHT_PRE = '\u2063[[';
export const HIGHLIGHT_POST = ']]\u2063';
