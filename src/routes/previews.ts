import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { embargoPage, previewPage } from '../features/previews/preview.page';

/** /categories/preview/post?p={id}&exp=…&sig=… */
export const previewRoute = (c: Context<AppEnv>) =>
  previewPage(c, { p: c.req.query('p'), exp: c.req.query('exp'), sig: c.req.query('sig') });

/** /embargo/{id}?exp=…&sig=… */
export const embargoRoute = (c: Context<AppEnv>) =>
  embargoPage(c, c.req.param('id') ?? '', { exp: c.req.query('exp'), sig: c.req.query('sig') });
