// Whether a cached copy may be served, decided from its metadata alone (pure, unit-tested).
//
//  fresh    younger than the freshness window and not purged: serve it, nothing else to do.
//  stale    older than the window, not purged: serve it and refresh in the background.
//  purged   one of its tags was purged after the oldest data it was built from was fetched, or
//           the marks are unknown: fetch now; if the upstream fails, the copy is still served
//           (stale-if-error) rather than an error.
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
  /** HTML copies: a validator of the stored text (weak, since each response gets its own nonce). */
  etag?: string;
  /** HTML copies: the random stand-in for the CSP nonce in their scripts. */
  noncePlaceholder?: string;
};

/**
 * Per tag, the instants its purges take effect (ms), ascending: the last one already in effect
 * when they were written, then those still to come. A purge waits for its instant while the one
 * before it still applies.
 */
export type TagVersions = Record<string, number[]>;

/** The tag's purge in effect at `now` (the latest instant not after it), if any. */
export function markAt(marks: number[] | undefined, now: number): number | undefined {
  let found: number | undefined;
  for (const at of marks ?? []) if (at <= now) found = at;
  return found;
}

/** Adds a purge taking effect at `at`; keeps, of the instants already past, only the latest. */
export function addMark(versions: TagVersions, tag: string, at: number, now: number): void {
  const all = [...(versions[tag] ?? []), at].sort((a, b) => a - b);
  const past = all.filter((t) => t <= now);
  versions[tag] = [...past.slice(-1), ...all.filter((t) => t > now)];
}

export type Freshness = 'fresh' | 'stale' | 'purged' | 'miss';

/** The age of the oldest data a copy holds: what a purge and the freshness window compare with. */
export const builtFrom = (meta: EntryMeta) => Math.min(meta.startedAt, meta.dataAt ?? meta.startedAt);

/**
 * `versions` null: the marks could not be read recently enough to trust any copy (the purge
 * bound, tags.server.ts), so every copy is treated as purged. A mark takes effect at its instant,
 * the same everywhere: before it, copies are judged as if it did not exist.
 */
export function classify(meta: EntryMeta | null, now: number, freshMs: number, versions: TagVersions | null): Freshness {
  if (!meta) return 'miss';
  if (!versions) return 'purged';
  const from = builtFrom(meta);
  for (const tag of meta.tags) {
    const purgedAt = markAt(versions[tag], now);
    if (purgedAt !== undefined && purgedAt >= from) return 'purged';
  }
  return now - from < freshMs ? 'fresh' : 'stale';
}

/**
 * Whether a copy may be stored: none of its tags has a mark, even one not yet in effect, at or
 * after its oldest data. A copy built before a purge is never written over a newer one.
 */
export function admissible(meta: EntryMeta, versions: TagVersions): boolean {
  const from = builtFrom(meta);
  return meta.tags.every((tag) => (versions[tag]?.at(-1) ?? -Infinity) < from);
}

/** How long KV keeps any copy: the stale-if-error horizon. */
export const KEEP_SECONDS = 7 * 24 * 3600;

/** Tag versions older than every possible copy can be forgotten. */
export function pruneVersions(versions: TagVersions, now: number): TagVersions {
  const horizon = now - KEEP_SECONDS * 1000;
  return Object.fromEntries(Object.entries(versions).filter(([, marks]) => (marks.at(-1) ?? 0) > horizon));
}
