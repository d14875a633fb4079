// XML sitemaps (sitemaps.org protocol and the Google News extension) and robots.txt.

import type { NavLink } from '../../lib/links';
import type { PostCard } from '../../schemas/post';
import { isoWithParisOffset, readWpDate } from '../../lib/format/time';
import { cardPath, siteBase, sitePageUrl } from '../../lib/site-url';
import { xmlElement } from './xml';

/** sitemaps.org: at most 50 000 URLs per file; beyond that, split and list the files in an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Google News: at most 1 000 articles, published in the last 48 hours. */
export const NEWS_SITEMAP_MAX_URLS = 1_000;
export const NEWS_WINDOW_MS = 48 * 60 * 60 * 1000;

export type ChangeFreq = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
export type SitemapUrl = { loc: string; lastmod?: Date; changefreq?: ChangeFreq; priority?: number };

const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const validDate = (d: Date | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

function renderUrl(u: SitemapUrl): string {
  const parts = [xmlElement('loc', u.loc)];
  if (validDate(u.lastmod)) parts.push(xmlElement('lastmod', isoWithParisOffset(u.lastmod)));
  if (u.changefreq) parts.push(xmlElement('changefreq', u.changefreq));
  if (u.priority !== undefined && Number.isFinite(u.priority)) {
    parts.push(xmlElement('priority', Math.min(1, Math.max(0, u.priority)).toFixed(1)));
  }
  return `<url>${parts.join('')}</url>`;
}

/** A `<urlset>` sitemap. Throws past 50 000 URLs: crawlers would ignore the whole file. */
export function renderSitemap(urls: SitemapUrl[]): string {
  if (urls.length > SITEMAP_MAX_URLS) {
    throw new RangeError(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs (got ${urls.length}); split it and use renderSitemapIndex.`);
  }
  return [XML_DECL, `<urlset xmlns="${SITEMAP_NS}">`, ...urls.map(renderUrl), '</urlset>', ''].join('\n');
}

/** A `<sitemapindex>` listing sitemap files, for when one file is not enough. */
export function renderSitemapIndex(sitemaps: Array<{ loc: string; lastmod?: Date }>): string {
  if (sitemaps.length > SITEMAP_MAX_URLS) throw new RangeError(`A sitemap index lists at most ${SITEMAP_MAX_URLS} sitemaps.`);
  const entries = sitemaps.map((s) => {
    const lastmod = validDate(s.lastmod) ? xmlElement('lastmod', isoWithParisOffset(s.lastmod)) : '';
    return `<sitemap>${xmlElement('loc', s.loc)}${lastmod}</sitemap>`;
  });
  return [XML_DECL, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...entries, '</sitemapindex>', ''].join('\n');
}

export type NewsSitemapOptions = {
  siteUrl: string;
  publicationName: string;
  language: string;
  items: PostCard[];
  now: Date;
};

/**
 * Google News sitemap: only posts published in the 48 hours before `now` (future-dated posts are
 * scheduled, not published), newest first, at most 1 000.
 */
export function renderNewsSitemap(o: NewsSitemapOptions): string {
  const now = o.now.getTime();
  const recent = o.items
    .map((card) => ({ card, published: readWpDate(card.date) }))
    .filter((x): x is { card: PostCard; published: Date } => {
      const t = x.published?.getTime();
      return t !== undefined && !Number.isNaN(t) && t <= now && now - t <= NEWS_WINDOW_MS;
    })
    .sort((a, b) => b.published.getTime() - a.published.getTime())
    .slice(0, NEWS_SITEMAP_MAX_URLS);
  const publication = `<news:publication>${xmlElement('news:name', o.publicationName)}${xmlElement('news:language', o.language)}</news:publication>`;
  const entries = recent.map(
    ({ card, published }) =>
      `<url>${xmlElement('loc', sitePageUrl(o.siteUrl, cardPath(card)))}<news:news>${publication}` +
      `${xmlElement('news:publication_date', isoWithParisOffset(published))}${xmlElement('news:title', card.title)}</news:news></url>`,
  );
  return [
    XML_DECL,
    `<urlset xmlns="${SITEMAP_NS}" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">`,
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export type RobotsOptions = { siteUrl: string; disallow: string[] };

/** robots.txt for every crawler, pointing at both sitemaps. */
export function renderRobots(o: RobotsOptions): string {
  const base = siteBase(o.siteUrl);
  // A line break inside a path would inject a directive; robots.txt has no escaping.
  const paths = [...new Set(o.disallow.map((p) => p.replace(/[\r\n]+/g, '').trim()).filter(Boolean))];
  const rules = paths.length ? paths.map((p) => `Disallow: ${p}`) : ['Disallow:'];
  return ['User-agent: *', ...rules, '', `Sitemap: ${base}/sitemap.xml`, `Sitemap: ${base}/sitemap-news.xml`, ''].join('\n');
}

/** The site's own pages that ask not to be indexed (noindex): the press space, sign-in, search results. */
const NOT_INDEXED = /^\/(espace-presse|connexion|recherche)(\/|$)/;

/**
 * The site's own pages the menus link to, sub-items included: the national teams' pages, the press
 * contacts… (WordPress pages have no list of their own here). Categories are listed from their
 * list; links to other sites, anchors, addresses with a query and pages that ask not to be indexed
 * are left out.
 */
export function menuPages(items: NavLink[]): string[] {
  return items.flatMap((item) => [
    ...(!item.external && /^\/[^?#]+$/.test(item.href) && !item.href.startsWith('/categories/') && !NOT_INDEXED.test(item.href)
      ? [item.href]
      : []),
    ...menuPages(item.children),
  ]);
}
