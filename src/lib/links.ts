import type { MenuItem } from '../schemas/menu';
import { safeSrc } from './html/urls';

// WordPress sends links as absolute URLs of its own host or as site paths; the site only ever
// links to its own paths, except for items WordPress marks as external.

export function toSitePath(link: string): string {
  // Browsers ignore tabs, newlines and leading controls in URLs ("java\tscript:"): so do we.
  const clean = link.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (!clean) return '/';
  // "//host/…" is another site, and "/\host" too for browsers: only a real path passes as is.
  if (clean.startsWith('/') && !/^\/[/\\]/.test(clean)) return link.trim();
  try {
    const u = new URL(clean);
    // Any other scheme (javascript:, data:, vbscript:…) is never a page of this site.
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return '/';
    // The path of « https://host//evil.example/x » is « //evil.example/x »: another host if used as is.
    return `/${u.pathname.replace(/^[/\\]+/, '')}${u.search}${u.hash}`;
  } catch {
    return `/${clean.replace(/^[/\\]+/, '')}`;
  }
}

/** A link to another site: kept only as an absolute http(s) address, anything else (javascript:…) leads nowhere. */
export function externalHref(url: string): string {
  return safeSrc(url) !== null && /^https?:/i.test(url.trim()) ? url.trim() : '#';
}

export type NavLink = { id: number; label: string; href: string; external: boolean; children: NavLink[] };

/** Menu item types (SPEC §3) to links; items with class `bouton` are not menu entries. */
export function toNavLinks(items: MenuItem[]): NavLink[] {
  return [...items]
    .filter((item) => !item.classes.includes('bouton'))
    .sort((a, b) => a.order - b.order)
    .map((item) => {
      const external = item.type === 'external' || item.target === '_blank';
      let href: string;
      if (item.type === 'external') href = externalHref(item.url);
      else if (item.type === 'taxonomy') href = `/${(item.slug_complet || `categories/${item.object_slug}`).replace(/^\/+/, '')}`;
      else if (item.type === 'clickable' && !item.url) href = '#';
      else href = item.url ? (external ? externalHref(item.url) : toSitePath(item.url)) : `/${item.slug_complet.replace(/^\/+/, '')}`;
      return { id: item.id, label: item.label, href, external, children: toNavLinks(item.items) };
    });
}

export const searchHref = (params: Record<string, string>) => `/recherche?${new URLSearchParams(params)}`;

/** SPEC §9: a sub-menu of more than 7 items is split into columns, 6 in the first, then 7 each. */
export function menuColumns<T>(items: T[]): T[][] {
  if (items.length <= 7) return [items];
  const columns = [items.slice(0, 6)];
  for (let i = 6; i < items.length; i += 7) columns.push(items.slice(i, i + 7));
  return columns;
}

/** Campaign and click identifiers: they change nothing on a page, so they are no part of its address. */
export const TRACKING_PARAM = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid)$/;

/** The page's own address, path and query, without tracking parameters. */
export function pageAddress(url: URL): string {
  const params = [...url.searchParams].filter(([k]) => !TRACKING_PARAM.test(k));
  return `${url.pathname}${params.length ? `?${new URLSearchParams(params)}` : ''}`;
}
