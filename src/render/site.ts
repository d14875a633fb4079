import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Settings } from '../schemas/settings';
import { frenchSpaces } from '../lib/format/typography';

/**
 * The site's public origin (no trailing slash), from the configuration, never from the request's
 * Host: canonical URLs, feeds, JSON-LD and cached pages name only this address.
 */
export const siteOrigin = (c: Context<AppEnv>) => c.get('config').PUBLIC_ORIGIN;

/** The public host name: the host-dependent choices (search index, placeholder image) follow it. */
export const siteHostname = (c: Context<AppEnv>) => new URL(c.get('config').PUBLIC_ORIGIN).hostname;

export const canonical = (c: Context<AppEnv>, path = c.req.path) => `${siteOrigin(c)}${path}`;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * « Titre — FFR Presse »: one separator on every page. WordPress's meta titles often carry the site
 * name already, after or before a separator of their own (« Titre | FFR Presse », « FFR Presse –
 * Titre »): it is taken off and put back the site's way.
 */
export function pageTitle(title: string, settings: Settings, { siteFirst = false } = {}): string {
  const site = settings.title;
  if (!site) return title;
  const name = escapeRegExp(site);
  const bare = title
    .trim()
    .replace(new RegExp(`\\s*[|–—-]\\s*${name}$`), '')
    .replace(new RegExp(`^${name}\\s*[|–—-]\\s*`), '')
    .trim();
  if (!bare || bare === site) return site;
  // Tabs, bookmarks and search results show it as text: French spaces too.
  return frenchSpaces(siteFirst ? `${site} — ${bare}` : `${bare} — ${site}`);
}

/** SPEC §9 / §2: ?page below 1 or not a number is the first page. */
export function parsePage(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
