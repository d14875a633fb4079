import * as z from 'zod';
import type { Config } from '../config/env.server';
import { CategorySchema, type Category } from '../schemas/category';
import { EventSchema } from '../schemas/event';
import { HomeSchema } from '../schemas/home';
import { list } from '../schemas/mapping';
import { MenusSchema } from '../schemas/menu';
import { PartnerSchema } from '../schemas/partner';
import { PostCardSchema, type PostCard, type PostPage } from '../schemas/post';
import { SettingsSchema } from '../schemas/settings';
import { TagSchema } from '../schemas/tag';
import { ArticleSchema, PreviewPostSchema } from '../schemas/article';
import { PostAuthorSchema, WpUserSchema, type PostAuthor, type WpUser } from '../schemas/author';
import { PageSchema } from '../schemas/page';
import { StorySchema } from '../schemas/story';
import { basicAuth, requestJson, UpstreamError } from './http.server';
import { tierOptions } from './zone-cache.server';
import { parseWpDate } from '../lib/format/date';

// The federation's WordPress, `/wp-json/ffr/v1` (SPEC §7). Containers are strict (an object where a
// list belongs is a malformed response); the entities inside follow the mapping rule.

const array = <T extends z.ZodType>(item: T) => z.array(z.unknown()).pipe(list(item));

/** SPEC §9: events are asked 300 at a time; WordPress core's collections stop at 100. */
const EVENTS_PER_PAGE = 300;
const WP_MAX_PER_PAGE = 100;
/** Past this many pages a collection is cut rather than read forever. */
const MAX_PAGES = 50;

/** X-WP-Total / X-WP-TotalPages, when WordPress sent both as numbers. */
function pagingTotals(headers: Headers): { total: number; totalPages: number } | null {
  const total = Number(headers.get('x-wp-total') ?? NaN);
  const totalPages = Number(headers.get('x-wp-totalpages') ?? NaN);
  return Number.isInteger(total) && Number.isInteger(totalPages) && total >= 0 && totalPages >= 0 ? { total, totalPages } : null;
}

/** A page past the last one: WordPress answers 400 rest_post_invalid_page_number (class-wp-rest-posts-controller.php). */
function pastTheEnd(error: unknown): never {
  if (error instanceof UpstreamError && error.status === 400 && error.code === 'rest_post_invalid_page_number') {
    throw new UpstreamError('not-found', error.url, 400, error.code);
  }
  throw error;
}

/** Reads page after page: up to X-WP-TotalPages when sent, else until a short or empty page. */
async function readAllPages<T>(perPage: number, fetchPage: (page: number) => Promise<{ data: T[]; headers: Headers }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    let answer: { data: T[]; headers: Headers };
    try {
      answer = await fetchPage(page);
    } catch (error) {
      if (page > 1 && error instanceof UpstreamError && error.code === 'rest_post_invalid_page_number') break;
      throw error;
    }
    items.push(...answer.data);
    const totals = pagingTotals(answer.headers);
    if (totals ? page >= totals.totalPages : answer.data.length < perPage) break;
  }
  return items;
}

export function createWordPressClient(config: Config) {
  const base = `${config.WP_API_URL}/ffr/v1`;
  const get = <S extends z.ZodType>(path: string, schema: S) =>
    requestJson(`${base}${path}`, schema, { timeoutMs: config.UPSTREAM_TIMEOUT_MS, tier: tierOptions(config) });

  return {
    settings: async () => (await get('/settings', z.object({}).loose().pipe(SettingsSchema))).data,
    menus: async () => (await get('/nav-menus?mode=hierarchical', z.object({}).loose().pipe(MenusSchema))).data,
    home: async () => (await get('/home', z.object({}).loose().pipe(HomeSchema))).data,
    partners: async () => (await get('/partenaires_banniere', array(PartnerSchema))).data,
    /** Every post tag (SPEC §7 `/ffr/v1/Tags`, capital T as the federation registered it). */
    tags: async () => (await get('/Tags', array(TagSchema))).data,
    /** One story of « Recherches du moment » by its id (SPEC §7); an unknown id is a 404, as for any post id. */
    story: async (id: string) => (await get(`/stories/${encodeURIComponent(id)}`, z.object({}).loose().pipe(StorySchema))).data,
    categories: async (): Promise<Category[]> => (await get('/categories', array(CategorySchema))).data,

    /**
     * A page of cards, newest first, with WordPress's totals (SPEC §7, §9: 4 on a category's first
     * page). Without X-WP-Total / X-WP-TotalPages (a proxy may strip them) the totals are unknown and
     * a full page means there may be another. A page past the end is "not found", not a failure.
     */
    posts: async (query: { page: number; perPage: number; categoryId?: number; authorId?: number }): Promise<PostPage> => {
      const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage) });
      if (query.categoryId !== undefined) params.set('categories', String(query.categoryId));
      // SPEC §7 `author[]={id}`: an array of user ids, author__in for WP_Query
      // (class-wp-rest-posts-controller.php, get_items and get_collection_params).
      if (query.authorId !== undefined) params.set('author[]', String(query.authorId));
      const { data, headers } = await get(`/posts?${params}`, array(PostCardSchema)).catch(pastTheEnd);
      const totals = pagingTotals(headers);
      return {
        posts: data,
        page: query.page,
        total: totals?.total ?? null,
        totalPages: totals?.totalPages ?? null,
        hasNext: totals ? query.page < totals.totalPages : data.length === query.perPage,
      };
    },

    /**
     * How many posts were published after a Paris wall-clock time (SPEC §7 `posts?after=`), and the
     * newest of them. WordPress compares `after` with post_date in the site's time zone and counts
     * the matches in X-WP-Total (class-wp-date-query.php, class-wp-rest-posts-controller.php).
     */
    postsAfter: async (after: string, perPage: number): Promise<{ posts: PostCard[]; total: number }> => {
      const { data, headers } = await get(`/posts?${new URLSearchParams({ after, per_page: String(perPage) })}`, array(PostCardSchema));
      return { posts: data, total: pagingTotals(headers)?.total ?? data.length };
    },

    /** SPEC §5: an article is not found when the slug query returns an empty list. */
    article: async (slug: string) => {
      const url = `/posts?${new URLSearchParams({ slug, per_page: '1' })}`;
      const [article] = (await get(url, array(ArticleSchema))).data;
      if (!article) throw new UpstreamError('not-found', `${base}${url}`, 200, 'NOT FOUND');
      return article;
    },

    /**
     * A press officer by the slug of their address (user_nicename), from WordPress core's users
     * route (class-wp-rest-users-controller.php, get_items): `slug` is nicename__in, a list
     * (wp_parse_list), so only the user whose slug is exactly the one asked is taken; an anonymous
     * caller is shown only users with published posts (has_published_posts), so an unknown author
     * and one who never published are both an empty list. A 404 here is `rest_no_route` (the route
     * switched off, as hardening plugins do): a failure of the upstream, not an unknown author.
     */
    author: async (slug: string): Promise<WpUser> => {
      const url = `${config.WP_API_URL}/wp/v2/users?${new URLSearchParams({ slug, _fields: 'id,name,slug,description,link' })}`;
      const { data } = await requestJson(url, array(WpUserSchema), { timeoutMs: config.UPSTREAM_TIMEOUT_MS }).catch((error: unknown) => {
        if (error instanceof UpstreamError && error.kind === 'not-found')
          throw new UpstreamError('status', error.url, error.status, error.code);
        throw error;
      });
      const user = data.find((u) => u.slug === slug);
      if (!user) throw new UpstreamError('not-found', url, 200, 'NOT FOUND');
      return user;
    },

    /**
     * The `auteur` of one post: role, phone and e-mail live there (SPEC §3), not in wp/v2/users.
     * `_fields` trims the article to what is read; core applies it to every route's response,
     * custom namespaces included (rest_filter_response_fields on rest_post_dispatch, rest-api.php).
     */
    postAuthor: async (slug: string): Promise<PostAuthor> => {
      const url = `/posts?${new URLSearchParams({ slug, per_page: '1', _fields: 'id,auteur' })}`;
      const [post] = (await get(url, array(PostAuthorSchema))).data;
      if (!post) throw new UpstreamError('not-found', `${base}${url}`, 200, 'NOT FOUND');
      return post;
    },

    /**
     * A post of any status by id (SPEC §7 posts/{id}), never cached by the caller: with the preview
     * credential (SPEC §6) once a signed link was checked, or with a reader's own access token, when
     * WordPress lets that reader edit the post (its permission check, not the site's, decides).
     */
    postById: async (id: number, as: 'preview' | { bearer: string }) =>
      (
        await requestJson(`${base}/posts/${id}`, z.object({}).loose().pipe(PreviewPostSchema), {
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
          headers: { authorization: as === 'preview' ? basicAuth(config.WP_PREVIEW_CREDENTIALS) : `Bearer ${as.bearer}` },
        })
      ).data,

    /**
     * Whether the public can still read a post, by id (so a slug changed since is no matter):
     * WordPress core's posts route answers an anonymous caller the post when it is published, 401
     * rest_forbidden when it is not (draft, scheduled, private, trash: get_item_permissions_check,
     * check_read_permission) and 404 rest_post_invalid_id when it was deleted
     * (class-wp-rest-posts-controller.php). Any other answer is a failure: the caller tries again.
     */
    isPublic: async (id: number): Promise<boolean> => {
      const url = `${config.WP_API_URL}/wp/v2/posts/${id}?_fields=id,status`;
      try {
        const { data } = await requestJson(url, z.object({ id: z.number(), status: z.string() }), {
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        });
        return data.id === id && data.status === 'publish';
      } catch (error) {
        if (error instanceof UpstreamError && (error.status === 401 || error.status === 403 || error.status === 404)) return false;
        throw error;
      }
    },

    page: async (slug: string) => {
      const url = `/pages?${new URLSearchParams({ slug })}`;
      const [page] = (await get(url, array(PageSchema))).data;
      if (!page) throw new UpstreamError('not-found', `${base}${url}`, 200, 'NOT FOUND');
      return page;
    },

    /**
     * The events still to end after a Paris wall-clock time, soonest first (SPEC §7
     * `future_events?ends_after={iso}&timestamp`): what the accreditation forms offer. The site adds
     * `timestamp` to get past HTTP caches in front of WordPress; ours is the start of the day asked,
     * like the KV key, so one copy serves the day.
     */
    futureEvents: async (endsAfter: string) => {
      const timestamp = String(Math.floor((parseWpDate(endsAfter)?.getTime() ?? 0) / 1000));
      return (await get(`/future_events?${new URLSearchParams({ ends_after: endsAfter, timestamp })}`, array(EventSchema))).data;
    },

    /**
     * Every event in the range. SPEC §7 asks for per_page=300, but a route registered like core's
     * collections refuses more than 100 (400 rest_invalid_param): then the events are read 100 at a
     * time. The refused call costs one request per refresh of the cached events, at most once a
     * freshness window.
     */
    events: async (range: { start: string; end: string }) => {
      const read = (perPage: number) =>
        readAllPages(perPage, (page) =>
          get(
            `/events?${new URLSearchParams({ start_date: range.start, end_date: range.end, per_page: String(perPage), page: String(page) })}`,
            array(EventSchema),
          ),
        );
      try {
        return await read(EVENTS_PER_PAGE);
      } catch (error) {
        if (!(error instanceof UpstreamError && error.status === 400 && error.code === 'rest_invalid_param')) throw error;
        return read(WP_MAX_PER_PAGE);
      }
    },
  };
}
