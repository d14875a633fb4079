import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Settings } from '../schemas/settings';
import type { PublisherRef } from '../feeds/json-ld';

/**
 * The site's public origin (no trailing slash), from the configuration, never from the request's
 * Host: canonical URLs, feeds, JSON-LD and cached pages name only this address.
 */
export const siteOrigin = (c: Context<AppEnv>) => c.var.config.PUBLIC_ORIGIN;

/** The public host name: the host-dependent choices (search index, placeholder image) follow it. */
export const siteHostname = (c: Context<AppEnv>) => new URL(c.var.config.PUBLIC_ORIGIN).hostname;

export const canonical = (c: Context<AppEnv>, path = c.req.path) => `${siteOrigin(c)}${path}`;

export const publisher = (settings: Settings, origin: string): PublisherRef => ({
  name: 'Fédération française de rugby',
  url: origin,
  logo: settings.logo,
});

/** « Titre — FFR Presse », unless WordPress's meta title already names the site. */
export const pageTitle = (title: string, settings: Settings) =>
  !title ? settings.title : title.includes(settings.title) ? title : `${title} — ${settings.title}`;

/** SPEC §9 / §2: ?page below 1 or not a number is the first page. */
export function parsePage(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
