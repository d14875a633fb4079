import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';

// One JSON line per request, and warnings and errors as events of their own: Workers Logs indexes
// the fields of a JSON line (developers.cloudflare.com/workers/observability/logs/workers-logs/),
// so « every purge that failed » or « the slowest WordPress calls » are queries, not greps.
// The request's context (its cf-ray, its upstream calls) follows its async work through
// AsyncLocalStorage (the `nodejs_als` compatibility flag), so the HTTP client records its calls
// without being handed a logger. Never logged: query strings, bodies, cookies, headers.

export type UpstreamCall = { host: string; path: string; method: string; status: number | null; ms: number; outcome: string };

/** Set when a request waited for the purge marks, or judged its copies with last-known ones (cache/tags.server.ts). */
export type MarksNote = { waitedMs?: number; ageMs?: number; since?: number | null };
type RequestContext = { ray: string | null; upstream: UpstreamCall[]; marks?: MarksNote };
const current = new AsyncLocalStorage<RequestContext>();
/** Enough to see a slow page's waterfall; a request making more is itself the finding. */
const MAX_CALLS = 40;

type Fields = Record<string, unknown>;

function write(level: 'info' | 'warn' | 'error', event: string, fields: Fields, context = current.getStore()): void {
  const line = JSON.stringify({ level, event, ray: context?.ray ?? null, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Events: `event` is a stable dotted name (« purge.not_stored »), the fields say what happened. */
export const log = {
  info: (event: string, fields: Fields = {}) => write('info', event, fields),
  warn: (event: string, fields: Fields = {}) => write('warn', event, fields),
  error: (event: string, fields: Fields = {}) => write('error', event, fields),
  /** The error's name and message only (a stack would carry file paths and nothing for the reader). */
  describe,
};

/** Called by the HTTP client for every upstream call (upstream/http.server.ts). */
export function recordUpstream(call: UpstreamCall): void {
  const context = current.getStore();
  if (context && context.upstream.length < MAX_CALLS) context.upstream.push(call);
}

/** Called by the purge marks' reader: the request line then says how it judged its cached copies. */
export function noteMarks(note: MarksNote): void {
  const context = current.getStore();
  if (context) context.marks = { ...context.marks, ...note };
}

/** Outermost middleware: the request's context, then its line once the answer is ready. */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const context: RequestContext = { ray: c.req.header('cf-ray') ?? null, upstream: [] };
    const started = Date.now();
    await current.run(context, next);
    const cf = c.req.raw.cf as { colo?: string } | undefined;
    write(
      'info',
      'request',
      {
        method: c.req.method,
        path: c.req.path,
        route: routePath(c),
        status: c.res.status,
        cache: c.res.headers.get('x-ffr-cache'),
        // Workers' clock moves with I/O only: this is the time spent waiting for KV and upstreams.
        ms: Date.now() - started,
        colo: cf?.colo ?? null,
        upstream: context.upstream,
        ...(context.marks ? { marks: context.marks } : {}),
      },
      context,
    );
  };
}
