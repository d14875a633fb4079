import * as z from 'zod';
import { recordUpstream } from '../observability/log.server';

// The one way the worker calls an upstream: a deadline on every call, a typed failure instead of
// an exception zoo, and JSON validated before anyone reads it.

export type UpstreamFailure = 'timeout' | 'network' | 'status' | 'malformed' | 'not-found';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    readonly url: string,
    readonly status?: number,
    readonly code?: string,
    /** The upstream's own words, for the log and for rules that read them (Directus's limit). */
    readonly detail?: string,
    /** A rate-limited answer's `Retry-After` (seconds), when it gave one. */
    readonly retryAfter?: number,
  ) {
    super(`${kind}${status ? ` ${status}` : ''}${code ? ` ${code}` : ''} on ${redact(url)}`);
    this.name = 'UpstreamError';
  }
}

/** Query strings may carry keys (Algolia) or tokens: logs never show them. */
function redact(url: string): string {
  const i = url.indexOf('?');
  return i < 0 ? url : `${url.slice(0, i)}?…`;
}

const ErrorBody = z.union([
  // WordPress: {code, message, data: {status}} (wp-includes/rest-api.php, rest_convert_error_to_response).
  z.object({ code: z.coerce.string(), message: z.string().optional() }),
  // OAuth 2.0 (RFC 6749 §5.2): {error, error_description}.
  z
    .object({ error: z.string(), error_description: z.string().optional() })
    .transform((e) => ({ code: e.error, message: e.error_description })),
  // Directus: {errors: [{message, extensions: {code}}]} (directus/directus packages/errors).
  z
    .object({
      errors: z.array(z.object({ message: z.string().optional(), extensions: z.object({ code: z.coerce.string() }).loose() })).min(1),
    })
    .transform((e) => ({ code: e.errors[0]!.extensions.code, message: e.errors[0]!.message })),
  // Cloudflare's API v4 envelope: {success: false, errors: [{code, message}]}.
  z
    .object({ errors: z.array(z.object({ code: z.coerce.string(), message: z.string().optional() })).min(1) })
    .transform((e) => ({ code: e.errors[0]!.code, message: e.errors[0]!.message })),
]);

/** The error code and message of an upstream's error body, whichever of its shapes it has. */
function errorOf(raw: unknown): { code?: string; message?: string } {
  const parsed = ErrorBody.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export type JsonResponse<T> = { data: T; headers: Headers; status: number };

export type RequestOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: BodyInit;
  timeoutMs: number;
  /** A public read through the zone's cache (zone-cache.server.ts); never with a credential. */
  tier?: Tier;
};

/**
 * A read through Cloudflare's cache: its `cf` options, the newest purge its copy must postdate
 * (ms), and where to say how old the copy it got was.
 */
export type Tier = { cf: RequestInitCfProperties; notBefore: number | undefined; seen: (dataAt: number) => void };

/**
 * When a cached copy's data left the origin, at the earliest (ms): `Age` is whole seconds
 * (RFC 9111 §5.1), so the copy may be up to a second older than it says. A copy Cloudflare says
 * it served from its cache (`CF-Cache-Status`) without an `Age` is taken as old as its lifetime
 * allows. Undefined: the origin answered.
 */
export function copiedAt(headers: Headers, now: number, ttlSeconds: number): number | undefined {
  const age = headers.get('age')?.trim();
  if (age !== undefined && /^\d{1,9}$/.test(age)) return now - (Number(age) + 1) * 1000 + 1;
  const status = headers.get('cf-cache-status')?.toUpperCase();
  const fromCache = status !== undefined && !['MISS', 'BYPASS', 'DYNAMIC', 'NONE/UNKNOWN'].includes(status);
  return fromCache ? now - (ttlSeconds + 1) * 1000 : undefined;
}

/**
 * fetch for the clients that read their answers themselves (Auth.js's calls to the identity
 * provider): the deadline of every upstream call, and its entry in the request's log line, as
 * requestJson gives its own.
 */
export function timedFetch(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const started = Date.now();
    const { host, pathname } = new URL(request.url);
    const call = (status: number | null, outcome: string) =>
      recordUpstream({ host, path: pathname, method: request.method, status, ms: Date.now() - started, outcome });
    const signal = init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(request, { signal });
      call(response.status, response.ok ? 'ok' : 'status');
      return response;
    } catch (error) {
      call(null, error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'network');
      throw error;
    }
  };
}

/** Every call is recorded in the request's log line (observability/log.server.ts): where, how long, how it ended. */
export async function requestJson<S extends z.ZodType>(
  url: string,
  schema: S,
  options: RequestOptions,
): Promise<JsonResponse<z.output<S>>> {
  const started = Date.now();
  const { host, pathname } = new URL(url);
  const call = (status: number | null, outcome: string) =>
    recordUpstream({ host, path: pathname, method: options.method ?? 'GET', status, ms: Date.now() - started, outcome });
  try {
    const response = await requestOnce(url, schema, options);
    call(response.status, 'ok');
    return response;
  } catch (error) {
    if (error instanceof UpstreamError) call(error.status ?? null, error.kind);
    throw error;
  }
}

/** A purge reaches the tiers one after the other (p50 ~150 ms): how long a copy still too old is given to go. */
const TIER_SETTLE_MS = 300;

/**
 * A tier's answer, taken only when its copy postdates the newest purge of its tags. Too old (the
 * zone's purge late or failed, or a lower tier refilled from an upper one not purged yet): asked
 * once more through the tiers a moment later, then past the cache, so that no purged text comes
 * back through them.
 */
async function takenFromTier(
  first: Response,
  tier: Tier,
  again: () => Promise<Response>,
  past: () => Promise<Response>,
): Promise<Response> {
  const recent = (response: Response) => {
    const copied = copiedAt(response.headers, Date.now(), tier.cf.cacheTtl ?? 0);
    if (copied !== undefined && tier.notBefore !== undefined && copied < tier.notBefore) return false;
    if (copied !== undefined) tier.seen(copied);
    return true;
  };
  if (recent(first)) return first;
  await first.body?.cancel();
  await scheduler.wait(TIER_SETTLE_MS);
  const second = await again();
  if (recent(second)) return second;
  await second.body?.cancel();
  return past();
}

const fetchPastTheCache = (url: string, method: string, headers: Record<string, string> | undefined, signal: AbortSignal) =>
  fetch(url, { method, headers: { accept: 'application/json', ...headers }, signal, cache: 'no-store' });

async function requestOnce<S extends z.ZodType>(url: string, schema: S, options: RequestOptions): Promise<JsonResponse<z.output<S>>> {
  const method = options.method ?? 'GET';
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const tier = method === 'GET' && !options.headers?.authorization ? options.tier : undefined;
  const send = () =>
    fetch(url, {
      method,
      headers: { accept: 'application/json', ...options.headers },
      body: options.body,
      signal: deadline,
      ...(tier ? { cf: tier.cf } : {}),
    });
  let response: Response;
  try {
    response = await send().catch((error: unknown) => {
      // A read that failed before any answer (a kept-alive connection the server had just closed)
      // is tried once more, within the same deadline; a sending never is (it may have arrived).
      if (method === 'GET' && !deadline.aborted) return send();
      throw error;
    });
    if (tier) response = await takenFromTier(response, tier, send, () => fetchPastTheCache(url, method, options.headers, deadline));
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new UpstreamError(timedOut ? 'timeout' : 'network', url);
  }

  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new UpstreamError(response.ok ? 'malformed' : 'status', url, response.status);
  }
  if (!response.ok) {
    const error = errorOf(raw);
    const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
    throw new UpstreamError(
      response.status === 404 ? 'not-found' : 'status',
      url,
      response.status,
      error.code,
      error.message,
      Number.isInteger(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new UpstreamError('malformed', url, response.status);
  return { data: parsed.data, headers: response.headers, status: response.status };
}

export function basicAuth(credentials: string): string {
  const bytes = new TextEncoder().encode(credentials);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}
