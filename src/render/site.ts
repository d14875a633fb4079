import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Settings } from '../schemas/settings';
import type { PublisherRef } from '../feeds/json-ld';

/** The public origin of this request (no trailing slash): canonical URLs and feeds use it. */
export const siteOrigin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

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
