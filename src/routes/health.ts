import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { checkHealth } from '../data/health.server';
import { cacheControl } from '../http/cache-control';

/** GET /__health: 200 when everything answers, 503 with what does not. */
export async function healthRoute(c: Context<AppEnv>) {
  const health = await checkHealth(c.env);
  return c.json(health, health.status === 'ok' ? 200 : 503, { 'cache-control': cacheControl.never });
}
