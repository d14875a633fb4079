// Whether a cached copy may be served, decided from its metadata alone (pure, unit-tested).
//
//  fresh    younger than the freshness window and not purged: serve it, nothing else to do.
//  stale    older than the window, not purged: serve it and refresh in the background.
//  purged   one of its tags was purged after the oldest data it was built from was fetched:
//           fetch now; if the upstream fails, the copy is still served (stale-if-error) rather
//           than an error. Judged against the last-known marks when recent ones cannot be had
//           (tags.server.ts): an unreachable purge object never sends every reader to WordPress.
//  miss     nothing cached.
// See docs/decisions/016-purge-bound-everywhere.md.

export type EntryMeta = {
  /** When the fetch or render that produced this copy *started* (ms): a purge that lands while
   * an old response is in flight must still win. */
  startedAt: number;
  /**
   * HTML copies: when the oldest data the page was built from was fetched. A page is as old as
   * that, for freshness and for purges alike: a page re-rendered after a purge from data fetched
   * before it shows the old text, however late the render started.
   */
  dataAt?: number;
  tags: string[];
  /**
   * HTML copies: for each tag (same order as `tags`), when the oldest data carrying it was
   * fetched. A purge of a post concerns the data of that post, not the menus fetched a minute
   * earlier: judged by the page's oldest data alone, every page re-rendered after a purge would
   * count as purged again until its unrelated data was refreshed.
   */
  tagsAt?: number[];
  /** HTML copies: a validator of the stored text (weak, since each response gets its own nonce). */
  etag?: string;
  /** HTML copies: the random stand-in for the CSP nonce in their scripts. */
  noncePlaceholder?: string;
};

/**
 * Per tag, the instants its purges were stored (ms), ascending: the last one already in effect
 * when they were written, then those still waiting. A purge stored at T takes effect at T + the
 * purge bound (PURGE_BOUND_MS), the same instant everywhere; from then on, copies built from
 * data older than T are purged. Meanwhile the purge before it still applies.
 */
export type TagVersions = Record<string, number[]>;

/** The tag's purge in effect when every purge stored up to `storedBy` is (the latest one), if any. */
export function markAt(marks: number[] | undefined, storedBy: number): number | undefined {
  let found: number | undefined;
  for (const at of marks ?? []) if (at <= storedBy) found = at;
  return found;
}

/** Adds a purge stored at `at`; of those in effect (stored up to `storedBy`), keeps only the latest. */
export function addMark(versions: TagVersions, tag: string, at: number, storedBy: number): void {
  const all = [...(versions[tag] ?? []), at].sort((a, b) => a - b);
  const inEffect = all.filter((t) => t <= storedBy);
  versions[tag] = [...inEffect.slice(-1), ...all.filter((t) => t > storedBy)];
}

export type Freshness = 'fresh' | 'stale' | 'purged' | 'miss';

/** The age of the oldest data a copy holds: what the freshness window compares with. */
export const builtFrom = (meta: EntryMeta) => Math.min(meta.startedAt, meta.dataAt ?? meta.startedAt);

/** When the oldest data behind one of the copy's tags was fetched: what a purge of that tag compares with. */
function taggedAt(meta: EntryMeta, index: number): number {
  return meta.tagsAt?.[index] ?? builtFrom(meta);
}

/**
 * A purge takes effect `boundMs` after it was stored, the same instant everywhere: before it,
 * copies are judged as if it did not exist.
 */
export function classify(meta: EntryMeta | null, now: number, freshMs: number, versions: TagVersions, boundMs = 0): Freshness {
  if (!meta) return 'miss';
  if (purgedBy(meta, now, versions, boundMs) !== undefined) return 'purged';
  return now - builtFrom(meta) < freshMs ? 'fresh' : 'stale';
}

/** The newest purge in effect that concerns the copy (when it was stored), if any. */
export function purgedBy(meta: EntryMeta, now: number, versions: TagVersions, boundMs = 0): number | undefined {
  let newest: number | undefined;
  for (const [i, tag] of meta.tags.entries()) {
    const at = markAt(versions[tag], now - boundMs);
    if (at !== undefined && at >= taggedAt(meta, i) && (newest === undefined || at > newest)) newest = at;
  }
  return newest;
}

/**
 * Whether a copy may be stored: none of its tags has a purge, even one not yet in effect, stored
 * at or after its oldest data. Data fetched after a purge arrived is WordPress's new text (the
 * plugin purges after the save), so it may be stored at once; a copy built before is never.
 */
export function admissible(meta: EntryMeta, versions: TagVersions): boolean {
  return meta.tags.every((tag, i) => (versions[tag]?.at(-1) ?? -Infinity) < taggedAt(meta, i));
}

/** How long KV keeps any copy: the stale-if-error horizon. */
export const KEEP_SECONDS = 7 * 24 * 3600;

/** Tag versions older than every possible copy can be forgotten. */
export function pruneVersions(versions: TagVersions, now: number): TagVersions {
  const horizon = now - KEEP_SECONDS * 1000;
  return Object.fromEntries(Object.entries(versions).filter(([, marks]) => (marks.at(-1) ?? 0) > horizon));
}
