import * as z from 'zod';
import type { Config } from '../config/env.server';
import { CategorySchema } from '../schemas/category';
import { list } from '../schemas/mapping';
import { CategoryRefSchema, PostCardSchema } from '../schemas/post';
import { requestJson } from './http.server';
import { tierOptions } from './zone-cache.server';

// The JSON lists WordPress writes to disk on publish (SPEC §7). Served by the web server without
// PHP or the database, they are read first where they hold what a page needs, the API being the
// fallback. The build-time version parameter busts intermediate HTTP caches when their format changes.

const cards = z.array(z.unknown()).pipe(list(PostCardSchema));

/** How many cards WordPress writes in `latest_posts_{id}.json` and `last_posts.json`. */
export const STATIC_LIST_LENGTH = 10;

export function createStaticListsClient(config: Config) {
  const get = <S extends z.ZodType>(file: string, schema: S) =>
    requestJson(`${config.STATIC_LISTS_URL}/${file}?v=${encodeURIComponent(config.STATIC_LISTS_VERSION)}`, schema, {
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      tier: tierOptions(config),
    }).then((r) => r.data);

  return {
    lastPosts: () => get('last_posts.json', cards),
    categories: () => get('categories.json', z.array(z.unknown()).pipe(list(CategorySchema))),
    /** The newest cards of one category. */
    latestOfCategory: (categoryId: number) => get(`latest_posts_${categoryId}.json`, cards),
    /** The newest cards of each top-level category (the file's name is WordPress's, typo included). */
    latestByCategory: () =>
      get(
        'lastest_posts_categories.json',
        z.array(z.unknown()).pipe(list(z.object({ category: CategoryRefSchema, posts: list(PostCardSchema) }))),
      ),
  };
}
