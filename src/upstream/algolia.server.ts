import { searchClient, type SearchForHits } from '@algolia/client-search';
import { createFetchRequester } from '@algolia/requester-fetch';
import type { Config } from '../config/env.server';
import { recordUpstream } from '../observability/log.server';
import {
  ObjectsResultSchema,
  PLAYER_ATTRIBUTES,
  PlayersResultSchema,
  SearchResultSchema,
  type PlayerHit,
  type SearchHit,
  type SearchResult,
} from '../schemas/search-hit';
import {
  filtersFor,
  HIGHLIGHT_POST,
  HIGHLIGHT_PRE,
  HITS_PER_PAGE,
  newsroomIndex,
  playersIndex,
  type SearchRequest,
} from '../schemas/search-request';
import { UpstreamError } from './http.server';
import { log } from '../observability/log.server';

// Algolia's search protocol through its own search client (the browser keeps the lite one). The
// fetch requester is given explicitly so that no build of the client reaches for XMLHttpRequest.

export function algoliaHosts(host: string | undefined) {
  if (!host) return undefined; // Algolia's own hosts
  const url = new URL(host);
  const protocol = url.protocol === 'https:' ? ('https' as const) : ('http' as const);
  return [{ url: url.hostname, port: url.port ? Number(url.port) : undefined, protocol, accept: 'readWrite' as const }];
}

/**
 * A search that found nothing, asked again with more typos tolerated, to learn what a correction
 * would find: one typo from 3 letters and two from 5, where Algolia's defaults are 4 and 8. Both are
 * search parameters (algolia.com/doc/api-reference/api-parameters/minWordSizefor1Typo, …/minWordSizefor2Typos);
 * Algolia never goes past two typos a word, three with the first letter wrong.
 */
const WIDER_TYPOS = { minWordSizefor1Typo: 3, minWordSizefor2Typos: 5 } as const;
/**
 * Hits read from that query: with as many typos, several words may be as near to what was typed
 * (« ekipe »: « équipe », « élite »); the one the most hits matched is the likelier correction, so
 * it is counted over a hundred hits rather than a page.
 */
const WIDER_TYPOS_HITS = 100;

type Requester = ReturnType<typeof createFetchRequester>;

/** Algolia's requester, each call in the request's log line like every upstream call (its deadline: `timeouts` below). */
function logged(requester: Requester): Requester {
  return {
    ...requester,
    async send(request) {
      const started = Date.now();
      const answer = await requester.send(request);
      const { host, pathname } = new URL(request.url);
      const outcome = answer.isTimedOut ? 'timeout' : answer.status === 0 ? 'network' : answer.status < 400 ? 'ok' : 'status';
      recordUpstream({ host, path: pathname, method: request.method, status: answer.status || null, ms: Date.now() - started, outcome });
      return answer;
    },
  };
}

export function createSearchClient(config: Config) {
  const client = searchClient(config.ALGOLIA_APP_ID, config.ALGOLIA_SEARCH_KEY, {
    hosts: algoliaHosts(config.ALGOLIA_HOST),
    requester: logged(createFetchRequester()),
    timeouts: { connect: config.UPSTREAM_TIMEOUT_MS, read: config.UPSTREAM_TIMEOUT_MS, write: config.UPSTREAM_TIMEOUT_MS },
  });

  return {
    /**
     * One page of post hits for the /recherche page and, when `players` is more than 0, that many
     * players matching the same words. `players` is null when they were asked for but their part of
     * the answer could not be read (the posts still show).
     *
     * Every hit comes with its typo count (getRankingInfo) and the words it matched highlighted in
     * the title, tags and categories: what « Vouliez-vous dire … ? » is read from
     * (features/search/correction.ts). `widerTypos` asks the same with more typos tolerated, for a
     * search that found nothing: see WIDER_TYPOS.
     */
    async search(
      request: SearchRequest,
      hostname: string,
      options: { players?: number; widerTypos?: boolean } = {},
    ): Promise<{ posts: SearchResult; players: PlayerHit[] | null }> {
      const indexName = newsroomIndex(hostname, request.sort);
      const players = options.players ?? 0;
      const typos = options.widerTypos ? WIDER_TYPOS : {};
      const requests: SearchForHits[] = [
        {
          indexName,
          query: request.query,
          filters: filtersFor(request),
          distinct: true,
          hitsPerPage: options.widerTypos ? WIDER_TYPOS_HITS : HITS_PER_PAGE,
          page: options.widerTypos ? 0 : request.page - 1,
          highlightPreTag: HIGHLIGHT_PRE,
          highlightPostTag: HIGHLIGHT_POST,
          attributesToHighlight: ['title', 'post_tag', 'categories'],
          attributesToRetrieve: ['objectID', 'type', 'title', 'url_relative', 'post_tag', 'image_thumbnail', 'date', 'date_timestamp'],
          getRankingInfo: true,
          ...typos,
        },
      ];
      if (players > 0) {
        requests.push({
          indexName: playersIndex(hostname),
          query: request.query,
          hitsPerPage: players,
          highlightPreTag: HIGHLIGHT_PRE,
          highlightPostTag: HIGHLIGHT_POST,
          attributesToHighlight: ['name'],
          attributesToRetrieve: PLAYER_ATTRIBUTES,
          getRankingInfo: true,
          ...typos,
        });
      }
      const source = `algolia:${requests.map((r) => r.indexName).join('+')}`;
      let results: unknown[];
      try {
        // Both indexes in one multi-query request, POST /1/indexes/*/queries, as Algolia's clients
        // batch them; the results come back in the order of the requests (search() in
        // algolia/api-clients-automation clients/algoliasearch-client-javascript/packages/client-search/src/searchClient.ts).
        ({ results } = await client.search({ requests }));
      } catch (error) {
        const status = (error as { status?: number }).status;
        throw new UpstreamError(status ? 'status' : 'network', source, status);
      }
      const posts = SearchResultSchema.safeParse(results[0]);
      if (!posts.success) throw new UpstreamError('malformed', `algolia:${indexName}`);
      if (players === 0) return { posts: posts.data, players: [] };
      const found = PlayersResultSchema.safeParse(results[1]);
      if (!found.success) log.warn('search.players_malformed', { index: playersIndex(hostname) });
      return { posts: posts.data, players: found.success ? found.data.hits.slice(0, players) : null };
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
