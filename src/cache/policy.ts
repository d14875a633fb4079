// Whether a cached copy may be served, decided from its metadata alone (pure, unit-tested).
//
//  fresh    younger than the freshness window and not purged: serve it, nothing else to do.
//  stale    older than the window, not purged: serve it and refresh in the background.
//  purged   one of its tags was purged after the copy was fetched: fetch now; if the upstream
//           fails, the copy is still served (stale-if-error) rather than an error.
//  miss     nothing cached.

export type EntryMeta = {
  /** When the fetch or render that produced this copy *started* (ms): a purge that lands while
   * an old response is in flight must still win. */
  startedAt: number;
  /**
   * HTML copies: when the oldest data the page was built from was fetched. A page is as old as
   * that for freshness (decision 005); purges still compare with `startedAt`, since the render
   * refetched any data its purge marks concerned.
   */
  dataAt?: number;
  tags: string[];
  /** HTML copies: a validator of the stored text (weak, since each response gets its own nonce). */
  etag?: string;
  /** HTML copies: the random stand-in for the CSP nonce in their scripts. */
  noncePlaceholder?: string;
};

export type TagVersions = Record<string, number>;

export type Freshness = 'fresh' | 'stale' | 'purged' | 'miss';

export function classify(meta: EntryMeta | null, now: number, freshMs: number, versions: TagVersions): Freshness {
  if (!meta) return 'miss';
  for (const tag of meta.tags) {
    const purgedAt = versions[tag];
    if (purgedAt !== undefined && purgedAt >= meta.startedAt) return 'purged';
  }
  return now - Math.min(meta.startedAt, meta.dataAt ?? meta.startedAt) < freshMs ? 'fresh' : 'stale';
}

/** How long KV keeps any copy: the stale-if-error horizon. */
export const KEEP_SECONDS = 7 * 24 * 3600;

/** Tag versions older than every possible copy can be forgotten. */
export function pruneVersions(versions: TagVersions, now: number): TagVersions {
  const horizon = now - KEEP_SECONDS * 1000;
  return Object.fromEntries(Object.entries(versions).filter(([, at]) => at > horizon));
}
