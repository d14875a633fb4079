import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { settle } from '../../data/loaded';
import { loadEvents } from '../events/events.server';
import { renderRss } from './rss';
import { menuPages, renderNewsSitemap, renderRobots, renderSitemap, renderSitemapIndex, type SitemapUrl } from './sitemap';
import { parseWpDate } from '../../lib/format/date';
import { toNavLinks, toSitePath } from '../../lib/links';
import { siteOrigin } from '../../render/site';
import type { PostPage } from '../../schemas/post';
import { DEFAULT_SETTINGS } from '../../schemas/settings';
import { storyPath } from '../../schemas/story';
import { featuredStories } from '../shell/shell.server';
import { cacheControl } from '../../http/cache-control';

// For machines: RSS, sitemaps and robots.txt, from the same cached content as the pages. A null
// answer is « no such feed »: the route answers with the 404 page (routes/feeds.ts).

const RSS_ITEMS = 30;
const SITEMAP_PAGE_SIZE = 100; // WordPress's per_page maximum: one upstream call per sitemap file
const NEWS_CANDIDATES = 100;
/** Google reads at most 50 000 URLs a sitemap index; 500 files of 100 posts is far beyond the archive. */
const MAX_SITEMAP_FILES = 500;

const xml = (body: string, type = 'application/xml') =>
  new Response(body, { headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': cacheControl.fiveMinutes } });
const unavailable = (c: Context<AppEnv>) =>
  c.text('Flux momentanément indisponible. Réessayez dans quelques instants.', 503, { 'retry-after': '60' });

export async function rss(c: Context<AppEnv>) {
  const content = c.get('content');
  const [settings, posts] = await Promise.all([settle(content.settings(), 'settings'), settle(content.posts(1, RSS_ITEMS), 'posts')]);
  if (posts.status !== 'success') return unavailable(c);
  const s = settings.status === 'success' ? settings.data : DEFAULT_SETTINGS;
  const origin = siteOrigin(c);
  return xml(
    renderRss({
      title: s.title,
      description: s.description || 'La salle de presse de la Fédération française de rugby',
      siteUrl: origin,
      feedUrl: `${origin}/rss.xml`,
      items: posts.data.posts,
      lastBuildDate: parseWpDate(posts.data.posts[0]?.date ?? '') ?? c.get('clock').now(),
    }),
    'application/rss+xml',
  );
}

export async function categoryRss(c: Context<AppEnv>, slug: string): Promise<Response | null> {
  const content = c.get('content');
  const [settings, categories] = await Promise.all([settle(content.settings(), 'settings'), settle(content.categories(), 'categories')]);
  if (categories.status !== 'success') return unavailable(c);
  const category = categories.data.find((x) => x.slug === slug && x.parent === 0);
  if (!category) return null;
  const posts = await settle(content.postsOfCategory(category.id, 1, RSS_ITEMS), 'posts');
  if (posts.status !== 'success') return unavailable(c);
  const s = settings.status === 'success' ? settings.data : DEFAULT_SETTINGS;
  const origin = siteOrigin(c);
  return xml(
    renderRss({
      title: `${category.name} — ${s.title}`,
      description: category.description || `Les actualités « ${category.name} » de la Fédération française de rugby`,
      siteUrl: origin,
      feedUrl: `${origin}/categories/${category.slug}/rss.xml`,
      items: posts.data.posts,
      lastBuildDate: parseWpDate(posts.data.posts[0]?.date ?? '') ?? c.get('clock').now(),
    }),
    'application/rss+xml',
  );
}

/** /sitemap.xml is an index: the site's pages, then the posts 100 by 100. */
export async function sitemapIndex(c: Context<AppEnv>) {
  const posts = await settle(c.get('content').posts(1, SITEMAP_PAGE_SIZE), 'posts');
  if (posts.status !== 'success') return unavailable(c);
  const origin = siteOrigin(c);
  const files = [{ loc: `${origin}/sitemap-pages.xml` }];
  const pages = posts.data.totalPages ?? (await countPostPages(c, posts.data));
  for (let n = 1; n <= pages; n++) files.push({ loc: `${origin}/sitemap-posts-${n}.xml` });
  return xml(renderSitemapIndex(files));
}

/** Without WordPress's totals: read on, page after page, until a short one. */
async function countPostPages(c: Context<AppEnv>, first: PostPage): Promise<number> {
  let page = first;
  while (page.hasNext && page.page < MAX_SITEMAP_FILES) {
    const next = await settle(c.get('content').posts(page.page + 1, SITEMAP_PAGE_SIZE), 'posts');
    if (next.status !== 'success' || next.data.posts.length === 0) break;
    page = next.data;
  }
  return page.page;
}

export async function sitemapPages(c: Context<AppEnv>) {
  const content = c.get('content');
  const [categories, events, menus, settings] = await Promise.all([
    settle(content.categories(), 'categories'),
    settle(loadEvents(content, c.get('clock').now()), 'events'),
    settle(content.menus(), 'menus'),
    settle(content.settings(), 'settings'),
  ]);
  if (categories.status !== 'success') return unavailable(c);
  const origin = siteOrigin(c);
  const bySlug = new Map(categories.data.map((x) => [x.id, x]));
  const urls: SitemapUrl[] = [
    { loc: `${origin}/`, changefreq: 'hourly', priority: 1 },
    { loc: `${origin}/evenements`, changefreq: 'daily' },
    { loc: `${origin}/contact` },
    { loc: `${origin}/mentions-legales` },
    ...categories.data.map((x): SitemapUrl => {
      const parent = x.parent ? bySlug.get(x.parent) : undefined;
      return { loc: `${origin}/categories/${parent ? `${parent.slug}/` : ''}${x.slug}`, changefreq: 'daily' };
    }),
    ...(events.status === 'success' ? events.data.map((e): SitemapUrl => ({ loc: `${origin}/evenements/${e.slug}` })) : []),
    ...(menus.status === 'success'
      ? menuPages(toNavLinks([...menus.data.topBar, ...menus.data.footer])).map((path): SitemapUrl => ({ loc: `${origin}${path}` }))
      : []),
    // The stories the search panel features (SPEC §7), each a page of this site.
    ...(settings.status === 'success'
      ? featuredStories(settings.data).map((story): SitemapUrl => ({ loc: `${origin}${storyPath(story.id)}` }))
      : []),
  ];
  // A page linked from two menus is listed once.
  const seen = new Set<string>();
  return xml(renderSitemap(urls.filter((u) => !seen.has(u.loc) && seen.add(u.loc))));
}

/** sitemap-posts-{n}.xml */
export async function sitemapPosts(c: Context<AppEnv>, n: number): Promise<Response | null> {
  if (!Number.isInteger(n) || n < 1) return null;
  const posts = await settle(c.get('content').posts(n, SITEMAP_PAGE_SIZE), 'posts');
  if (posts.status === 'not-found' || (posts.status === 'success' && posts.data.posts.length === 0)) return null;
  if (posts.status !== 'success') return n > 1 ? null : unavailable(c);
  const origin = siteOrigin(c);
  return xml(
    renderSitemap(posts.data.posts.map((p) => ({ loc: `${origin}${toSitePath(p.link)}`, lastmod: parseWpDate(p.date) ?? undefined }))),
  );
}

export async function newsSitemap(c: Context<AppEnv>) {
  const posts = await settle(c.get('content').posts(1, NEWS_CANDIDATES), 'posts');
  if (posts.status !== 'success') return unavailable(c);
  return xml(
    renderNewsSitemap({
      siteUrl: siteOrigin(c),
      publicationName: 'FFR Presse',
      language: 'fr',
      items: posts.data.posts,
      now: c.get('clock').now(),
    }),
  );
}

export function robots(c: Context<AppEnv>) {
  const body = renderRobots({
    siteUrl: siteOrigin(c),
    // Staging: nothing to crawl (security/headers.server.ts says noindex on every answer too).
    disallow:
      c.var.config.ENVIRONMENT === 'staging' ? ['/'] : ['/api/', '/categories/preview/', '/embargo/', '/espace-presse', '/tableau-de-bord'],
  });
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': cacheControl.anHour } });
}
