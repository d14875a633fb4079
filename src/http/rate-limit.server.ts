import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { cacheControl } from './cache-control';
import { log } from '../observability/log.server';

// Rate limits on Cloudflare's rate-limiting binding (`ratelimits` in wrangler.jsonc, run by
// Miniflare locally): counted at the edge per visitor IP, atomic, unlike counters kept in KV
// (one write per second per key, eventually consistent between locations).

export type Limiter = 'FORM_LIMITER' | 'SIGNIN_LIMITER' | 'LOG_LIMITER' | 'PURGE_LIMITER' | 'PREVIEW_LIMITER' | 'HEALTH_LIMITER';

/** The period every limiter is configured with, in seconds (Retry-After). */
export const LIMIT_PERIOD_SECONDS = 60;
export const RATE_LIMIT_MESSAGE = 'Trop de tentatives en peu de temps. Merci de réessayer dans une minute.';

/** The visitor as Cloudflare sees it; requests that do not come through Cloudflare share one key. */
const visitor = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? 'sans-ip';

/** True when this visitor may go on; counts the attempt. A limiter that fails lets the request through. */
export async function withinLimit(c: Context<AppEnv>, limiter: Limiter): Promise<boolean> {
  try {
    return (await c.env[limiter].limit({ key: visitor(c) })).success;
  } catch (error) {
    log.warn('rate_limit.unavailable', { limiter, error: log.describe(error) });
    return true;
  }
}

/** The 429 programs get: French message, Retry-After. */
export const tooManyRequests = (c: Context<AppEnv>) =>
  c.json({ error: 'rate_limited', message: RATE_LIMIT_MESSAGE }, 429, {
    'retry-after': String(LIMIT_PERIOD_SECONDS),
    'cache-control': cacheControl.never,
  });
