import type { Config } from '../config/env.server';
import { UpstreamError } from '../upstream/http.server';
import { createUserClient } from '../upstream/user.server';
import { perConfig } from './per-config';

// The signed-in reader's WordPress calls (upstream/user.server.ts), made with their own token.

export type UserData = ReturnType<typeof createUserClient>;

export const userData: (config: Config) => UserData = perConfig(createUserClient);

/** WordPress no longer accepts the reader's token (revoked at the provider): their session is over. */
export const tokenRefused = (error: unknown) => error instanceof UpstreamError && error.status === 401;
