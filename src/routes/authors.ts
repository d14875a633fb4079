import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { authorPage } from '../features/reading/author/author.page';

/** /auteurs/{slug}, and /author/{slug} (WordPress's author_link), which leads there. */
export const authorRoute = (c: Context<AppEnv>) => authorPage(c, c.req.param('base')!, c.req.param('slug')!);
