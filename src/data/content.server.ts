import type { Config } from '../config/env.server';
import { readThrough, type EntryStore } from '../cache/entry-store.server';
import { tag } from '../cache/tags.server';
import { createStaticListsClient, STATIC_LIST_LENGTH } from '../upstream/static-lists.server';
import type { PostPage } from '../schemas/post';
import { UpstreamError } from '../upstream/http.server';
import { newsroomMedias } from '../upstream/user.server';
import { createWordPressClient } from '../upstream/wordpress.server';
import { purgeZoneTags, throughTier } from '../upstream/zone-cache.server';
import { perConfig } from './per-config';

// The content the pages read: each upstream call behind the KV cache, with its purge tags, and
// memoised for the request so two parts of a page asking for the settings cost one lookup.

// Bump when a mapped shape changes, so old copies are not misread.
const SCHEMA_VERSION = 'v2';

// A deleted article must disappear even while its old copy is still in KV.
const staleIfError = (error: unknown) => !(error instanceof UpstreamError && error.kind === 'not-found');

const wordPressClient = perConfig(createWordPressClient);
const staticListsClient = perConfig(createStaticListsClient);

export function createContent(config: Config, store: EntryStore, options: { revalidating?: boolean } = {}) {
  const wp = wordPressClient(config);
  const lists = staticListsClient(config);
  const freshMs = config.CONTENT_FRESH_SECONDS * 1000;
  // A page re-rendered in the background is stored as old as its oldest data: data past half the
  // window is refetched first, so the new copy stays fresh at least half a window and no page
  // shows data older than the window.
  const maxAgeMs = options.revalidating ? freshMs / 2 : undefined;
  const memo = new Map<string, Promise<unknown>>();
  // Set when a purged copy had to stand in for a failed upstream: the page is fine to show, but
  // must not be cached as fresh HTML, or the purge would be undone.
  let fellBack = false;
  // The oldest data this request read: a page built from it is no younger (html-cache.server.ts).
  let oldestData: number | null = null;
  // The purge tags of everything this request read, each with its oldest data: a page built from it carries them.
  const tagsRead = new Map<string, number>();
  // Set when a read failed (not "no such thing"): the page shows less than it should, and a copy
  // of it must not be served to the next readers.
  let failed = false;

  /**
   * `tierTags`: the tags WordPress's answer carries in the zone's cache (decision 024), when `tags`
   * depends on the answer: every purge that may concern the copy must name one of them.
   */
  function cached<T>(
    key: string,
    tags: string[] | ((value: T) => string[]),
    load: () => Promise<T>,
    tierTags: string[] = typeof tags === 'function' ? [] : tags,
  ): Promise<T> {
    let p = memo.get(key) as Promise<T> | undefined;
    if (!p) {
      const loadThroughTier = (notBefore: number | undefined) => throughTier(tierTags, notBefore, load);
      const options = { tags, freshMs, maxAgeMs, staleIfError, knownTags: tierTags };
      p = readThrough(store, `data:${SCHEMA_VERSION}:${key}`, options, loadThroughTier).then((r) => {
        if (r.state === 'error-fallback') fellBack = true;
        oldestData = Math.min(oldestData ?? r.startedAt, r.startedAt);
        for (const t of r.meta.tags) tagsRead.set(t, Math.min(tagsRead.get(t) ?? r.startedAt, r.startedAt));
        return r.value;
      });
      p.catch((error: unknown) => {
        if (!(error instanceof UpstreamError && error.kind === 'not-found')) failed = true;
      });
      memo.set(key, p);
    }
    return p;
  }

  /**
   * A category's first page from `latest_posts_{id}.json` (SPEC §7), sparing WordPress the query.
   * The file has no totals: one card more than the page says whether a next page exists.
   */
  async function firstPageFromStaticList(categoryId: number, perPage: number): Promise<PostPage> {
    const posts = await lists.latestOfCategory(categoryId);
    return { posts: posts.slice(0, perPage), page: 1, total: null, totalPages: null, hasNext: posts.length > perPage };
  }

  return {
    /**
     * Any other upstream read, through the same cache: for a feature's own mapping (a CF7 form
     * as the site renders it: features/forms/form-model.server.ts).
     */
    read: cached,
    /**
     * True when the page built from this request's data must not be cached: a read failed, or a
     * purged copy stood in for a failed upstream (cached as fresh, it would undo the purge).
     */
    degraded: () => failed || fellBack,
    /** Removes the zone's copies of WordPress's JSON carrying these tags (decision 024): true when all were taken. */
    purgeZone: (tags: string[], deadlineMs: number) => purgeZoneTags(config, tags, deadlineMs),
    /** When the oldest data read so far was fetched (ms), or null before any read. */
    oldestDataAt: () => oldestData,
    /** The purge tags of the data read so far. */
    tagsRead: () => [...tagsRead.keys()],
    /** When the oldest data read so far with this tag was fetched (ms), or null. */
    tagAge: (tag: string) => tagsRead.get(tag) ?? null,
    settings: () => cached('settings', [tag.site], wp.settings),
    menus: () => cached('menus', [tag.site], wp.menus),
    partners: () => cached('partners', [tag.site], wp.partners),
    // A category's change purges the site (cache/purge.server.ts); publishing a post does not touch the list.
    // The static file first: it costs WordPress no PHP and no database (SPEC §7).
    categories: () => cached('categories', [tag.site], () => lists.categories().catch(() => wp.categories())),
    // A tag created, renamed or deleted purges the site (cache/purge.server.ts, term).
    tags: () => cached('tags', [tag.site], wp.tags),
    home: () => cached('home', [tag.home], wp.home),
    // Stories are listed in the settings: a settings save purges the site, stories with it.
    story: (id: string) => cached(`story:${id}`, [tag.site], () => wp.story(id)),
    lastPosts: () => cached('last_posts', [tag.lists], lists.lastPosts),
    /** The newest cards of each top-level category (static file only: the home's fallback). */
    latestByCategory: () => cached('latest_by_category', [tag.lists], lists.latestByCategory),
    article: (slug: string) =>
      cached(
        `article:${slug}`,
        (a) => [tag.post(slug), tag.postId(a.id)],
        () => wp.article(slug),
        [tag.post(slug)],
      ),
    // A page that shows the latest posts or the next events (team pages) follows their purges too.
    page: (slug: string) =>
      cached(
        `page:${slug}`,
        (p) => [tag.site, `page:${slug}`, ...(p.news.length > 0 ? [tag.lists] : []), ...(p.future_events.length > 0 ? [tag.events] : [])],
        () => wp.page(slug),
        [tag.site, `page:${slug}`, tag.lists, tag.events],
      ),
    events: (start: string, end: string) => cached(`events:${start}:${end}`, [tag.events], () => wp.events({ start, end })),
    /** Events ending after the start of a Paris day (YYYY-MM-DD): one copy a day. */
    futureEvents: (day: string) => cached(`future_events:${day}`, [tag.events], () => wp.futureEvents(`${day}T00:00:00`)),
    newsroomMedias: () => cached('newsroom_medias', [tag.site], () => newsroomMedias(config)),
    /** A post of any status, for a preview or an embargo link (features/previews): never cached, never memoised. */
    unpublished: (id: number, as: 'preview' | { bearer: string }) => wp.postById(id, as),
    /** All published posts, newest first, by pages (feeds and sitemaps). */
    posts: (page: number, perPage: number) => cached(`posts:p${page}:n${perPage}`, [tag.lists], () => wp.posts({ page, perPage })),
    /** Posts published after a Paris wall-clock minute, counted by WordPress (features/reading/home/new-posts.server.ts). */
    postsAfter: (after: string, perPage: number) =>
      cached(`posts_after:${after}:n${perPage}`, [tag.lists], () => wp.postsAfter(after, perPage)),
    // An author is listed only once they have published (wp/v2/users), and their page lists their
    // posts: both change with a post's publication. The purge body names no author, so both follow
    // `lists`, which every post purge marks (cache/purge.server.ts), as the feeds' lists do.
    author: (slug: string) => cached(`author:${slug}`, [tag.lists], () => wp.author(slug)),
    postsOfAuthor: (authorId: number, page: number, perPage: number) =>
      cached(`posts:a${authorId}:p${page}:n${perPage}`, [tag.lists], () => wp.posts({ authorId, page, perPage })),
    /** The `auteur` of one post (its press contact): refreshed with that post. */
    postAuthor: (slug: string) =>
      cached(
        `post_author:${slug}`,
        (p) => [tag.post(slug), tag.postId(p.id)],
        () => wp.postAuthor(slug),
        [tag.post(slug)],
      ),
    postsOfCategory: (categoryId: number, page: number, perPage: number) =>
      cached(`posts:c${categoryId}:p${page}:n${perPage}`, [tag.category(categoryId)], () =>
        page === 1 && perPage < STATIC_LIST_LENGTH
          ? firstPageFromStaticList(categoryId, perPage).catch(() => wp.posts({ categoryId, page, perPage }))
          : wp.posts({ categoryId, page, perPage }),
      ),
  };
}

export type Content = ReturnType<typeof createContent>;

/** How many posts each static list holds: fewer means the list is the whole story. */
export { STATIC_LIST_LENGTH };
