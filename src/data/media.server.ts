import type { Config } from '../config/env.server';
import { createMediaClient } from '../upstream/media.server';
import { perConfig } from './per-config';

// The media library's files, as bytes, for the press kit (upstream/media.server.ts).

export type MediaLibrary = ReturnType<typeof createMediaClient>;

export const mediaLibrary: (config: Config) => MediaLibrary = perConfig(createMediaClient);
