import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { cacheControl } from './cache-control';

// One public origin. The worker is reachable under other names (its workers.dev address, a
// forgotten alias, a Host header anyone can send): a page rendered for one of them would write
// that name into its canonical link, Open Graph and JSON-LD, and its cached copy would serve it to
// every visitor. So a page is only ever rendered, and cached, for PUBLIC_ORIGIN: readers are sent
// there, other methods are refused.

export const publicOrigin = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const target = c.get('config').PUBLIC_ORIGIN;
  const url = new URL(c.req.url);
  if (url.origin === target) return next();
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    return c.redirect(`${target}${url.pathname}${url.search}`, 301);
  }
  return c.json(
    { error: 'misdirected_request', message: `Ce site répond à l’adresse ${target} : envoyez la requête à cette adresse.` },
    421,
    { 'cache-control': cacheControl.never },
  );
};
