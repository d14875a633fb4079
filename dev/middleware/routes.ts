import { Hono } from 'hono';
import type { UpstreamConfig } from '../config';
import type { ContentStore } from '../content/store';

// The federation's middleware, a Directus items API: only the newsroom media list is used. Errors
// are Directus's envelope, {errors: [{message, extensions: {code}}]} (directus/directus
// packages/errors); limit, offset and page follow api/src/utils/sanitize-query.ts and
// validate-query.ts: a limit above QUERY_LIMIT_MAX is a 400 INVALID_QUERY, -1 means "up to the max".

const directusError = (message: string, code: string, extra: Record<string, unknown> = {}) => ({
  errors: [{ message, extensions: { code, ...extra } }],
});

export function createMiddlewareRoutes(store: ContentStore, config: UpstreamConfig) {
  const app = new Hono();
  app.use(async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${config.middlewareToken}`) {
      return c.json(directusError('Invalid user credentials.', 'INVALID_CREDENTIALS'), 401);
    }
    await next();
  });
  app.get('/items/newsroom_medias', (c) => {
    const max = store.behaviour.directusLimitMax;
    const int = (name: string, fallback: number) => {
      const raw = c.req.query(name);
      return raw === undefined ? fallback : /^-?\d+$/.test(raw) ? Number(raw) : NaN;
    };
    // QUERY_LIMIT_DEFAULT is 100, lowered to the maximum when one is set.
    let limit = int('limit', max >= 0 ? Math.min(100, max) : 100);
    const page = int('page', 1);
    const offset = int('offset', 0);
    for (const [name, value] of [
      ['limit', limit],
      ['page', page],
      ['offset', offset],
    ] as const) {
      if (Number.isNaN(value) || (name !== 'limit' && value < 0) || (name === 'limit' && value < -1)) {
        const reason = `"${name}" must be a ${name === 'limit' ? 'number' : 'positive number'}`;
        return c.json(directusError(`Invalid query. ${reason}.`, 'INVALID_QUERY', { reason }), 400);
      }
    }
    if (max >= 0 && limit > max) {
      const reason = `"limit" must be less than or equal to ${max}`;
      return c.json(directusError(`Invalid query. ${reason}.`, 'INVALID_QUERY', { reason }), 400);
    }
    if (limit === -1) limit = max >= 0 ? max : Infinity;
    // page wins over offset, and is ignored for limit -1 with no maximum.
    const start = c.req.query('page') !== undefined && Number.isFinite(limit) ? limit * (Math.max(page, 1) - 1) : offset;
    return c.json({ data: store.content.medias.slice(start, start + limit) });
  });
  app.all('*', (c) => c.json(directusError('Route doesn’t exist.', 'ROUTE_NOT_FOUND'), 404));
  return app;
}
