import { z } from 'zod';
import type { Config } from '../config/env.server';
import { CategorySchema, type Category } from '../schemas/category';
import { EventSchema } from '../schemas/event';
import { HomeSchema } from '../schemas/home';
import { list } from '../schemas/mapping';
import { MenusSchema } from '../schemas/menu';
import { PartnerSchema } from '../schemas/partner';
import { PostCardSchema, type PostPage } from '../schemas/post';
import { SettingsSchema } from '../schemas/settings';
import { TagSchema } from '../schemas/tag';
import { ArticleSchema } from '../schemas/article';
import { PageSchema } from '../schemas/page';
import { basicAuth, requestJson, UpstreamError } from './http.server';

// The federation's WordPress, `/wp-json/ffr/v1` (SPEC §7). Containers are strict (an object where a
// list belongs is a malformed response); the entities inside follow the mapping rule.

const array = <T extends z.ZodType>(item: T) => z.array(z.unknown()).pipe(list(item));

export function createWordPressClient(config: Config) {
  const base = `${config.WP_API_URL}/ffr/v1`;
  const get = <S extends z.ZodType>(path: string, schema: S) =>
    requestJson(`${base}${path}`, schema, { timeoutMs: config.UPSTREAM_TIMEOUT_MS });

  return {
    settings: async () => (await get('/settings', z.object({}).loose().pipe(SettingsSchema))).data,
    menus: async () => (await get('/nav-menus?mode=hierarchical', z.object({}).loose().pipe(MenusSchema))).data,
    home: async () => (await get('/home', z.object({}).loose().pipe(HomeSchema))).data,
    partners: async () => (await get('/partenaires_banniere', array(PartnerSchema))).data,
    categories: async (): Promise<Category[]> => (await get('/categories', array(CategorySchema))).data,
    tags: async () => (await get('/Tags', array(TagSchema))).data,

    /** A page of cards, newest first, with WordPress's totals (SPEC §7, §9: 4 on a category's first page). */
    posts: async (query: { page: number; perPage: number; categoryId?: number }): Promise<PostPage> => {
      const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage) });
      if (query.categoryId !== undefined) params.set('categories', String(query.categoryId));
      const { data, headers } = await get(`/posts?${params}`, array(PostCardSchema));
      return {
        posts: data,
        total: Number(headers.get('x-wp-total') ?? data.length) || 0,
        totalPages: Number(headers.get('x-wp-totalpages') ?? 1) || 0,
        page: query.page,
      };
    },

    /** SPEC §5: an article is not found when the slug query returns an empty list. */
    article: async (slug: string) => {
      const url = `/posts?${new URLSearchParams({ slug, per_page: '1' })}`;
      const [article] = (await get(url, array(ArticleSchema))).data;
      if (!article) throw new UpstreamError('not-found', `${base}${url}`, 200, 'NOT FOUND');
      return article;
    },

    /** A draft, with the preview credential (SPEC §6); never cached by the caller. */
    draft: async (id: number) =>
      (
        await requestJson(`${base}/posts/${id}`, z.object({}).loose().pipe(ArticleSchema), {
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
          headers: { authorization: basicAuth(config.WP_PREVIEW_CREDENTIALS) },
        })
      ).data,

    page: async (slug: string) => {
      const url = `/pages?${new URLSearchParams({ slug })}`;
      const [page] = (await get(url, array(PageSchema))).data;
      if (!page) throw new UpstreamError('not-found', `${base}${url}`, 200, 'NOT FOUND');
      return page;
    },

    events: async (range: { start: string; end: string }) => {
      const params = new URLSearchParams({ start_date: range.start, end_date: range.end, per_page: '300' });
      return (await get(`/events?${params}`, array(EventSchema))).data;
    },

    futureEvents: async (endsAfter: string) => {
      const params = new URLSearchParams({ ends_after: endsAfter, timestamp: String(Date.parse(endsAfter)) });
      return (await get(`/future_events?${params}`, array(EventSchema))).data;
    },
  };
}

export type WordPressClient = ReturnType<typeof createWordPressClient>;
