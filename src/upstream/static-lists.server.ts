import { z } from 'zod';
import type { Config } from '../config/env.server';
import { CategorySchema } from '../schemas/category';
import { list } from '../schemas/mapping';
import { CategoryRefSchema, PostCardListSchema, PostCardSchema } from '../schemas/post';
import { requestJson } from './http.server';

// The JSON lists WordPress writes to disk on publish (SPEC §7). The build-time version parameter
// busts intermediate HTTP caches when the lists' format changes.

const LatestByCategorySchema = z
  .array(z.unknown())
  .pipe(list(z.object({ category: CategoryRefSchema, posts: PostCardListSchema })));

export function createStaticListsClient(config: Config) {
  const get = <S extends z.ZodType>(file: string, schema: S) =>
    requestJson(`${config.STATIC_LISTS_URL}/${file}?v=${encodeURIComponent(config.STATIC_LISTS_VERSION)}`, schema, {
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    }).then((r) => r.data);

  return {
    lastPosts: () => get('last_posts.json', z.array(z.unknown()).pipe(list(PostCardSchema))),
    categories: () => get('categories.json', z.array(z.unknown()).pipe(list(CategorySchema))),
    latestPostsOfCategory: (categoryId: number) =>
      get(`latest_posts_${categoryId}.json`, z.array(z.unknown()).pipe(list(PostCardSchema))),
    latestPostsByCategory: () => get('lastest_posts_categories.json', LatestByCategorySchema),
  };
}

export type StaticListsClient = ReturnType<typeof createStaticListsClient>;
