import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { tag } from '../../cache/tags.server';
import { correctedQuery, type CorrectionHit } from './correction';
import { PLAYERS_ON_PAGE } from './players';
import { SearchResults } from './SearchResults';
import { settle } from '../../data/loaded';
import type { PlayerHit, SearchResult } from '../../schemas/search-hit';
import { cleanQuery, parseSort, type SearchRequest } from '../../schemas/search-request';
import { shorten } from '../../lib/format/shorten';
import { parsePage, siteHostname } from '../../render/site';

/** Algolia serves at most 1000 hits: 100 pages of 10. */
const MAX_PAGE = 100;

type Found = { posts: SearchResult; players: PlayerHit[] | null };

/** What « Vouliez-vous dire » reads of an answer: each hit's typo count and highlighted values. */
function correctionHits({ posts, players }: Found): CorrectionHit[] {
  return [
    ...posts.hits.map((hit) => ({
      nbTypos: hit._rankingInfo?.nbTypos ?? null,
      highlighted: [hit._highlightResult.title, ...(hit._highlightResult.post_tag ?? []), ...(hit._highlightResult.categories ?? [])].map(
        (h) => h.value,
      ),
    })),
    ...(players ?? []).map((player) => ({
      nbTypos: player._rankingInfo?.nbTypos ?? null,
      highlighted: [player._highlightResult.name.value],
    })),
  ];
}

/** The search of /recherche's address (?query, post_tags, categories, sort, page). */
export function searchRequest(param: (name: string) => string | undefined): SearchRequest {
  const query = cleanQuery(param('query'));
  return {
    query,
    tag: cleanQuery(param('post_tags')),
    category: cleanQuery(param('categories')),
    // Relevance for words typed, the most recent for a listing (search-request.ts defaultSort).
    sort: parseSort(param('sort'), { query }),
    page: Math.min(parsePage(param('page')), MAX_PAGE),
  };
}

export async function searchPage(c: Context<AppEnv>, request: SearchRequest) {
  const hostname = siteHostname(c);
  // A search page opened without a word or a filter offers the tags to browse.
  const browsing = !request.query && !request.tag && !request.category && request.page === 1;
  // Players who match the words, on the first page of a plain search (a tag or a category narrows
  // the articles, which players are not).
  const players = request.query && request.page === 1 && !request.tag && !request.category ? PLAYERS_ON_PAGE : 0;
  const client = c.get('search');
  const [shell, result, tags] = await Promise.all([
    c.get('shell'),
    settle(client.search(request, hostname, { players }), 'search'),
    browsing ? settle(c.get('content').tags(), 'tags') : null,
  ]);
  const found = result.status === 'success' ? result.data : null;
  // « Vouliez-vous dire … ? »: when Algolia found the hits only by correcting the words, from the
  // same answer; when it found nothing at all, from one more query tolerating more typos (in
  // relevance order: the fewest typos first), so a correction that would find something is offered.
  let correction = found && request.query ? correctedQuery(request.query, correctionHits(found)) : null;
  let widerFailed = false;
  if (found && request.query && !correction && found.posts.nbHits === 0 && !found.players?.length) {
    const wider = await settle(
      client.search({ ...request, sort: 'pertinence', page: 1 }, hostname, { players, widerTypos: true }),
      'search (typos)',
    );
    if (wider.status === 'success') correction = correctedQuery(request.query, correctionHits(wider.data));
    else widerFailed = true;
  }
  const subject = shorten(request.query || request.tag || request.category);
  return c.render(
    <SearchResults
      request={request}
      result={found?.posts ?? null}
      players={found?.players ?? []}
      correction={correction}
      categories={shell.categories}
      tags={tags?.status === 'success' ? tags.data : []}
    />,
    {
      head: {
        title: subject ? `Recherche\u00a0: ${subject}` : 'Rechercher',
        description: subject
          ? `Les contenus de la salle de presse de la Fédération française de rugby pour «\u00a0${subject}\u00a0».`
          : 'Rechercher dans les contenus de la salle de presse de la Fédération française de rugby.',
        // Results pages stay out of the index (endless variants of the same contents).
        noindex: true,
      },
      tracking: { page_type: 'recherche', page_category: request.category, articleThematic: request.tag },
      status: result.status === 'success' ? 200 : 503,
      // Algolia's results follow the post lists; kept where asked, as a search page has endless variants.
      tags: [tag.lists],
      variant: true,
      // Players asked for but unreadable, or the correction's query failing: the page shows the
      // articles, and is not kept without the rest.
      ...(found?.players === null || widerFailed ? { cache: 'never' as const } : {}),
    },
  );
}
