import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { assets } from '../config/assets';
import { withoutQuery, type Lookup, type StoredEntry } from './entry-store.server';
import type { EntryMeta } from './policy';
import { cacheControl } from '../http/cache-control';
import { TRACKING_PARAM } from '../lib/links';
import { log } from '../observability/log.server';

// Anonymous HTML, cached whole in KV: a warm view costs one KV read for the page and one for the
// purge marks — no upstream call and no render. Personalised, preview, degraded and error
// responses are never stored. A reader whose request carries a session gets the same copy with
// <html data-session>: the CSS then shows « Mon compte » where the page says « Connexion »,
// before any script and without one (decision 015).

const REVALIDATE_HEADER = 'x-ffr-revalidate';
// Only this isolate can ask for a background re-render; a visitor sending the header cannot.
// (Random values are not allowed at global scope in Workers: made on first use.)
let revalidateToken = '';
const token = () => (revalidateToken ||= crypto.randomUUID());

type FetchSelf = (request: Request, env: AppEnv['Bindings'], ctx: Context<AppEnv>['executionCtx']) => Response | Promise<Response>;

/** KV keys are limited to 512 bytes; longer addresses (a 10 000-character search) are hashed. */
const MAX_PLAIN_KEY_BYTES = 400;

export async function cacheKey(url: URL): Promise<string> {
  const params = [...url.searchParams].filter(([k]) => !TRACKING_PARAM.test(k)).sort(([a], [b]) => a.localeCompare(b));
  const search = params.length ? `?${new URLSearchParams(params)}` : '';
  // The asset version is part of the key: a deploy never serves HTML that names old bundles.
  const plain = `html:${assets.version}:${url.pathname}${search}`;
  if (new TextEncoder().encode(plain).length <= MAX_PLAIN_KEY_BYTES) return plain;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${url.pathname}${search}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `html:${assets.version}:#${hex}`;
}

/** This request is the cache's own background re-render of a stale page (its data must be recent: content.server.ts). */
export const isRevalidation = (request: Request) => revalidateToken !== '' && request.headers.get(REVALIDATE_HEADER) === revalidateToken;

/**
 * `signedInReader`: the request carries a session cookie (auth/), marked on every page;
 * `sessionOpens`: that cookie opens a session, asked only on the pages written for their reader,
 * so that a made-up cookie gets the shared copy there instead of a render each time.
 */
export function htmlCache(
  fetchSelf: FetchSelf,
  signedInReader: (c: Context<AppEnv>) => boolean,
  sessionOpens: (c: Context<AppEnv>) => Promise<boolean>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const signedIn = signedInReader(c);
    const forReader = signedIn && SIGNED_IN_PAGES.has(new URL(c.req.url).pathname) && (await sessionOpens(c));
    await pageFor(c, next, fetchSelf, signedIn, forReader);
    mark(c, signedIn);
  };
}

/**
 * Signed-in readers get the same HTML as everyone, marked for them (its ETag too, so that a copy
 * the browser kept from before signing in is not taken for theirs, nor theirs for a signed-out
 * one): the islands add their personal parts. Set on every HTML answer, cached or not, so that it
 * reads the same on all pages. (Hono's `c.res =` keeps the old answer's headers: they are changed
 * after it.)
 */
function mark(c: Context<AppEnv>, signedIn: boolean): void {
  if (!(c.res.headers.get('content-type') ?? '').startsWith('text/html')) return;
  const etag = c.res.headers.get('etag');
  if (signedIn && c.res.status !== 304 && c.res.body) {
    c.res = new HTMLRewriter()
      .on('html', {
        element: (html) => {
          html.setAttribute('data-session', '');
        },
      })
      .transform(c.res);
  }
  c.res.headers.append('vary', 'Cookie');
  if (signedIn && etag) c.res.headers.set('etag', signedInTag(etag));
}

const signedInTag = (etag: string) => etag.replace(/"$/, '-s"');

async function pageFor(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  fetchSelf: FetchSelf,
  signedIn: boolean,
  forReader: boolean,
): Promise<void> {
  const request = c.req.raw;
  const url = new URL(request.url);
  // Written for the reader each time it is opened (a profile read): not fetched ahead from every
  // page whose header links to it (client/prefetch.ts); a 204 tells the browser to drop it.
  if (forReader && request.method === 'GET' && c.req.header('sec-purpose')?.startsWith('prefetch')) {
    c.res = new Response(null, { status: 204, headers: { 'cache-control': cacheControl.never } });
    return;
  }
  // HEAD is answered from the GET's copy (Hono answers it with the GET route, without the body).
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (!read || url.searchParams.has('preview') || forReader) {
    await next();
    if (!c.res.headers.has('cache-control')) c.header('cache-control', cacheControl.personal);
    return;
  }
  const store = c.get('store');
  const key = await cacheKey(url);
  const revalidation = isRevalidation(request);
  const freshMs = c.get('config').HTML_FRESH_SECONDS * 1000;

  // Popular pages are read hundreds of times a second under load: one KV read per page and
  // second per isolate is enough (isolate-memo.ts). The re-render itself looks nothing up.
  // A page that is not in KV may be one kept in this location only (a « not found », a search).
  let found: Lookup = revalidation
    ? { entry: null, state: 'miss', verified: true }
    : await store.lookup(key, freshMs, { memoMs: c.get('config').KV_MEMO_MS, bytes: true });
  if (!revalidation && found.state === 'miss') found = await store.lookupLocal(key, freshMs);
  const { entry, state, verified } = found;

  if (entry && (state === 'fresh' || state === 'stale')) {
    // (Against last-known marks, no re-render: it could not be stored — entry-store.server.ts.)
    if (state === 'stale' && verified) {
      // One re-render per page and isolate at a time; it stores the new copy itself.
      const again = new Request(url, { headers: { [REVALIDATE_HEADER]: token() } });
      store.waitUntil(
        store
          .refresh(key, () =>
            Promise.resolve(fetchSelf(again, c.env, c.executionCtx))
              // Read to the end: the copy is written from the other half of the same stream, and a
              // cancelled stream surfaces as an uncaught error in the rewriter it passed through.
              // A page that could not be stored (WordPress failing: an error or a degraded page)
              // is a failed refresh, so that the next ones wait (entry-store's backoff) instead of
              // rendering the page again on every view of the outage.
              .then(async (r) => {
                const body = await r.arrayBuffer();
                if (r.status >= 500 || r.headers.get('x-ffr-cache') === 'BYPASS') throw new Error(`re-render not stored (${r.status})`);
                return body;
              }),
          )
          .catch((e) => log.warn('cache.revalidate_failed', { key: withoutQuery(key), error: log.describe(e) })),
      );
    }
    c.res = cachedResponse(
      withNonce(c, key, entry),
      state === 'fresh' ? 'HIT' : 'STALE',
      entry,
      request.headers.get('if-none-match'),
      signedIn,
    );
    return;
  }

  const startedAt = Date.now();
  await next();
  const policy = c.get('pageCache');
  const res = c.res;
  const storable =
    policy?.cacheable && (res.status === 200 || (res.status === 404 && policy.notFound)) && res.body && !res.headers.has('set-cookie');

  if (!storable) {
    // Stale-if-error: the fresh render failed (5xx) or came out degraded, and a good copy of the
    // page exists: the reader gets that copy. Never in place of a « not found » (an unpublished
    // article disappears) nor of a page kept from the cache on purpose.
    const failed = res.status >= 500 || (res.status === 200 && policy !== undefined && !policy.cacheable && !policy.notFound);
    if (entry && state === 'purged' && failed && (entry.status ?? 200) === 200 && policy?.notFound !== true) {
      c.res = cachedResponse(withNonce(c, key, entry), 'STALE-IF-ERROR', entry);
      return;
    }
    if (!c.res.headers.has('cache-control')) c.header('cache-control', cacheControl.never);
    c.header('x-ffr-cache', 'BYPASS');
    return;
  }

  if (!store.claimWrite(key)) {
    c.header('cache-control', cacheControl.revalidate);
    c.header('x-ffr-cache', state === 'purged' ? 'PURGED' : 'MISS');
    return;
  }
  // Read whole, then sent and stored: React writes a page without a Suspense boundary in one go once
  // its tree is rendered, so the reader's first byte comes no later; a tee would clone every chunk
  // into a second stream read back for the copy (a fifth of a cold article's CPU in workerd,
  // bench:cpu:workerd). A render that fails midway is the error page, not half a page.
  const rendered = new Uint8Array(await new Response(res.body).arrayBuffer());
  // A page is as old as the oldest data it was built from: served stale data makes a copy that is
  // stale sooner, so no page outlives the freshness window by building on an old entry.
  const content = c.get('content');
  const meta: EntryMeta = {
    startedAt,
    dataAt: content.oldestDataAt() ?? startedAt,
    tags: policy!.tags,
    tagsAt: policy!.tags.map((t) => content.tagAge(t) ?? startedAt),
  };
  const status = res.status;
  store.waitUntil(
    (async () => {
      // The copy is stored as rendered, bytes, with this response's nonce (the renderer writes it
      // in every <script>) as the placeholder a hit swaps its own nonce in for. It was drawn at
      // random (128 bits) for this request, after the content it marks was written: no WordPress
      // content nor address can carry it. The ETag is the copy's own, whatever nonce it goes out with.
      const nonce = c.get('secureHeadersNonce');
      const stored = { ...meta, etag: newEtag(), ...(nonce ? { noncePlaceholder: nonce } : {}) };
      if (policy!.localSeconds !== undefined) await store.writeLocal(key, rendered, stored, policy!.localSeconds, status);
      else await store.write(key, rendered, stored);
    })().catch((e) => log.warn('cache.write_failed', { store: 'kv', key: withoutQuery(key), error: log.describe(e) })),
  );
  c.res = new Response(rendered, res);
  c.res.headers.set('cache-control', cacheControl.revalidate);
  c.res.headers.set('x-ffr-cache', state === 'purged' ? 'PURGED' : 'MISS');
}

/** Pages a signed-in reader gets rendered for them (the accreditation form filled from their profile, what they may do said): never the shared copy. */
const SIGNED_IN_PAGES = new Set(['/accreditations']);

/**
 * A copy's bytes, cut at its nonce placeholder. A hit is the hot path of the whole site: cut once
 * per isolate and copy, these make each hit a copy of bytes with the nonce written in, instead of a
 * rewrite of ~70 KB of text followed by its UTF-8 encoding (bench:cpu measures the difference).
 */
type Bytes = Uint8Array<ArrayBuffer>;
type PreparedCopy = { source: StoredEntry['value']; parts: Bytes[]; bytes: number };
const prepared = new Map<string, PreparedCopy>();
const MAX_PREPARED = 200;
const utf8 = new TextEncoder();

/** `bytes` cut at every `find` (subarrays: nothing copied). */
function splitBytes(bytes: Bytes, find: Bytes): Bytes[] {
  const parts: Bytes[] = [];
  let from = 0;
  for (let i = bytes.indexOf(find[0]!); i !== -1 && i <= bytes.length - find.length; i = bytes.indexOf(find[0]!, i + 1)) {
    let j = 1;
    while (j < find.length && bytes[i + j] === find[j]) j++;
    if (j === find.length) {
      parts.push(bytes.subarray(from, i));
      from = i + find.length;
      i = from - 1;
    }
  }
  parts.push(bytes.subarray(from));
  return parts;
}

function prepare(key: string, entry: StoredEntry): PreparedCopy {
  const known = prepared.get(key);
  // The isolate's memo hands back the same string while its copy is current: compared by reference first.
  if (known && known.source === entry.value) return known;
  const placeholder = entry.meta.noncePlaceholder;
  const value = typeof entry.value === 'string' ? utf8.encode(entry.value) : entry.value;
  const parts = placeholder ? splitBytes(value, utf8.encode(placeholder)) : [value];
  const copy = { source: entry.value, parts, bytes: parts.reduce((n, p) => n + p.length, 0) };
  if (prepared.size >= MAX_PREPARED) prepared.clear();
  prepared.set(key, copy);
  return copy;
}

/** The cached HTML with this response's nonce in its scripts (a copy stored without one goes out as it is). */
function withNonce(c: Context<AppEnv>, key: string, entry: StoredEntry): Bytes {
  const copy = prepare(key, entry);
  const nonce = c.get('secureHeadersNonce');
  if (!nonce || copy.parts.length === 1) return copy.parts[0]!;
  const n = utf8.encode(nonce);
  const body = new Uint8Array(copy.bytes + n.length * (copy.parts.length - 1));
  let at = 0;
  copy.parts.forEach((part, i) => {
    if (i > 0) {
      body.set(n, at);
      at += n.length;
    }
    body.set(part, at);
    at += part.length;
  });
  return body;
}

// An ETag is drawn once, when a copy is stored, and kept in its KV metadata: every view of that
// copy carries it, the next copy gets another. A hash of the page would be no better a validator:
// each render differs from the last by its CSP nonce, which the copy keeps as its placeholder. (Hono's
// etag() middleware would hash every response body, each differing by its nonce.) A fresh render
// has no ETag; its cached copy has one from the next view on. (A UUID: 122 random bits, drawn from
// the runtime's buffered entropy rather than a call for a dozen bytes of it.)
const newEtag = () => `W/"${crypto.randomUUID()}"`;

const matches = (ifNoneMatch: string | null, etag: string) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((v) => v.trim() === '*' || v.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

function cachedResponse(html: Bytes, state: string, entry: StoredEntry, ifNoneMatch: string | null = null, signedIn = false): Response {
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cacheControl.revalidate,
    'x-ffr-cache': state,
  };
  const { etag } = entry.meta;
  if (etag) headers.etag = etag;
  // The signed-in copy has its own tag (marked() writes it): the browser's tag is compared with that one.
  if (etag && matches(ifNoneMatch, signedIn ? signedInTag(etag) : etag)) return new Response(null, { status: 304, headers });
  return new Response(html, { status: entry.status ?? 200, headers });
}
