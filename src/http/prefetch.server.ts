import type { MiddlewareHandler } from 'hono';
import { cacheControl } from './cache-control';

// Pages fetched ahead (client/prefetch.ts, `<link rel="prefetch">`, which Chromium sends with
// `Sec-Purpose: prefetch`) stay on the site: an article or page that lives elsewhere (its
// `redirection` to ffr.fr) answers a prefetch with 204, so the other site is fetched only if the
// reader does click. Any other request goes straight through.
export const prefetchStaysOnSite = (): MiddlewareHandler => async (c, next) => {
  if (!c.req.header('sec-purpose')?.startsWith('prefetch')) return next();
  await next();
  const location = c.res.headers.get('location');
  if (c.res.status >= 300 && c.res.status < 400 && location && new URL(location, c.req.url).origin !== new URL(c.req.url).origin) {
    // Hono copies the old response's headers onto a new one (its Location among them): clear it first.
    c.res = undefined;
    c.res = new Response(null, { status: 204, headers: { 'cache-control': cacheControl.never } });
  }
};
