import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { tag } from '../../cache/tags.server';
import { createCf7Client } from '../../upstream/cf7.server';
import { UpstreamError } from '../../upstream/http.server';
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
  const cf7 = createCf7Client(c.get('config'));
  return c
    .get('content')
    .read(`form:${slug}`, [tag.site, tag.forms], async () => {
      const summary = (await cf7.forms()).find((f) => f.slug === slug);
      if (!summary) throw new UpstreamError('not-found', `contact-form-7:${slug}`);
      return toFormModel(await cf7.form(summary.id));
    })
    .catch((error: unknown) => {
      if (error instanceof UpstreamError && error.kind === 'not-found') return null;
      throw error;
    });
}
