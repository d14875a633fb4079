import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env';

// Each page says which query parameters it reads (`reads(...)` beside its route in index.ts); every
// other one is dropped before the page runs, so it can neither change the page nor the key of its
// cached copy: `/?x=1`, `/?x=2`… are the home page, one copy, and `utm_*` never splits a page. A
// parameter may also say which of its values mean something (`pageNumber`): any other spelling is
// dropped or written its one way, so `?page=0`, `?page=abc` and `?page=1` are the first page's
// copy, and `?page=02` the second's.

const READS = Symbol('query parameters a page reads');
/** A parameter's one spelling of a value, or null when the value means nothing (the parameter is dropped). */
type Param = string | { name: string; canonical: (value: string) => string | null };
type Declared = MiddlewareHandler<AppEnv> & { [READS]: readonly Param[] };

/** Declares, on a route, the query parameters its page reads. */
export function reads(...params: Param[]): MiddlewareHandler<AppEnv> {
  const declared = (async (_c, next) => next()) as Declared;
  declared[READS] = params;
  return declared;
}

/** A page number of a list (render/site.ts parsePage): 2 and beyond, written without zeros; page 1 is the address without it. */
export const pageNumber = (name = 'page'): Param => ({
  name,
  canonical: (value) => {
    const n = Number(value);
    return Number.isSafeInteger(n) && n >= 2 ? String(n) : null;
  },
});

const declaredOf = (c: Context<AppEnv>): readonly Param[] => {
  for (const route of matchedRoutes(c)) {
    const params = (route.handler as Partial<Declared>)[READS];
    if (params) return params;
  }
  // Stryker disable next-line ArrayDeclaration: any name put here is one no route declares, which no test address could know to send.
  return [];
};

/** The declared parameters, each once (its first value), in its one spelling, in a fixed order. */
function canonicalQuery(searchParams: URLSearchParams, declared: readonly Param[]): string {
  const kept: [string, string][] = [];
  for (const param of declared) {
    const name = typeof param === 'string' ? param : param.name;
    const value = searchParams.get(name);
    // Stryker disable next-line ConditionalExpression: without it, an absent value is skipped all the same (null is no string, and no page number).
    if (value === null) continue;
    const written = typeof param === 'string' ? value : param.canonical(value);
    if (written !== null) kept.push([name, written]);
  }
  // A page declares each name once: two names are never equal.
  // Stryker disable next-line EqualityOperator: with names never equal, « <= » is « < ».
  kept.sort(([a], [b]) => (a < b ? -1 : 1));
  return kept.length ? `?${new URLSearchParams(kept)}` : '';
}

/** Before the page cache: the request keeps only the parameters its page declared, each value in its one spelling. */
export const declaredQuery = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const url = new URL(c.req.url);
  if (!url.search || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
  const search = canonicalQuery(url.searchParams, declaredOf(c));
  // Stryker disable next-line ConditionalExpression: rebuilding the request with the same address changes nothing the page sees.
  if (search !== url.search) {
    url.search = search;
    c.req.raw = new Request(url, c.req.raw);
  }
  await next();
};

/**
 * A path written with percent-escapes that need none (`/categories/r%75gby`), or in lower-case hex,
 * is the same page as its one spelling, to which it is sent (301): the router reads the decoded
 * path, the page cache the written one, and each spelling would otherwise be a copy of its own.
 * A segment that does not decode goes on as written, to the « not found » page.
 */
export const canonicalPath = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const url = new URL(c.req.url);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a path without an escape comes out of the rewriting as it went in; the test only spares the work.
  if (!url.pathname.includes('%')) return next();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  let path: string;
  try {
    path = url.pathname
      .split('/')
      .map((segment) => (segment.includes('%') ? encodeURIComponent(decodeURIComponent(segment)) : segment))
      .join('/');
  } catch {
    return next();
  }
  if (path === url.pathname) return next();
  return c.redirect(`${path}${url.search}`, 301);
};
