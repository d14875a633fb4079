import { Hono } from 'hono';
import type { UpstreamConfig } from '../config';
import type { ContentStore } from '../store';

// The federation's middleware (a Directus-style items API) — only the newsroom media list is used.

export function createMiddlewareRoutes(store: ContentStore, config: UpstreamConfig) {
  const app = new Hono();
  app.use(async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${config.middlewareToken}`) {
      return c.json({ errors: [{ message: 'Invalid user credentials.', extensions: { code: 'INVALID_CREDENTIALS' } }] }, 401);
    }
    await next();
  });
  app.get('/items/newsroom_medias', (c) => {
    const raw = c.req.query('limit') ?? '100';
    const limit = raw === '-1' ? Infinity : Number(raw);
    if (!Number.isFinite(limit) && limit !== Infinity) {
      return c.json({ errors: [{ message: 'Invalid query. "limit" must be a number.', extensions: { code: 'INVALID_QUERY' } }] }, 400);
    }
    return c.json({ data: store.content.medias.slice(0, limit) });
  });
  app.all('*', (c) => c.json({ errors: [{ message: 'Route doesn’t exist.', extensions: { code: 'ROUTE_NOT_FOUND' } }] }, 404));
  return app;
}
