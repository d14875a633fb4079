import type { Content } from '../../../data/content.server';
import { parseWpDate } from '../../../lib/format/date';
import { toSitePath } from '../../../lib/links';
import { STATIC_LIST_LENGTH } from '../../../data/content.server';
import type { PostCard } from '../../../schemas/post';

// « Nouveaux articles » on the home page (SPEC §7 `posts?after=`, §9 polling every 60 s): how many
// posts were published after the newest one the reader's page showed. Every open home page asks once
// a minute, so the answer comes from `last_posts.json` (already in KV, purged on publish) whenever it
// can tell; WordPress is asked only when all of its posts are newer, and only for a recent date so
// that no caller can make up cache keys without end.

/** How many of the new posts the notice names. */
const NEW_POSTS_NAMED = 3;
/** A page older than this is simply told "at least" what the list holds. */
const ASK_WORDPRESS_WITHIN_MS = 48 * 3600_000;

export type NewPosts = { total: number; atLeast: boolean; posts: Pick<PostCard, 'title' | 'link' | 'date'>[] };

const named = (posts: PostCard[]) =>
  posts.slice(0, NEW_POSTS_NAMED).map(({ title, link, date }) => ({ title, link: toSitePath(link), date }));

export async function postsPublishedAfter(content: Content, after: string, now: number): Promise<NewPosts> {
  const since = parseWpDate(after)?.getTime() ?? now;
  const latest = await content.lastPosts().catch(() => null);
  if (latest) {
    const newer = latest.filter((p) => (parseWpDate(p.date)?.getTime() ?? 0) > since);
    const listTells = latest.length < STATIC_LIST_LENGTH || newer.length < latest.length;
    if (listTells) return { total: newer.length, atLeast: false, posts: named(newer) };
    if (now - since > ASK_WORDPRESS_WITHIN_MS) return { total: newer.length, atLeast: true, posts: named(newer) };
  }
  // To the minute: every reader of the same home page shares one cached answer.
  const answer = await content.postsAfter(after.slice(0, 16), NEW_POSTS_NAMED);
  return { total: answer.total, atLeast: false, posts: named(answer.posts) };
}
