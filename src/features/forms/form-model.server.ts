import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { toFormModel } from './from-cf7';
import type { FormModel } from './model';
import { isSiteForm } from './site-forms';

/**
 * One of the site's forms (site-forms.ts) as the site renders it, cached and purged like the
 * content; null for any other slug (never read) and for a form WordPress does not have (never
 * stored: a missing form is not an answer to keep).
 */
export async function loadFormModel(c: Context<AppEnv>, slug: string): Promise<FormModel | null> {
  if (!isSiteForm(slug)) return null;
  return c.get('forms').definition(slug, toFormModel);
}
