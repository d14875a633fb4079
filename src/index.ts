import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env';
import { htmlCache } from './cache/html-cache.server';
import { purgeHandler } from './cache/purge.server';
import { readTagVersions } from './cache/tags.server';
import { ConfigError, readConfig } from './config/env.server';
import { createContent } from './data/content.server';
import { notFoundPage } from './routes/_404';
import { homePage } from './routes/index';
import { serverErrorResponse } from './routes/_error';

const app = new Hono<AppEnv>();

app.use(secureHeaders({ xFrameOptions: 'SAMEORIGIN', referrerPolicy: 'strict-origin-when-cross-origin' }));

// Configuration first: a broken deployment says which variable is wrong, on every route.
app.use(async (c, next) => {
  const config = readConfig(c.env);
  c.set('config', config);
  c.set(
    'content',
    createContent(config, {
      kv: c.env.CACHE,
      versions: readTagVersions(c.env.CACHE),
      waitUntil: (p) => c.executionCtx.waitUntil(p),
    }),
  );
  await next();
});

app.post('/api/purge', purgeHandler);

app.use(htmlCache((request, env, ctx) => app.fetch(request, env, ctx)));

app.get('/', homePage);

app.notFound(notFoundPage);
app.onError((error, c) => {
  if (error instanceof ConfigError) console.error(`[config] ${error.message}`);
  else console.error('[worker]', error);
  return serverErrorResponse(c, error);
});

export default app;
