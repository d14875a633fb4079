import { IsolateMemo } from './isolate-memo';
import { pruneVersions, type TagVersions } from './policy';

// Purge marks tags, it deletes nothing: every cached copy lists its tags, and a copy fetched
// before its tag's mark is treated as purged but kept as the last good copy (stale-if-error).
// All marks live in one small KV key, read without cacheTtl and remembered for one second per
// isolate (isolate-memo.ts): a purge is visible at once in the isolate that took it, and within a
// second everywhere else in the same location.

const KEY = 'cache:tag-versions';
const memo = new IsolateMemo<TagVersions>();

const readFromKv = async (kv: KVNamespace) => ((await kv.get<TagVersions>(KEY, 'json')) ?? {}) as TagVersions;

export function readTagVersions(kv: KVNamespace, memoMs?: number): Promise<TagVersions> {
  return memo.get(KEY, () => readFromKv(kv), memoMs);
}

export async function markPurged(kv: KVNamespace, tags: string[], at = Date.now()): Promise<TagVersions> {
  // Read-modify-write, from KV itself: two publishes in the same second could race; the press
  // office publishes far less often than that, and the loser's tags are re-marked by its retry.
  const versions = pruneVersions(await readFromKv(kv), at);
  for (const tag of tags) versions[tag] = at;
  await kv.put(KEY, JSON.stringify(versions));
  memo.set(KEY, versions);
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
