import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/index';
import { upstream } from './upstream-control';

/**
 * A request to the site, handed to the worker as the runtime would, with an execution context of
 * its own. (Through `exports.default.fetch` each request costs more than the one before: the test
 * harness keeps track of every earlier one; 1 000 requests took 112 s instead of 0.1 s.) Each comes
 * from a visitor of its own (a random cf-connecting-ip), so that the per-visitor rate limits only
 * count where a test sends the header itself.
 */
export const site = async (path: string, init?: RequestInit & { cf?: Record<string, unknown> }) => siteAt(TEST_NOW, path, init);

/** The instant the run stands at: the local upstream's clock and the worker's calendar (SITE_NOW). */
export const TEST_NOW = env.SITE_NOW;

/**
 * The same request with the site's calendar at another instant (the worker's SITE_NOW, as the
 * configuration gives it): the tests' clock, in workerd as in Node.
 */
export const siteAt = async (now: string | number | Date, path: string, init?: RequestInit & { cf?: Record<string, unknown> }) => {
  const request = new Request(path.startsWith('http') ? path : `http://presse.test${path}`, init);
  // A browser posting from a page of the site says so (security/requests.server.ts); tests of
  // other origins set these headers themselves.
  if (!['GET', 'HEAD'].includes(request.method) && !request.headers.has('origin') && !request.headers.has('sec-fetch-site'))
    request.headers.set('sec-fetch-site', 'same-origin');
  if (!request.headers.has('cf-connecting-ip'))
    request.headers.set(
      'cf-connecting-ip',
      `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`,
    );
  const at = new Date(now).toISOString();
  return worker.fetch(request, at === env.SITE_NOW ? env : { ...env, SITE_NOW: at }, createExecutionContext());
};

/** A request whose work behind the answer (the cache's writes: entry-store.server.ts) is done before it resolves. */
export async function siteSettled(path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`http://presse.test${path}`, init);
  request.headers.set('cf-connecting-ip', '10.0.0.1');
  const res = await worker.fetch(request, env, ctx);
  await res.clone().arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}

/** Fetches until the HTML cache answers from KV (its write runs after the response, in waitUntil). */
export async function warm(path: string): Promise<Response> {
  for (let i = 0; i < 40; i++) {
    const res = await site(path);
    await res.text();
    if (res.headers.get('x-ffr-cache') === 'HIT') return res;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} never became a cache HIT`);
}

/** One query of the local Algolia, asked directly: what the site's search is built from. */
export const algolia = async <T>(request: Record<string, unknown>): Promise<{ nbHits: number; hits: T[] }> => {
  const res = await fetch(`${upstream.base}/1/indexes/*/queries`, {
    method: 'POST',
    headers: {
      'x-algolia-application-id': env.ALGOLIA_APP_ID!,
      'x-algolia-api-key': env.ALGOLIA_SEARCH_KEY!,
      'content-type': 'text/plain',
    },
    body: JSON.stringify({ requests: [request] }),
  });
  return ((await res.json()) as { results: Array<{ nbHits: number; hits: T[] }> }).results[0]!;
};

/**
 * The rate-limiting binding counts in windows aligned to the wall clock (miniflare's
 * RateLimiterObject: `epoch = floor(now / period)`, like Cloudflare's own fixed windows): a test
 * that counts up to a limit must start well inside one, or the window turns mid-count.
 */
export async function insideOneLimiterWindow(periodMs = 60_000, needMs = 15_000): Promise<void> {
  const into = Date.now() % periodMs;
  if (into > periodMs - needMs) await new Promise((r) => setTimeout(r, periodMs - into + 500));
}
