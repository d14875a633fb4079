import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env';

// Each page says which query parameters it reads (`reads(...)` beside its route in index.ts); every
// other one is dropped before the page runs, so it can neither change the page nor the key of its
// cached copy: `/?x=1`, `/?x=2`… are the home page, one copy, and `utm_*` never splits a page.

const READS = Symbol('query parameters a page reads');
type Declared = MiddlewareHandler<AppEnv> & { [READS]: readonly string[] };

/** Declares, on a route, the query parameters its page reads. */
export function reads(...params: string[]): MiddlewareHandler<AppEnv> {
  const declared = (async (_c, next) => next()) as Declared;
  declared[READS] = params;
  return declared;
}

const declaredOf = (c: Context<AppEnv>): readonly string[] => {
  for (const route of matchedRoutes(c)) {
    const params = (route.handler as Partial<Declared>)[READS];
    if (params) return params;
  }
  return [];
};

/** Before the page cache: the request keeps only the parameters its page declared, in a fixed order. */
export const declaredQuery = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const url = new URL(c.req.url);
  if (!url.search || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
  const declared = declaredOf(c);
  const kept = [...url.searchParams].filter(([name]) => declared.includes(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = kept.length ? `?${new URLSearchParams(kept)}` : '';
  if (search !== url.search) {
    url.search = search;
    c.req.raw = new Request(url, c.req.raw);
  }
  await next();
};
