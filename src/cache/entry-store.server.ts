import { IsolateMemo } from './isolate-memo';
import { builtFrom, classify, KEEP_SECONDS, purgedBy, type EntryMeta, type Freshness, type TagVersions } from './policy';
import type { Marks } from './tags.server';
import { log } from '../observability/log.server';
import { deepFreeze } from '../lib/immutable';

// The one cache engine: copies of text, each with its metadata (policy.ts), judged against the
// purge marks. Two places to keep them: Workers KV, global and billed per write, for what has a
// bounded number of addresses (the content, its pages); and this location's cache (the Cache API,
// free, per location, gone within minutes) for what has endless addresses: answers that say « not
// found », searches, filtered views. Nobody can fill KV by making up addresses.
// Upstream data goes through `readThrough` below; anonymous HTML through the same lookup, refresh
// and write in html-cache.server.ts, which streams instead of waiting.
// Every write, to KV or to this location, goes through `claim` (the purge marks' lease,
// tags.server.ts): a copy built before a purge, or older than the last one written, is not stored.

type Bytes = Uint8Array<ArrayBuffer>;
/** A copy: its text, or the UTF-8 bytes of it when they are what its reader wants (a page's HTML). */
export type StoredEntry = { value: string | Bytes; meta: EntryMeta; status?: number };
/**
 * `verified` false: judged against last-known marks (the purge object failing, tags.server.ts):
 * served as it is, never refreshed behind the answer (nothing could be written) — past
 * UNVERIFIED_STALE_MS, a fresh copy counts as stale, so that the answer says so.
 */
export type Lookup = {
  entry: StoredEntry | null;
  state: Freshness;
  verified: boolean;
  purgedAt?: number;
  /** The marks the copy was judged with. */
  versions?: TagVersions;
};

/** How long copies judged against last-known marks still count as fresh (docs/decisions/016). */
export const UNVERIFIED_STALE_MS = 60_000;

export type StoreScope = {
  kv: KVNamespace;
  /** The purge marks, read at most once per request (tags.server.ts). */
  marks: () => Promise<Marks>;
  /** How long after it is stored a purge takes effect (PURGE_BOUND_MS, policy.ts). */
  boundMs: number;
  /** The right to write a copy under a key, and its release; null: do not write (tags.server.ts). */
  claim: (key: string, meta: EntryMeta) => Promise<(() => Promise<void>) | null>;
  waitUntil: (promise: Promise<unknown>) => void;
  now?: () => number;
  /** This location's cache, the origin its keys are written under (the site's own), and the location's name. */
  local?: { cache: Cache; origin: string; location: string };
};

const META_HEADER = 'x-ffr-entry';

type KvRead = KVNamespaceGetWithMetadataResult<string | Bytes, EntryMeta>;
const NO_ENTRY: KvRead = { value: null, metadata: null, cacheStatus: null };

// Per isolate: recent reads (when a caller asks for a memory window), running refreshes, and the
// time of each key's last write.
// Settled reads only: a warm hit never awaits another request's KV read (isolate-memo.ts).
const reads = new IsolateMemo<KvRead>(undefined, { shareRunning: false });
// The newest copy of each remembered key this isolate has seen: KV's location cache may answer
// an older one than this isolate wrote or read a moment ago, and an older copy never replaces a
// newer one here either.
const newest = new Map<string, KvRead>();
const MAX_NEWEST = 500;

function keepNewest(key: string, read: KvRead): KvRead {
  const known = newest.get(key);
  if (known?.metadata && (!read.metadata || builtFrom(known.metadata) > builtFrom(read.metadata))) return known;
  if (read.metadata) {
    if (newest.size >= MAX_NEWEST) newest.clear();
    newest.set(key, read);
  }
  return read;
}
const refreshes = new IsolateMemo<unknown>(0);
/** The last failed refresh of each key, and when (entry-store's `refresh`). */
const failures = new Map<string, { at: number; error: unknown; waitMs: number }>();
const RETRY_FAILED_MS = 5000;
const MAX_RETRY_FAILED_MS = 60_000;

/**
 * Copies this isolate made and did not (yet) write: used by its readers while the write is on its
 * way, and — when the purge object gave the key to another writer, or gave none — for as long as KV
 * takes to bring that writer's copy here (a minute), so that a publish costs each isolate one
 * render of a page, not one per reader until then. (Not with a bound of 0, the tests': each test
 * starts from an empty KV in the same isolate, and must not find the last one's copies here.)
 */
const own = new Map<string, { read: KvRead; until: number }>();
const OWN_MS = 60_000;
const MAX_OWN = 200;

function keepOwn(key: string, read: KvRead): void {
  if (own.size >= MAX_OWN) own.clear();
  own.set(key, { read, until: Date.now() + OWN_MS });
}

function ownCopy(key: string): KvRead | undefined {
  const kept = own.get(key);
  if (kept && kept.until <= Date.now()) own.delete(key);
  return kept && kept.until > Date.now() ? kept.read : undefined;
}
const lastWrite = new Map<string, number>();

export type EntryStore = ReturnType<typeof createEntryStore>;

export function createEntryStore(scope: StoreScope) {
  const now = scope.now ?? Date.now;
  const judged = (entry: StoredEntry | null, marks: Marks, freshMs: number): Lookup => {
    let state = classify(entry?.meta ?? null, now(), freshMs, marks.versions, scope.boundMs);
    if (!marks.current && state === 'fresh' && marks.ageMs > UNVERIFIED_STALE_MS) state = 'stale';
    const purgedAt = state === 'purged' && entry ? purgedBy(entry.meta, now(), marks.versions, scope.boundMs) : undefined;
    return { entry, state, verified: marks.current, versions: marks.versions, ...(purgedAt === undefined ? {} : { purgedAt }) };
  };
  return {
    now,
    waitUntil: scope.waitUntil,
    /**
     * Whether copies are written behind the answer. Not with a bound of 0 (the tests'): each test
     * gets its writes done before it ends, rather than leaving them to run into the next one.
     */
    writesBehind: scope.boundMs > 0,

    /**
     * The copy under `key` and what may be done with it. KV trouble reads as a miss, never an error.
     * `bytes`: read as written, not decoded (a page's HTML goes out as bytes).
     */
    async lookup(key: string, freshMs: number, options: { memoMs?: number; bytes?: boolean } = {}): Promise<Lookup> {
      const read = async (): Promise<KvRead> => {
        if (!options.bytes) return scope.kv.getWithMetadata<EntryMeta>(key, 'text');
        const found = await scope.kv.getWithMetadata<EntryMeta>(key, 'arrayBuffer');
        return { ...found, value: found.value && new Uint8Array(found.value) };
      };
      const [kv, marks] = await Promise.all([
        (options.memoMs ? reads.get(key, async () => keepNewest(key, await read()), options.memoMs) : read()).catch(() => NO_ENTRY),
        scope.marks(),
      ]);
      // A copy this isolate made a moment ago is used while its write (behind the answer, after its
      // lease) is on its way: a burst of readers does not fetch it again meanwhile.
      const made = scope.boundMs > 0 ? ownCopy(key) : undefined;
      const found = made?.metadata && (!kv.metadata || builtFrom(made.metadata) > builtFrom(kv.metadata)) ? made : kv;
      const entry = found.value !== null && found.metadata ? { value: found.value, meta: found.metadata } : null;
      return judged(entry, marks, freshMs);
    },

    /** The copy kept in this location's cache, if any (see above); like `lookup`, trouble reads as a miss. */
    async lookupLocal(key: string, freshMs: number): Promise<Lookup> {
      if (!scope.local) return { entry: null, state: 'miss', verified: true };
      const [found, marks] = await Promise.all([
        scope.local.cache.match(localKey(scope.local.origin, key)).catch(() => undefined),
        scope.marks(),
      ]);
      const meta = found ? parseMeta(found.headers.get(META_HEADER)) : null;
      if (!found || !meta) return { entry: null, state: 'miss', verified: marks.current };
      return judged({ value: new Uint8Array(await found.arrayBuffer()), meta, status: found.status }, marks, freshMs);
    },

    /** Keeps a copy in this location's cache for `seconds` (its status kept: a « not found » is one). */
    async writeLocal(key: string, value: string | Bytes, meta: EntryMeta, seconds: number, status = 200): Promise<void> {
      const { local } = scope;
      if (!local) return;
      const release = await scope.claim(`local:${local.location}:${key}`, meta);
      if (!release) return;
      const headers = {
        'cache-control': `max-age=${seconds}`,
        'content-type': 'text/html; charset=utf-8',
        [META_HEADER]: JSON.stringify(meta),
      };
      await local.cache
        .put(localKey(local.origin, key), new Response(value, { status, headers }))
        .catch((e) => log.warn('cache.write_failed', { store: 'local', key: withoutQuery(key), error: log.describe(e) }));
      scope.waitUntil(release());
    },

    /**
     * Runs `job` unless a refresh of `key` already runs in this isolate, whose result is shared —
     * unless it started before `startedAfter` (a purge stored since: its fetch may bring the old text).
     * One that failed is not tried again for 5 s, doubling with each failure up to a minute: its
     * error is given back at once (the callers serve the last good copy), so that an upstream that
     * is down gets a call per key and isolate now and then, not one per reader. (Not with a bound
     * of 0, the tests'.)
     */
    refresh<T>(key: string, job: () => Promise<T>, startedAfter?: number): Promise<T> {
      const failed = scope.boundMs > 0 ? failures.get(key) : undefined;
      if (failed && now() - failed.at < failed.waitMs) return Promise.reject(failed.error);
      return (refreshes.get(key, job, 0, startedAfter) as Promise<T>).then(
        (value) => {
          failures.delete(key);
          return value;
        },
        (error: unknown) => {
          if (failures.size >= MAX_NEWEST) failures.clear();
          const waitMs = Math.min(2 * (failures.get(key)?.waitMs ?? RETRY_FAILED_MS / 2), MAX_RETRY_FAILED_MS);
          failures.set(key, { at: now(), error, waitMs });
          throw error;
        },
      );
    },

    /**
     * False when `key` was written less than a second ago in this isolate: KV takes one write per
     * key per second, so a burst of misses of one page tees and writes its HTML once.
     */
    claimWrite(key: string): boolean {
      const at = Date.now();
      const since = at - (lastWrite.get(key) ?? 0);
      // (A write "in the future" is a clock set back, as tests do: no reason to refuse.)
      if (since >= 0 && since < 1000) return false;
      lastWrite.set(key, at);
      if (lastWrite.size > 5000) lastWrite.clear();
      return true;
    },

    /**
     * Stores a copy, behind the answer: this isolate uses it at once, KV once the purge object has
     * leased the key. A failed write (KV refuses a second write per key and second) costs the copy,
     * not the answer.
     */
    async write(key: string, value: string | Bytes, meta: EntryMeta, keepSeconds = KEEP_SECONDS): Promise<void> {
      const written = { value, metadata: meta, cacheStatus: null };
      if (scope.boundMs > 0) keepOwn(key, written);
      try {
        const release = await scope.claim(key, meta);
        if (!release) return;
        try {
          await scope.kv.put(key, value, { metadata: meta, expirationTtl: Math.max(60, keepSeconds) });
          reads.set(key, keepNewest(key, written));
          // Written: this location's KV answers with it from now on.
          if (own.get(key)?.read === written) own.delete(key);
        } finally {
          // Behind the answer: the next writer of this key waits for it, no reader does.
          scope.waitUntil(release());
        }
      } catch (e) {
        log.warn('cache.write_failed', { store: 'kv', key: withoutQuery(key), error: log.describe(e) });
      }
    },
  };
}

/** A key as logged: its query (search words) left out. */
export const withoutQuery = (key: string) => key.split('?')[0]!;

/** Under the site's own origin: the Cache API keeps entries per zone, keyed by URL. */
const localKey = (origin: string, key: string) => `${origin}/__cache/${encodeURIComponent(key)}`;

function parseMeta(raw: string | null): EntryMeta | null {
  try {
    const meta = raw ? (JSON.parse(raw) as EntryMeta) : null;
    return meta && typeof meta.startedAt === 'number' && Array.isArray(meta.tags) ? meta : null;
  } catch {
    return null;
  }
}

export type ReadOptions<T> = {
  /** Purge tags of the copy; a function when they depend on what was fetched (an article's id). */
  tags: string[] | ((value: T) => string[]);
  freshMs: number;
  /**
   * A copy older than this (ms) is refreshed before it is used, not behind it, even while fresh:
   * for the background re-render of a page, which is stored as old as its oldest data.
   */
  maxAgeMs?: number;
  /** Whether a failure may be covered by the last good copy; not for "this no longer exists". */
  staleIfError?: (error: unknown) => boolean;
  /** When `tags` depends on the value: those known before it is fetched (the newest purge of which the load must postdate). */
  knownTags?: string[];
};

/**
 * A copy's value, parsed once per isolate while its text stays the same: a cold render reads the
 * shell's data (settings, menus, categories, partners, the latest posts: ~45 KB of JSON) and its
 * own, each of which every other render of the isolate parses alike. Frozen, as it is shared by
 * the requests of the isolate: code that changed it would throw rather than leak into another page.
 */
const parsed = new Map<string, { text: string | Bytes; value: unknown }>();
const MAX_PARSED = 500;
const utf8 = new TextDecoder();

function parsedCopy(key: string, text: string | Bytes): unknown {
  const known = parsed.get(key);
  if (known && known.text === text) return known.value;
  const value = deepFreeze(JSON.parse(typeof text === 'string' ? text : utf8.decode(text)));
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(key, { text, value });
  return value;
}

/** A loaded value, and when its data left the upstream when a cache in between kept it (ms). */
export type Loaded<T> = { value: T; dataAt?: number | undefined };

/** `startedAt`: when the fetch that produced the value started (its age, for whoever builds on it). */
export type ReadResult<T> = { value: T; state: Freshness | 'error-fallback'; meta: EntryMeta; startedAt: number };

/**
 * Stale-while-revalidate and stale-if-error for JSON values: fresh copies are used, stale ones used
 * and refreshed behind the answer, purged ones and misses fetched now (a failure falls back to the
 * purged copy). A fetched value is handed over as it is; only the KV copy is text.
 */
export async function readThrough<T>(
  store: EntryStore,
  key: string,
  options: ReadOptions<T>,
  load: (notBefore: number | undefined) => Promise<Loaded<T>>,
): Promise<ReadResult<T>> {
  const { entry, state, verified, purgedAt, versions } = await store.lookup(key, options.freshMs);
  // The newest purge stored for the copy's tags: data older than that is not to be had from a
  // cache in front of the upstream (Cloudflare's tiers, decision 024). Only when fetching.
  const newestMark = () => {
    const tags = entry?.meta.tags ?? (typeof options.tags === 'function' ? (options.knownTags ?? []) : options.tags);
    return tags.reduce<number | undefined>((newest, t) => {
      const at = versions?.[t]?.at(-1);
      return at !== undefined && (newest === undefined || at > newest) ? at : newest;
    }, undefined);
  };
  const fromCopy = (copy: StoredEntry, as: ReadResult<T>['state']): ReadResult<T> => ({
    value: parsedCopy(key, copy.value) as T,
    state: as,
    meta: copy.meta,
    startedAt: copy.meta.startedAt,
  });
  const refresh = (startedAfter?: number) =>
    store.refresh(
      key,
      async () => {
        const started = store.now();
        const { value, dataAt } = await load(newestMark());
        // A copy a cache tier kept is as old as the tier says: that is when its data left the upstream.
        const startedAt = dataAt === undefined ? started : Math.min(started, dataAt);
        const meta: EntryMeta = { startedAt, tags: typeof options.tags === 'function' ? options.tags(value) : options.tags };
        // The reader never waits for the lease nor for KV.
        const written = store.write(key, JSON.stringify(value), meta);
        if (store.writesBehind) store.waitUntil(written);
        else await written;
        return { value, meta };
      },
      startedAfter,
    );

  // Judged against last-known marks: served as it is (a refresh could not be stored; thousands of
  // readers refreshing at once is the outage we avoid). A copy a known purge concerns is still fetched.
  if (entry && !verified && state !== 'purged') return fromCopy(entry, state);
  const tooOld = entry !== null && options.maxAgeMs !== undefined && store.now() - entry.meta.startedAt > options.maxAgeMs;
  if (entry && state === 'fresh' && !tooOld) return fromCopy(entry, state);
  if (entry && state === 'stale' && !tooOld) {
    store.waitUntil(refresh().catch(() => undefined));
    return fromCopy(entry, state);
  }
  try {
    const { value, meta } = await refresh(purgedAt);
    return { value, state, meta, startedAt: meta.startedAt };
  } catch (error) {
    if (entry && (options.staleIfError?.(error) ?? true)) return fromCopy(entry, 'error-fallback');
    throw error;
  }
}
