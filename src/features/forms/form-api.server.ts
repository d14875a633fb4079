import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { FormModel } from './model';
import { COUNTRIES } from './FormIsland';
import { FORM_UNAVAILABLE, submitForm } from './submit.server';
import { FormRequestError } from './form-post.server';
import { cacheControl } from '../../http/cache-control';
import { loadFormModel } from './form-model.server';

// The forms' JSON endpoints, for scripts and the islands (routes/forms.ts).

/** GET /api/forms/{slug}: the form as the site renders it (the contact modal loads it on opening). */
export async function formModelAnswer(c: Context<AppEnv>, slug: string) {
  let model: FormModel | null;
  try {
    model = await loadFormModel(c, slug);
  } catch {
    return c.json({ error: 'unavailable', message: FORM_UNAVAILABLE }, 503, { 'retry-after': '30', 'cache-control': cacheControl.never });
  }
  if (!model) return c.json({ error: 'not_found', message: 'Ce formulaire n’existe pas.' }, 404);
  return c.json({ model, countries: COUNTRIES }, 200, { 'cache-control': cacheControl.fiveMinutes });
}

/**
 * POST /api/forms/{slug}: 200 with the outcome, 422 with the invalid fields, 409, 502, 404, 413, 415,
 * 429 (Retry-After); an accreditation request 401 without a session, 403 without the journalist status.
 */
export async function formSubmitAnswer(c: Context<AppEnv>, slug: string) {
  try {
    const { outcome } = await submitForm(c, slug);
    if (outcome.kind === 'failure' && outcome.retryAfter)
      return c.json({ error: 'rate_limited', outcome }, 429, {
        'cache-control': cacheControl.never,
        'retry-after': String(outcome.retryAfter),
      });
    // An accreditation request without a session (401) or without the journalist status (403).
    if (outcome.kind === 'failure' && outcome.access === 'sign-in')
      return c.json({ error: 'unauthenticated', message: outcome.message, outcome }, 401, { 'cache-control': cacheControl.never });
    if (outcome.kind === 'failure' && outcome.access === 'journalist')
      return c.json({ error: 'journalist_only', message: outcome.message, outcome }, 403, { 'cache-control': cacheControl.never });
    const status = outcome.kind === 'invalid' ? 422 : outcome.kind === 'success' ? 200 : outcome.kind === 'duplicate' ? 409 : 502;
    return c.json({ outcome }, status, { 'cache-control': cacheControl.never });
  } catch (error) {
    if (error instanceof FormRequestError) {
      const code = { 400: 'too_many_fields', 404: 'not_found', 413: 'too_large', 415: 'unsupported_media_type', 503: 'unavailable' }[
        error.status
      ];
      return c.json({ error: code, message: error.message }, error.status, error.status === 503 ? { 'retry-after': '30' } : {});
    }
    throw error;
  }
}
