import { searchClient } from '@algolia/client-search';
import { createFetchRequester } from '@algolia/requester-fetch';
import type { Config } from '../config/env.server';
import { ObjectsResultSchema, SearchResultSchema, type SearchHit, type SearchResult } from '../schemas/search-hit';
import { filtersFor, HIGHLIGHT_POST, HIGHLIGHT_PRE, HITS_PER_PAGE, newsroomIndex, type SearchRequest } from '../schemas/search-request';
import { UpstreamError } from './http.server';

// Algolia's search protocol through its own search client (the browser keeps the lite one). The
// fetch requester is given explicitly so that no build of the client reaches for XMLHttpRequest.

export function algoliaHosts(host: string | undefined) {
  if (!host) return undefined; // Algolia's own hosts
  const url = new URL(host);
  const protocol = url.protocol === 'https:' ? ('https' as const) : ('http' as const);
  return [{ url: url.hostname, port: url.port ? Number(url.port) : undefined, protocol, accept: 'readWrite' as const }];
}

export function createSearchClient(config: Config) {
  const client = searchClient(config.ALGOLIA_APP_ID, config.ALGOLIA_SEARCH_KEY, {
    hosts: algoliaHosts(config.ALGOLIA_HOST),
    requester: createFetchRequester(),
    timeouts: { connect: config.UPSTREAM_TIMEOUT_MS, read: config.UPSTREAM_TIMEOUT_MS, write: config.UPSTREAM_TIMEOUT_MS },
  });

  return {
    /** One page of post hits for the /recherche page. */
    async posts(request: SearchRequest, hostname: string): Promise<SearchResult> {
      const indexName = newsroomIndex(hostname, request.sort);
      let raw: unknown;
      try {
        const { results } = await client.search({
          requests: [
            {
              indexName,
              query: request.query,
              filters: filtersFor(request),
              distinct: true,
              hitsPerPage: HITS_PER_PAGE,
              page: request.page - 1,
              highlightPreTag: HIGHLIGHT_PRE,
              highlightPostTag: HIGHLIGHT_POST,
              attributesToHighlight: ['title'],
              attributesToRetrieve: ['objectID', 'type', 'title', 'url_relative', 'post_tag', 'image_thumbnail', 'date', 'date_timestamp'],
            },
          ],
        });
        raw = results[0];
      } catch (error) {
        const status = (error as { status?: number }).status;
        throw new UpstreamError(status ? 'status' : 'network', `algolia:${indexName}`, status);
      }
      const parsed = SearchResultSchema.safeParse(raw);
      if (!parsed.success) throw new UpstreamError('malformed', `algolia:${indexName}`);
      return parsed.data;
    },

    /**
     * Posts by WordPress id, in the order asked (the press space's favourites and visited contents).
     * The search key may call getObjects; posts no longer indexed come back null and are left out.
     */
    async postsById(ids: number[], hostname: string): Promise<SearchHit[]> {
      if (ids.length === 0) return [];
      const indexName = newsroomIndex(hostname);
      let raw: unknown;
      try {
        // The client's own getObjects: POST /1/indexes/*/objects on the read hosts (useReadTransporter
        // in algolia/api-clients-automation clients/algoliasearch-client-javascript/packages/client-search/src/searchClient.ts).
        raw = await client.getObjects({
          requests: ids.map((id) => ({
            indexName,
            objectID: `post-${id}`,
            attributesToRetrieve: ['objectID', 'type', 'title', 'url_relative', 'post_tag', 'image_thumbnail', 'date', 'date_timestamp'],
          })),
        });
      } catch (error) {
        const status = (error as { status?: number }).status;
        throw new UpstreamError(status ? 'status' : 'network', `algolia:${indexName}:objects`, status);
      }
      const parsed = ObjectsResultSchema.safeParse(raw);
      if (!parsed.success) throw new UpstreamError('malformed', `algolia:${indexName}:objects`);
      return parsed.data.results.filter((hit): hit is SearchHit => hit !== null && hit.type === 'post');
    },
  };
}
