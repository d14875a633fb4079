import type { Config } from '../config/env.server';
import { createMediaClient } from '../upstream/media.server';

// The media library's files, as bytes, for the press kit (upstream/media.server.ts).

export type MediaLibrary = ReturnType<typeof createMediaClient>;

export const createMediaLibrary = (config: Config): MediaLibrary => createMediaClient(config);
