// Absolute URLs for the feeds: readers, crawlers and calendar apps see them outside the site.

import { toSitePath } from './links';
import type { PostCard } from '../schemas/post';

/** Site origin (plus any base path) without its trailing slash. */
export function siteBase(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}

/**
 * A WordPress link (absolute URL of the WordPress host, or a site path) as an absolute URL of the
 * site: pages are always served by the site, whatever host WordPress wrote.
 */
export function sitePageUrl(siteUrl: string, link: string): string {
  return `${siteBase(siteUrl)}${toSitePath(link)}`;
}

/**
 * A media or external reference as an absolute URL: absolute URLs are kept (media live on their own host),
 * protocol-relative ones get https, paths are resolved on the site. Empty stays empty.
 */
export function absoluteUrl(siteUrl: string, src: string): string {
  const s = src.trim();
  if (!s) return '';
  if (/^https?:\/\//i.test(s)) return s;
  if (s.startsWith('//')) return `https:${s}`;
  return `${siteBase(siteUrl)}/${s.replace(/^\/+/, '')}`;
}

/** The card's site path; without a link, the article route of SPEC §2. */
export function cardPath(card: PostCard): string {
  if (card.link) return card.link;
  return card.category ? `/categories/${card.category.slug}/${card.slug}` : `/${card.slug}`;
}
