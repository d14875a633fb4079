import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { tag } from '../../cache/tags.server';
import { createCf7Client } from '../../upstream/cf7.server';
import { toFormModel } from './from-cf7';
import type { FormModel } from './model';

/** A CF7 form by slug, as the site renders it, cached and purged like the content; null when WordPress has no such form. */
export function loadFormModel(c: Context<AppEnv>, slug: string): Promise<FormModel | null> {
  const cf7 = createCf7Client(c.get('config'));
  return c.get('content').read(`form:${slug}`, [tag.site, tag.forms], async () => {
    const summary = (await cf7.forms()).find((f) => f.slug === slug);
    return summary ? toFormModel(await cf7.form(summary.id)) : null;
  });
}
