import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { tag } from '../cache/tags.server';
import { PLAYERS_ON_PAGE } from '../features/search/players';
import { SearchResults } from '../features/search/SearchResults';
import { settle } from '../data/loaded';
import { cleanQuery, parseSort, type SearchRequest } from '../schemas/search-request';
import { shorten } from '../lib/format/shorten';
import { parsePage, siteHostname } from '../render/site';
import { createSearchClient } from '../upstream/algolia.server';

/** Algolia serves at most 1000 hits: 100 pages of 10. */
const MAX_PAGE = 100;

export async function searchRoute(c: Context<AppEnv>) {
  const request: SearchRequest = {
    query: cleanQuery(c.req.query('query')),
    tag: cleanQuery(c.req.query('post_tags')),
    category: cleanQuery(c.req.query('categories')),
    sort: parseSort(c.req.query('sort')),
    page: Math.min(parsePage(c.req.query('page')), MAX_PAGE),
  };
  const hostname = siteHostname(c);
  // A search page opened without a word or a filter offers the tags to browse.
  const browsing = !request.query && !request.tag && !request.category && request.page === 1;
  // Players who match the words, on the first page of a plain search (a tag or a category narrows
  // the articles, which players are not).
  const players = request.query && request.page === 1 && !request.tag && !request.category ? PLAYERS_ON_PAGE : 0;
  const [shell, result, tags] = await Promise.all([
    c.get('shell'),
    settle(createSearchClient(c.get('config')).search(request, hostname, { players }), 'search'),
    browsing ? settle(c.get('content').tags(), 'tags') : null,
  ]);
  const found = result.status === 'success' ? result.data : null;
  const subject = shorten(request.query || request.tag || request.category);
  return c.render(<SearchResults request={request} result={found?.posts ?? null} players={found?.players ?? []} categories={shell.categories} tags={tags?.status === 'success' ? tags.data : []} />, {
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
    // Players asked for but unreadable: the page shows the articles, and is not kept without them.
    ...(found?.players === null ? { cache: 'never' as const } : {}),
  });
}
