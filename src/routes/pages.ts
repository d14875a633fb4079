import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { treePage } from '../features/reading/page/wordpress.page';

/** /{slug}, /{parent}/{slug}, /{grandparent}/{parent}/{slug}: WordPress's pages at their address. */
export const pageRoute = (c: Context<AppEnv>) => treePage(c, c.req.path);
