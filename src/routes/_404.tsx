import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { Apology } from '../ui/Apology';
import { installRenderer } from './_renderer';

/**
 * Any address that leads nowhere, and any route whose subject does not exist. Kept a minute where
 * it was asked (routes/_renderer.tsx), unless `cache: 'never'` (an unpublished post's address:
 * every answer there is counted and decided anew).
 */
export function notFoundPage(c: Context<AppEnv>, options: { cache?: 'never' } = {}) {
  installRenderer(c);
  return c.render(<Apology kind="not-found" />, { status: 404, head: { title: 'Page introuvable', noindex: true }, tracking: { page_type: '404' }, ...options });
}
