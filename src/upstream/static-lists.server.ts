import { z } from 'zod';
import type { Config } from '../config/env.server';
import { list } from '../schemas/mapping';
import { PostCardSchema } from '../schemas/post';
import { requestJson } from './http.server';

// The JSON lists WordPress writes to disk on publish (SPEC §7). The build-time version parameter
// busts intermediate HTTP caches when the lists' format changes.

export function createStaticListsClient(config: Config) {
  const get = <S extends z.ZodType>(file: string, schema: S) =>
    requestJson(`${config.STATIC_LISTS_URL}/${file}?v=${encodeURIComponent(config.STATIC_LISTS_VERSION)}`, schema, {
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    }).then((r) => r.data);

  return {
    lastPosts: () => get('last_posts.json', z.array(z.unknown()).pipe(list(PostCardSchema))),
  };
}
