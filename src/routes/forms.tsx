import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { EUROPEAN_COUNTRIES, PRESS_COUNTRIES } from '../features/forms/countries';
import type { EventChoice } from '../features/forms/event-selection';
import type { FormModel, FormValues } from '../features/forms/model';
import type { AccountLinks } from '../features/forms/AccessNotice';
import { resultAnchor, type FormOutcome } from '../features/forms/outcome';
import { FORM_UNAVAILABLE, submitForm } from '../features/forms/submit.server';
import { FormRequestError } from '../features/forms/form-post.server';
import { Island } from '../islands/Island';
import { cacheControl } from '../http/cache-control';
import { loadFormModel } from '../features/forms/form-model.server';

// The forms' endpoints: JSON for scripts and the islands, and the helpers the pages use to render a
// form, fresh or after a post without JavaScript.

export const COUNTRIES = { europe: EUROPEAN_COUNTRIES, all: PRESS_COUNTRIES };

/** GET /api/forms/{slug}: the form as the site renders it (the contact modal loads it on opening). */
export async function formModelRoute(c: Context<AppEnv>) {
  const slug = c.req.param('slug') ?? '';
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
export async function formSubmitRoute(c: Context<AppEnv>) {
  const slug = c.req.param('slug') ?? '';
  try {
    const { outcome } = await submitForm(c, slug);
    if (outcome.kind === 'failure' && outcome.retryAfter) return c.json({ error: 'rate_limited', outcome }, 429, { 'cache-control': cacheControl.never, 'retry-after': String(outcome.retryAfter) });
    // An accreditation request without a session (401) or without the journalist status (403).
    if (outcome.kind === 'failure' && outcome.access === 'sign-in') return c.json({ error: 'unauthenticated', message: outcome.message, outcome }, 401, { 'cache-control': cacheControl.never });
    if (outcome.kind === 'failure' && outcome.access === 'journalist') return c.json({ error: 'journalist_only', message: outcome.message, outcome }, 403, { 'cache-control': cacheControl.never });
    const status = outcome.kind === 'invalid' ? 422 : outcome.kind === 'success' ? 200 : outcome.kind === 'duplicate' ? 409 : 502;
    return c.json({ outcome }, status, { 'cache-control': cacheControl.never });
  } catch (error) {
    if (error instanceof FormRequestError) {
      const code = { 400: 'too_many_fields', 404: 'not_found', 413: 'too_large', 415: 'unsupported_media_type', 503: 'unavailable' }[error.status];
      return c.json({ error: code, message: error.message }, error.status, error.status === 503 ? { 'retry-after': '30' } : {});
    }
    throw error;
  }
}

/**
 * The form island, for a page: fresh, or with the outcome of a post made without JavaScript.
 * `action` is the page's path: the form posts there with the result's fragment, so the page comes
 * back on the error summary or the result rather than at its top. `preset`: values a fresh form
 * opens with (an event page's « S’accréditer » ticks its event). `account`: where the accreditation
 * form sends people to sign in and, once sent, to their personal space.
 */
export function FormIsland({
  model,
  action,
  outcome,
  events,
  accreditation,
  preset,
  account,
}: {
  model: FormModel;
  action: string;
  outcome: FormOutcome | null;
  events?: EventChoice[];
  accreditation: boolean;
  preset?: FormValues;
  account?: AccountLinks;
}) {
  return (
    <Island
      name="Cf7Form"
      props={{
        model,
        values: outcome ? (outcome.kind !== 'success' ? outcome.values : {}) : (preset ?? {}),
        errors: outcome?.kind === 'invalid' ? outcome.errors : {},
        outcome,
        countries: COUNTRIES,
        events,
        idempotencyKey: crypto.randomUUID(),
        action: `${action}#${resultAnchor(model.slug)}`,
        accreditation,
        account,
      }}
    />
  );
}

/** A page's POST without JavaScript: the outcome, or a French error for bad requests. */
export async function pagePost(c: Context<AppEnv>, slug: string): Promise<{ model: FormModel; outcome: FormOutcome } | Response> {
  try {
    return await submitForm(c, slug);
  } catch (error) {
    if (error instanceof FormRequestError) return c.text(error.message, error.status);
    throw error;
  }
}
