import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { settle } from '../../data/loaded';
import { notFoundPage } from '../_404';
import { renderArticle } from './article';

/** Any URL with ?preview=true&p={id} leads to the draft preview (SPEC §2). */
export function previewRedirect(c: Context<AppEnv>) {
  const id = c.req.query('p') ?? '';
  if (c.req.query('preview') !== 'true' || !/^\d{1,10}$/.test(id)) return null;
  return c.redirect(`/categories/preview/post?p=${id}`, 302);
}

/** /categories/preview/post?p={id}: a draft, fetched with the preview credential, never cached. */
export async function previewRoute(c: Context<AppEnv>) {
  const id = c.req.query('p') ?? '';
  if (!/^\d{1,10}$/.test(id)) return notFoundPage(c);
  const draft = await settle(c.get('content').draft(Number(id)), `draft ${id}`);
  const res = await renderArticle(c, draft, { preview: true });
  res.headers.set('x-robots-tag', 'noindex, nofollow');
  return res;
}
