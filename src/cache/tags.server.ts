import { addMark, type EntryMeta, type TagVersions } from './policy';
import type { PurgeMarks } from './purge-marks.server';
import { log } from '../observability/log.server';

// Purge marks tags, it deletes nothing: every cached copy lists its tags, and a copy built from
// data older than its tag's mark is treated as purged but kept as the last good copy
// (stale-if-error). The marks live in one Durable Object (purge-marks.server.ts). A page reads
// them from a copy at most `boundMs` old: this isolate's, else this location's (the Cache API,
// shared by its isolates, trusted for half the bound so that an isolate's copy of it still ends
// within the bound), else the object itself. A mark takes effect `boundMs` after it is stored,
// so by then every copy in use holds it. Without a copy that recent (the object unreachable),
// the marks are unknown and every cached copy is treated as purged: the pages come from the
// upstream until the object answers again. See docs/decisions/016-purge-bound-everywhere.md.

type MarksCopy = { versions: TagVersions; fetchedAt: number };

export type MarksSource = {
  marks: DurableObjectNamespace<PurgeMarks>;
  /** The purge bound (ms): how old a copy of the marks may be, and how late a mark takes effect. */
  boundMs: number;
  /** This location's cache, and the site's origin its key is written under. */
  local?: { cache: Cache; origin: string };
  waitUntil: (promise: Promise<unknown>) => void;
};

let isolateCopy: MarksCopy | null = null;
/** After a failed read of the object, this isolate waits this long before asking again. */
const RETRY_AFTER_FAILURE_MS = 1000;
let failedAt = -Infinity;

const stub = (marks: DurableObjectNamespace<PurgeMarks>) => marks.get(marks.idFromName('marks'));
const localKey = (origin: string) => `${origin}/__cache/purge-marks`;

function keep(copy: MarksCopy): MarksCopy {
  if (!isolateCopy || copy.fetchedAt > isolateCopy.fetchedAt) isolateCopy = copy;
  return isolateCopy;
}

/** The marks as of at most `boundMs` ago, or null when no copy that recent can be had. */
export async function readMarks(source: MarksSource): Promise<TagVersions | null> {
  const now = Date.now();
  // The hot path: a warm hit compares one number.
  if (isolateCopy && now - isolateCopy.fetchedAt < source.boundMs) return isolateCopy.versions;
  const { local } = source;
  if (local && source.boundMs > 0) {
    const found = await local.cache.match(localKey(local.origin)).catch(() => undefined);
    const copy = found ? ((await found.json().catch(() => null)) as MarksCopy | null) : null;
    if (copy && typeof copy.fetchedAt === 'number' && now - copy.fetchedAt < source.boundMs / 2) return keep(copy).versions;
  }
  if (now - failedAt < RETRY_AFTER_FAILURE_MS) return null;
  try {
    // Counted from before the call: every mark stored before it is in the answer.
    const copy = keep({ versions: await stub(source.marks).read(), fetchedAt: now });
    if (local && source.boundMs > 0) {
      const body = JSON.stringify(copy);
      source.waitUntil(
        local.cache
          .put(
            localKey(local.origin),
            new Response(body, { headers: { 'cache-control': 'max-age=60', 'content-type': 'application/json' } }),
          )
          .catch(() => undefined),
      );
    }
    return copy.versions;
  } catch (error) {
    failedAt = now;
    log.warn('purge_marks.unreachable', { error: log.describe(error) });
    return null;
  }
}

/** Marks the tags purged; resolves with the instant the purge takes effect everywhere. */
export async function markPurged(marks: DurableObjectNamespace<PurgeMarks>, tags: string[], boundMs: number): Promise<number> {
  const { effectiveAt } = await stub(marks).mark(tags, boundMs);
  if (isolateCopy) {
    const versions = { ...isolateCopy.versions };
    for (const t of tags) addMark(versions, t, effectiveAt - boundMs, Date.now() - boundMs);
    isolateCopy = { ...isolateCopy, versions };
  }
  return effectiveAt;
}

/**
 * Asks for the right to write this copy under `key` (purge-marks.server.ts); resolves with the
 * release to call once written, or null when the copy must not be written (or the object cannot
 * be reached: nothing is written that it has not allowed).
 */
export async function leaseWrite(
  marks: DurableObjectNamespace<PurgeMarks>,
  key: string,
  meta: EntryMeta,
): Promise<(() => Promise<void>) | null> {
  const object = stub(marks);
  const token = await object
    .claim(key, { startedAt: meta.startedAt, dataAt: meta.dataAt, tags: meta.tags, tagsAt: meta.tagsAt })
    .catch(() => null);
  return token ? () => object.release(key, token).catch(() => undefined) : null;
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
