import { classify, KEEP_SECONDS, type EntryMeta, type Freshness, type TagVersions } from './policy';

// Stale-while-revalidate and stale-if-error on Workers KV, for anything that serialises to text:
// upstream JSON (as mapped entities) and rendered HTML.

export type CacheScope = {
  kv: KVNamespace;
  /** Read once per request (see tags.server.ts). */
  versions: () => Promise<TagVersions>;
  waitUntil: (promise: Promise<unknown>) => void;
  now?: () => number;
  /**
   * A copy older than this (ms) is refreshed before it is used, not behind it, even while fresh:
   * for the background re-render of a page, which is stored as old as its oldest data.
   */
  maxAgeMs?: number;
};

export type CacheOptions = {
  tags: string[];
  freshMs: number;
  /** Whether a failure may be covered by the last good copy; not for "this no longer exists". */
  staleIfError?: (error: unknown) => boolean;
};

/** `startedAt`: when the fetch that produced this text started (its age, for whoever builds on it). */
export type CachedText = { body: string; state: Freshness | 'error-fallback'; meta: EntryMeta | null; startedAt: number };

// One refresh per key and isolate at a time: a burst of stale hits triggers a single fetch.
const inflight = new Map<string, Promise<{ body: string; meta: EntryMeta }>>();

export async function readThrough(
  scope: CacheScope,
  key: string,
  options: CacheOptions,
  load: () => Promise<string>,
): Promise<CachedText> {
  const now = scope.now ?? Date.now;
  // KV trouble makes a miss, never an error: the upstream is asked instead.
  const noEntry = { value: null, metadata: null, cacheStatus: null } as KVNamespaceGetWithMetadataResult<string, EntryMeta>;
  const [entry, versions] = await Promise.all([
    scope.kv.getWithMetadata<EntryMeta>(key, 'text').catch(() => noEntry),
    scope.versions().catch(() => ({})),
  ]);
  const state = classify(entry.value === null ? null : entry.metadata, now(), options.freshMs, versions);

  const refresh = () => {
    const running = inflight.get(key);
    if (running) return running;
    const startedAt = now();
    const job = load()
      .then(async (body) => {
        const meta: EntryMeta = { startedAt, tags: options.tags };
        // A failed write (KV allows one per second per key) costs a cache copy, not the answer.
        await scope.kv.put(key, body, { metadata: meta, expirationTtl: KEEP_SECONDS }).catch((e) => console.warn(`[cache] write ${key}:`, String(e)));
        return { body, meta };
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, job);
    return job;
  };

  const cachedAt = entry.metadata?.startedAt ?? 0;
  const tooOld = scope.maxAgeMs !== undefined && now() - cachedAt > scope.maxAgeMs;
  if (state === 'fresh' && !tooOld) return { body: entry.value!, state, meta: entry.metadata, startedAt: cachedAt };
  if (state === 'stale' && !tooOld) {
    scope.waitUntil(refresh().catch(() => undefined));
    return { body: entry.value!, state, meta: entry.metadata, startedAt: cachedAt };
  }
  try {
    const fetched = await refresh();
    return { body: fetched.body, state, meta: fetched.meta, startedAt: fetched.meta.startedAt };
  } catch (error) {
    if (entry.value !== null && (options.staleIfError?.(error) ?? true)) return { body: entry.value, state: 'error-fallback', meta: entry.metadata, startedAt: cachedAt };
    throw error;
  }
}

/** JSON flavour of readThrough for upstream data. */
export async function cachedJson<T>(
  scope: CacheScope,
  key: string,
  options: CacheOptions,
  load: () => Promise<T>,
): Promise<{ value: T; state: CachedText['state']; startedAt: number }> {
  const { body, state, startedAt } = await readThrough(scope, key, options, async () => JSON.stringify(await load()));
  return { value: JSON.parse(body) as T, state, startedAt };
}
