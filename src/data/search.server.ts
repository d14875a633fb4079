import type { Config } from '../config/env.server';
import { createSearchClient } from '../upstream/algolia.server';
import { perConfig } from './per-config';

// Algolia (upstream/algolia.server.ts), one client per isolate.

export type Search = ReturnType<typeof createSearchClient>;

export const search: (config: Config) => Search = perConfig(createSearchClient);
