import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { tag } from '../cache/tags.server';
import { SearchResults } from '../components/search/SearchResults';
import { isDegraded, settle } from '../data/loaded';
import { renderPage } from '../render/render-page.server';
import { loadShell } from '../render/shell.server';
import { cleanQuery, parseSort, type SearchRequest } from '../search/params';
import { shorten } from '../lib/format/shorten';
import { pageTitle, parsePage, siteHostname } from '../render/site';
import { createSearchClient } from '../upstream/algolia.server';
import { Document } from './_renderer';

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
  const [shell, result] = await Promise.all([
    loadShell(c.var.content, c.var.config),
    settle(createSearchClient(c.var.config).posts(request, hostname), 'search'),
  ]);
  const subject = shorten(request.query || request.tag || request.category);
  return renderPage(
    c,
    <Document
      head={{
        title: pageTitle(subject ? `Recherche : ${subject}` : 'Rechercher', shell.settings),
        description: subject
          ? `Les contenus de la salle de presse de la Fédération française de rugby pour « ${subject} ».`
          : 'Rechercher dans les contenus de la salle de presse de la Fédération française de rugby.',
        // Results pages stay out of the index (endless variants of the same contents).
        noindex: true,
      }}
      shell={shell}
      page={{ path: c.req.path, tracking: { page_type: 'recherche', page_category: request.category, page_subcategory: '', articleThematic: request.tag } }}
    >
      <SearchResults request={request} result={result.status === 'success' ? result.data : null} categories={shell.categories} />
    </Document>,
    {
      status: result.status === 'success' ? 200 : 503,
      // Short-lived: a search page has endless variants, and a publish re-ranks them anyway.
      cache: { cacheable: !isDegraded(...shell.areas, result), tags: [tag.site, tag.lists], keepSeconds: 600 },
    },
  );
}
