import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { Apology } from '../ui/Apology';
import type { RenderOptions } from './page';

// The two whole-page apologies every feature's page answers with: the one « page introuvable »
// and the one « momentanément indisponible ». Pages run after the renderer is installed
// (routes/_renderer.tsx); a machine route that ends on the 404 page goes through routes/_404.tsx.

type Options = {
  /** What is missing or could not be loaded, for its words (« cet article »). */
  subject?: 'page' | 'article';
  title?: string;
  tracking?: RenderOptions['tracking'];
  cache?: RenderOptions['cache'];
  thirdParties?: RenderOptions['thirdParties'];
};

const only = (cache: Options['cache'], thirdParties: Options['thirdParties']) => ({
  ...(cache ? { cache } : {}),
  ...(thirdParties === false ? { thirdParties } : {}),
});

/**
 * The address leads nowhere, or the page's subject does not exist (404). Kept a minute where it
 * was asked, unless `cache: 'never'` (an unpublished post's address: every answer there is
 * counted and decided anew).
 */
export function notFoundPage(
  c: Context<AppEnv>,
  { subject, title = 'Page introuvable', tracking = { page_type: '404' }, cache, thirdParties }: Options = {},
) {
  return c.render(<Apology kind="not-found" subject={subject} />, {
    status: 404,
    head: { title, noindex: true },
    tracking,
    ...only(cache, thirdParties),
  });
}

/** The page's own content could not be loaded and has never been seen: say so, and when to retry (503 with retry-after). */
export function unavailablePage(
  c: Context<AppEnv>,
  { subject, title = 'Un problème est survenu', tracking = { page_type: 'erreur' }, cache, thirdParties }: Options = {},
) {
  return c.render(<Apology kind="failure" subject={subject} path={c.req.path} />, {
    status: 503,
    head: { title, noindex: true },
    tracking,
    ...only(cache, thirdParties),
  });
}
