import type { Config } from '../config/env.server';
import { createSearchClient } from '../upstream/algolia.server';

// Algolia for the request (upstream/algolia.server.ts): the client is built on the first search,
// as most requests never search.

export type Search = ReturnType<typeof createSearchClient>;

export function createSearch(config: Config): Search {
  let client: Search | undefined;
  const get = () => (client ??= createSearchClient(config));
  return {
    search: (...args) => get().search(...args),
    postsById: (...args) => get().postsById(...args),
  };
}
