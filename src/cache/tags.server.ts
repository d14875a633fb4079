import { IsolateMemo } from './isolate-memo';
import type { PurgeMarks } from './purge-marks.server';
import type { TagVersions } from './policy';

// Purge marks tags, it deletes nothing: every cached copy lists its tags, and a copy fetched
// before its tag's mark is treated as purged but kept as the last good copy (stale-if-error).
// The marks are written by one Durable Object (purge-marks.server.ts) to one small KV key, read
// without cacheTtl and remembered for KV_MEMO_MS (one second) per isolate (isolate-memo.ts): a
// purge is visible at once in the isolate that took it, within a second elsewhere in the same
// location, and within KV's propagation (about 60 s) in other locations.

/** The KV key the pages read the marks from (written only by PurgeMarks). */
export const MARKS_KEY = 'cache:tag-versions';
// Settled reads only: a page never awaits another request's read of the marks (isolate-memo.ts).
const memo = new IsolateMemo<TagVersions>(undefined, { shareRunning: false });

export function readTagVersions(kv: KVNamespace, memoMs?: number): Promise<TagVersions> {
  return memo.get(MARKS_KEY, async () => ((await kv.get<TagVersions>(MARKS_KEY, 'json')) ?? {}) as TagVersions, memoMs);
}

/** Marks the tags through their single writer; resolves once KV holds them. */
export async function markPurged(marks: DurableObjectNamespace<PurgeMarks>, tags: string[]): Promise<TagVersions> {
  const versions = await marks.get(marks.idFromName('marks')).mark(tags);
  memo.set(MARKS_KEY, versions);
  return versions;
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
