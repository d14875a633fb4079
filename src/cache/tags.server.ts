import { addMark, admissible, pruneVersions, type EntryMeta, type TagVersions } from './policy';
import type { PurgeMarks } from './purge-marks.server';
import { log, noteMarks } from '../observability/log.server';
import { deadline } from '../lib/deadline';

// Purge marks tags, it deletes nothing: every cached copy lists its tags, and a copy built from
// data older than its tag's mark is treated as purged but kept as the last good copy
// (stale-if-error). The marks live in one Durable Object (purge-marks.server.ts), far from most
// locations (Sydney is ~280 ms away), so no reader waits on it (decision 016):
//  - each isolate keeps a copy, refreshed behind the answers once it is half the bound old
//    (`boundMs`, PURGE_BOUND_MS), one refresh at a time, from its location's copy (the Cache API,
//    near and shared by the location's isolates) or else from the object; and kept refreshed for
//    PURGE_KEEP_WARM_MS (20 s) after each request, so that an isolate with a request every few
//    seconds finds it current too (the loop lives in a request's waitUntil, which Workers keep
//    30 s at most: a newer request's takes over after HANDOVER_MS);
//  - a location reads the object once for all its isolates: the first to find the location's copy
//    half the bound old says so in the Cache API (a reading note) and reads; the others wait for
//    its answer in the location's copy. Their wake-ups are staggered, so that one of them is first;
//  - a mark takes effect `boundMs` after it is stored: by then every current copy holds it;
//  - a request waits only when its isolate's copy is older than the bound, and then until the
//    read is overdue: twice the location's usual read time (MARKS_WAIT_MS at least), so a far
//    location (Papeete, ~400 ms) gets its answer too; after that, and whenever the object fails,
//    is slow or answers `overloaded`, copies are judged against the last-known marks: never
//    « everything purged », which would send every reader to WordPress at once. No lease is asked
//    for meanwhile, so nothing is written;
//  - a purge is acknowledged once a read started after its mark has come back everywhere: the
//    bound, or more when the object answers slowly (the purge's own call tells how slowly).

/** `readMs`: how long the read took (the location's copy says so, for its other isolates). */
type MarksCopy = { versions: TagVersions; fetchedAt: number; readMs?: number };

export type MarksSource = {
  marks: DurableObjectNamespace<PurgeMarks>;
  /** The purge bound (ms): how late a mark takes effect, and how old a current copy of the marks may be. */
  boundMs: number;
  /** How long after the last request the copy is kept current (PURGE_KEEP_WARM_MS; 0: on requests only). */
  keepWarmMs: number;
  /** This location's cache, and the site's origin its key is written under. */
  local?: { cache: Cache; origin: string };
  waitUntil: (promise: Promise<unknown>) => void;
};

/** What a request judges cached copies with. */
export type Marks = {
  versions: TagVersions;
  /** False: the copy is older than the bound, or the object fails or answers late: the last-known marks. */
  current: boolean;
  /** How old the copy is (ms); Infinity when this isolate knows none. */
  ageMs: number;
};

/** The least a request waits for the marks, once per failure (then the last-known ones). */
export const MARKS_WAIT_MS = 300;
/** A location whose read time is not known yet is taken to be this far (the farthest we serve, with its jitter). */
const FAR_READ_MS = 500;
/**
 * An object call that takes longer than its deadline is a failure (its answer is still taken if it
 * comes): a lease 2 s; a read the bound (an answer older than that is no current copy); a purge 4 s,
 * so that with the bound (3 s) it answers within the plugin's 8 s.
 */
const OBJECT_DEADLINE_MS = 2000;
const MARK_DEADLINE_MS = 4000;
const readDeadline = (boundMs: number) => Math.max(1000, boundMs);
/** A refresh loop hands over to a newer request's after this: a request's waitUntil lasts 30 s at most. */
const HANDOVER_MS = 5000;
/** Failed reads are retried after 1 s, doubling up to this: a failing object is not asked every tick. */
const MAX_BACKOFF_MS = 8000;
/** Releases wait this many times the claims' window (PURGE_LEASE_BATCH_MS) to travel with claims. */
const RELEASE_WAITS = 4;
const CLAIMS_SPREAD = 8;
const MAX_BATCH = 64;

let copy: MarksCopy | null = null;
let refreshing: { startedAt: number; done: Promise<void> } | null = null;
let loop: { startedAt: number } | null = null;
let lastRequestAt = -Infinity;
/** Since when the object fails or answers late (null: it answers in time); cleared by a timely answer. */
let failingSince: number | null = null;
let retryAt = -Infinity;
let backoffMs = 1000;
let loggedAt = -Infinity;
/** The location's usual read time (ms): the longest of its recent timely reads, slowly forgotten. */
let usualReadMs: number | null = null;

// Placed in Western Europe, where WordPress and the press office are and most readers are: the
// purge path (WordPress → a location near it → the object) stays short, and the far locations'
// reads are behind their answers anyway. A hint only applies when the object is first created.
const stub = (marks: DurableObjectNamespace<PurgeMarks>) => marks.get(marks.idFromName('marks'), { locationHint: 'weur' });
const localKey = (origin: string) => `${origin}/__cache/purge-marks`;
const readingKey = (origin: string) => `${origin}/__cache/purge-marks-reading`;
/** How often an isolate looks for the answer another isolate of its location is reading. */
const POLL_MS = 25;
/**
 * A read asks only for the tags marked since the newest mark the isolate knows, less this much:
 * the object's clock may be another machine's after a restart.
 */
const CLOCK_MARGIN_MS = 10_000;

/** The newest mark of a copy: what a read asks the changes since. */
function newestMark(versions: TagVersions): number {
  let newest = Number.NEGATIVE_INFINITY;
  for (const marks of Object.values(versions)) newest = Math.max(newest, marks.at(-1) ?? newest);
  return newest;
}

/** When a read started at `startedAt` is overdue: twice the location's usual read time, within the read's deadline. */
const overdueAt = (startedAt: number, boundMs: number) =>
  startedAt + Math.min(readDeadline(boundMs), Math.max(MARKS_WAIT_MS, 2 * (usualReadMs ?? FAR_READ_MS) + 100));

/** A read that came back in time (half the bound): the location's usual read time follows it. */
function timely(readMs: number, boundMs: number): boolean {
  if (readMs >= boundMs / 2) return false;
  usualReadMs = Math.max(readMs, Math.round((usualReadMs ?? readMs) * 0.9));
  return true;
}

function keep(next: MarksCopy): void {
  if (!copy || next.fetchedAt > copy.fetchedAt) copy = next;
}

// Not current while the object fails or answers late, however recent its last answer: a copy judged
// so is served as it is, not refreshed behind the answer. A refresh could not be stored (no lease
// meanwhile), so every isolate would fetch it from WordPress for itself, again and again.
function view(boundMs: number, now = Date.now()): Marks {
  if (!copy) return { versions: {}, current: false, ageMs: Number.POSITIVE_INFINITY };
  const ageMs = now - copy.fetchedAt;
  return { versions: copy.versions, current: ageMs < boundMs && failingSince === null, ageMs };
}

/**
 * An object call failed (or answered past its deadline): copies are judged with the last-known
 * marks and nothing is written until a timely read. `backOff`: the next read waits (reads only: a
 * lease batch gathered before the failure and sent late must not keep the isolate from reading
 * once the object is back, serving its last-known copies seconds longer than its location's others).
 */
function failed(at: number, error: unknown, backOff = true): void {
  failingSince ??= at;
  if (backOff) {
    retryAt = Date.now() + backoffMs;
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
  }
  // Once every 10 s per isolate: an outage must not write a line per request.
  if (Date.now() - loggedAt >= 10_000) {
    loggedAt = Date.now();
    log.warn('purge_marks.unreachable', { error: log.describe(error), since: new Date(failingSince).toISOString(), ageMs: view(0).ageMs });
  }
}

/** The location's copy, kept when newer than this isolate's; true when it is recent enough to ask nothing. */
async function fromLocation(local: NonNullable<MarksSource['local']>, boundMs: number): Promise<boolean> {
  const found = await local.cache.match(localKey(local.origin)).catch(() => undefined);
  const shared = found ? ((await found.json().catch(() => null)) as MarksCopy | null) : null;
  if (!shared || typeof shared.fetchedAt !== 'number') return false;
  if (!copy || shared.fetchedAt > copy.fetchedAt) {
    keep(shared);
    // Another isolate's read says how the object answers this location now.
    if (typeof shared.readMs === 'number' && timely(shared.readMs, boundMs)) {
      if (failingSince !== null && shared.fetchedAt >= failingSince) failingSince = null;
    } else if (typeof shared.readMs === 'number') failingSince ??= shared.fetchedAt;
  }
  return Date.now() - copy!.fetchedAt < boundMs / 2;
}

/**
 * One isolate of the location reads the object: null when this one should (it noted so in the
 * location's cache), else until when another is reading, its answer due in the location's copy.
 */
async function claimRead(local: NonNullable<MarksSource['local']>, boundMs: number): Promise<number | null> {
  const found = await local.cache.match(readingKey(local.origin)).catch(() => undefined);
  const reading = found ? ((await found.json().catch(() => null)) as { until?: number } | null) : null;
  if (typeof reading?.until === 'number' && reading.until > Date.now()) return reading.until;
  const until = overdueAt(Date.now(), boundMs);
  await local.cache
    .put(
      readingKey(local.origin),
      new Response(JSON.stringify({ until }), {
        headers: { 'cache-control': `max-age=${Math.ceil((until - Date.now()) / 1000) + 1}`, 'content-type': 'application/json' },
      }),
    )
    .catch(() => undefined);
  return null;
}

/** One refresh per isolate at a time: the location's copy if recent enough, else the object's, read once per location. */
function refresh(source: MarksSource): Promise<void> {
  const now = Date.now();
  // A refresh whose request was cancelled never settles: past its deadline, another may start.
  if (refreshing && now - refreshing.startedAt < readDeadline(source.boundMs) + 500) return refreshing.done;
  const done = (async () => {
    const { local, boundMs } = source;
    if (local && (await fromLocation(local, boundMs))) return;
    if (Date.now() < retryAt) return;
    if (local) {
      // Another isolate of this location is reading: its answer lands in the location's copy.
      const othersUntil = await claimRead(local, boundMs);
      if (othersUntil !== null) {
        while (Date.now() < othersUntil) {
          await scheduler.wait(POLL_MS);
          if (await fromLocation(local, boundMs)) return;
        }
        return;
      }
    }
    const startedAt = Date.now();
    try {
      // Counted from before the call: every mark stored before it is in the answer. Only what
      // changed since the newest mark this isolate knows travels; each tag that did comes whole.
      const since = copy ? newestMark(copy.versions) - CLOCK_MARGIN_MS : undefined;
      const changed = await deadline(stub(source.marks).read(since), readDeadline(boundMs));
      const readMs = Date.now() - startedAt;
      const versions = since === undefined || !copy ? changed : pruneVersions({ ...copy.versions, ...changed }, Date.now());
      keep({ versions, fetchedAt: startedAt, readMs });
      backoffMs = 1000;
      // An answer that took half the bound is no better than none: waiting on the next one would not help.
      if (timely(readMs, boundMs)) failingSince = null;
      else failingSince ??= startedAt;
      if (local && copy) {
        const body = JSON.stringify(copy);
        // Kept a day: an isolate that starts during an outage still finds the last-known marks.
        await local.cache
          .put(
            localKey(local.origin),
            new Response(body, { headers: { 'cache-control': 'max-age=86400', 'content-type': 'application/json' } }),
          )
          .catch(() => undefined);
      }
    } catch (error) {
      failed(startedAt, error);
    }
  })();
  refreshing = { startedAt: now, done };
  done.finally(() => {
    if (refreshing?.done === done) refreshing = null;
  });
  return done;
}

/** Keeps this isolate's copy current for KEEP_WARM_MS after the last request, behind the answers. */
async function keepWarm(source: MarksSource, me: { startedAt: number }): Promise<void> {
  const soft = source.boundMs / 2;
  while (loop === me && Date.now() - lastRequestAt < source.keepWarmMs) {
    if (view(source.boundMs).ageMs >= soft && Date.now() >= retryAt) await refresh(source);
    // Staggered, so that one isolate of the location is first to find its copy old and reads for all.
    let wait = copy ? copy.fetchedAt + soft + Math.random() * (soft / 3) - Date.now() : 0;
    if (retryAt > Date.now()) wait = Math.max(wait, retryAt - Date.now());
    await scheduler.wait(Math.max(wait, 50));
  }
  if (loop === me) loop = null;
}

/** The marks to judge this request's cached copies with (see above). */
export async function readMarks(source: MarksSource): Promise<Marks> {
  const { boundMs } = source;
  // Tests: a bound of 0 reads the object on every request.
  if (boundMs === 0) {
    const startedAt = Date.now();
    try {
      keep({ versions: await stub(source.marks).read(), fetchedAt: startedAt });
      failingSince = null;
      return { versions: copy!.versions, current: true, ageMs: 0 };
    } catch (error) {
      failed(startedAt, error);
      return view(boundMs);
    }
  }
  const now = Date.now();
  lastRequestAt = now;
  // The hot path: a current copy and a loop keeping it so.
  if (
    copy &&
    failingSince === null &&
    now - copy.fetchedAt < boundMs / 2 &&
    (source.keepWarmMs === 0 || (loop && now - loop.startedAt < HANDOVER_MS))
  ) {
    return { versions: copy.versions, current: true, ageMs: now - copy.fetchedAt };
  }
  if (source.keepWarmMs === 0) {
    if (!refreshing && now >= retryAt) source.waitUntil(refresh(source));
  } else if (!loop || now - loop.startedAt >= HANDOVER_MS) {
    const me = { startedAt: now };
    loop = me;
    source.waitUntil(keepWarm(source, me));
  }
  const known = view(boundMs, now);
  if (known.current || failingSince !== null) {
    if (!known.current) noteMarks({ ageMs: known.ageMs, since: failingSince });
    return known;
  }
  // Older than the bound and no failure known: this request waits for the refresh until it is overdue.
  const running = refresh(source);
  const until = overdueAt(refreshing?.startedAt ?? now, boundMs);
  const answered = await Promise.race([running.then(() => true), scheduler.wait(Math.max(0, until - now)).then(() => false)]);
  const after = view(boundMs);
  if (!answered && !after.current) failingSince ??= now;
  noteMarks({ waitedMs: Date.now() - now, ...(after.current ? {} : { ageMs: after.ageMs }) });
  return after;
}

/** The isolate's view of the object, for /__health. */
export function marksState(boundMs: number): { ageMs: number | null; current: boolean; failingSince: string | null } {
  const known = view(boundMs);
  return {
    ageMs: Number.isFinite(known.ageMs) ? known.ageMs : null,
    current: known.current,
    failingSince: failingSince === null ? null : new Date(failingSince).toISOString(),
  };
}

/**
 * Marks the tags purged; resolves with the instant the purge is visible everywhere (rejects past
 * the deadline: 503). That is when it takes effect (the bound after it was stored), or later when
 * the object answers slowly: every location's reads are then about as slow as this call, plus
 * their own distance, and a read started after the mark must have come back (one running when it
 * was stored, then the next).
 */
export async function markPurged(
  marks: DurableObjectNamespace<PurgeMarks>,
  tags: string[],
  boundMs: number,
  once?: { id: string; until: number },
): Promise<number | 'replayed'> {
  const sentAt = Date.now();
  const answer = await deadline(stub(marks).mark(tags, boundMs, once), MARK_DEADLINE_MS);
  if (answer.replayed) return 'replayed';
  const { effectiveAt } = answer;
  const tookMs = Date.now() - sentAt;
  if (copy) {
    const versions = { ...copy.versions };
    for (const t of tags) addMark(versions, t, effectiveAt - boundMs, Date.now() - boundMs);
    copy = { ...copy, versions };
  }
  // Tests (a bound of 0) read the object on every request: visible at once.
  if (boundMs === 0) return effectiveAt;
  return Math.max(effectiveAt, effectiveAt - boundMs + 2 * (tookMs + FAR_READ_MS));
}

// ── Leases: the right to write a copy (purge-marks.server.ts), asked behind the answer ──

type Claim = { key: string; meta: Pick<EntryMeta, 'startedAt' | 'dataAt' | 'tags' | 'tagsAt'>; resolve: (token: string | null) => void };
type Batch = { claims: Claim[]; releases: { key: string; token: string }[]; sent: boolean; done: Promise<void> };
let batch: Batch | null = null;

/**
 * The batch being gathered: a claim is sent within the claims' window (PURGE_LEASE_BATCH_MS, 1 s, spread);
 * a release waits four to eight times that for claims to travel with (a publish sets off many
 * writes, each released).
 */
function gather(marks: DurableObjectNamespace<PurgeMarks>, withinMs: number, claimsWithinMs: number): Batch {
  let into = batch;
  if (!into || into.claims.length + into.releases.length >= MAX_BATCH) {
    const created: Batch = { claims: [], releases: [], sent: false, done: Promise.resolve() };
    into = batch = created;
    created.done = scheduler.wait(spread(withinMs, claimsWithinMs)).then(() => send(marks, created));
  } else if (withinMs === claimsWithinMs && into.claims.length === 0) {
    // A release-only batch waiting longer: the first claim sets it off sooner.
    const sooner = into;
    into.done = scheduler.wait(spread(withinMs, claimsWithinMs)).then(() => send(marks, sooner));
  }
  return into;
}

/**
 * A claims' window is drawn between once and CLAIMS_SPREAD times PURGE_LEASE_BATCH_MS, a releases'
 * between once and twice its wait: a purge takes effect at the same instant everywhere, and every
 * isolate that re-renders then would otherwise call the object in the same second (its peak).
 * Readers wait for none of it; a lease is held from its grant, so it is held no longer.
 */
const spread = (withinMs: number, claimsWithinMs: number) =>
  withinMs * (1 + (withinMs === claimsWithinMs ? CLAIMS_SPREAD - 1 : 1) * Math.random());

async function send(marks: DurableObjectNamespace<PurgeMarks>, sent: Batch): Promise<void> {
  if (sent.sent) return;
  sent.sent = true;
  if (batch === sent) batch = null;
  const { claims, releases } = sent;
  const startedAt = Date.now();
  try {
    const tokens = await deadline(
      stub(marks).lease(
        claims.map(({ key, meta }) => ({ key, meta })),
        releases,
      ),
      OBJECT_DEADLINE_MS,
    );
    for (const [i, c] of claims.entries()) c.resolve(tokens[i] ?? null);
  } catch (error) {
    failed(startedAt, error, false);
    for (const c of claims) c.resolve(null);
  }
}

/**
 * Asks for the right to write this copy under `key`; resolves with the release to call once
 * written, or null when it must not be written: refused, hopeless by this isolate's own marks, or
 * the object failing (nothing is written that it has not allowed). Called behind the answer.
 */
export async function leaseWrite(
  marks: DurableObjectNamespace<PurgeMarks>,
  key: string,
  meta: EntryMeta,
  boundMs: number,
  batchMs: number,
): Promise<(() => Promise<void>) | null> {
  if (failingSince !== null || (copy && !admissible(meta, copy.versions))) return null;
  const { startedAt, dataAt, tags, tagsAt } = meta;
  const claim = { key, meta: { startedAt, dataAt, tags, tagsAt } };
  // Tests (a bound of 0): at once, so that a test's writes are done before the next one starts.
  if (boundMs === 0) {
    const [token] = await stub(marks)
      .lease([claim], [])
      .catch(() => [null]);
    return token
      ? () =>
          stub(marks)
            .lease([], [{ key, token }])
            .then(
              () => undefined,
              () => undefined,
            )
      : null;
  }
  const token = await new Promise<string | null>((resolve) => gather(marks, batchMs, batchMs).claims.push({ ...claim, resolve }));
  if (!token) return null;
  return () => {
    const into = gather(marks, RELEASE_WAITS * batchMs, batchMs);
    into.releases.push({ key, token });
    return into.done;
  };
}

/** Tag names, in one place so that writers and purgers agree. */
export const tag = {
  site: 'site',
  home: 'home',
  lists: 'lists',
  events: 'events',
  forms: 'forms',
  post: (slug: string) => `post:${slug}`,
  postId: (id: number) => `post-id:${id}`,
  category: (id: number) => `category:${id}`,
  categorySlug: (slug: string) => `category-slug:${slug}`,
};
