import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { checkHealth, holdsHealthToken, publicHealth } from '../data/health.server';
import { cacheControl } from '../http/cache-control';
import { tooManyRequests, withinLimit } from '../http/rate-limit.server';

/**
 * GET /__health: 200 when all is well, 503 with what is not. The public answer costs no upstream
 * call; the details (each upstream probed) need HEALTH_TOKEN (docs/operations.md). Rate-limited
 * per visitor either way.
 */
export async function healthRoute(c: Context<AppEnv>) {
  if (!(await withinLimit(c, 'HEALTH_LIMITER'))) return tooManyRequests(c);
  const health = (await holdsHealthToken(c.env, c.req.header('authorization'))) ? await checkHealth(c.env) : publicHealth(c.env);
  return c.json(health, health.status === 'ok' ? 200 : 503, { 'cache-control': cacheControl.never });
}
