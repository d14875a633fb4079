import type { Context } from 'hono';
import type { Prefs } from '../../schemas/prefs';
import type { AppEnv } from '../../app-env';
import type { SendResult } from '../../data/forms.server';
import { UpstreamError } from '../../data/loaded';
import { eventsKindOfForm } from './accreditation-kinds';
import { futureEventChoices } from './event-choices.server';
import { EVENT_FIELD } from './event-selection';
import { HONEYPOT, IDEMPOTENCY_FIELD, type FormModel, type FormValues } from './model';
import { FAILURE_TITLE, type FormOutcome } from './outcome';
import { cleanValues, MESSAGES, validateForm } from './validation';
import { journalistSession, refusal } from './access.server';
import { LIMIT_PERIOD_SECONDS, withinLimit } from '../../http/rate-limit.server';
import { loadFormModel } from './form-model.server';
import { FormRequestError, readFormPost } from './form-post.server';
import { log } from '../../observability/log.server';
import { identityValues, SIGNATURE_FIELD, SIGNED_AT_FIELD, signAccreditation } from './accreditation-signature.server';
import { IDENTITY_FIELDS, profileValues } from './profile-values';

// Sending a form: honeypot, rate limit, idempotency, validation against the form's own description,
// then CF7 — and CF7's answer turned into what the visitor reads (SPEC §5, §8).

const IDEMPOTENCY_SECONDS = 24 * 3600;
export const FORM_UNAVAILABLE = 'Le formulaire est momentanément indisponible. Merci de réessayer dans quelques instants.';

const DUPLICATE_EMAIL = /adresse e-mail a déjà été utilisée|déjà participé|duplicate[_ ]?e-?mail/i;
const DUPLICATE_VIDEO = /vidéo a déjà été envoyée|duplicate[_ ]?video/i;

/** What the visitor reads for each CF7 status: the site's French, whatever language CF7 answered in. */
export const STATUS_TEXT = {
  success: 'Le service de presse vous répondra dans les meilleurs délais.',
  invalid: 'Un ou plusieurs champs contiennent une erreur. Veuillez vérifier et essayer à nouveau.',
  mailFailed:
    'Votre message n’a pas pu être transmis au service de presse. Votre saisie est conservée\u202f: merci de réessayer dans quelques minutes.',
  spam: 'Votre message a été bloqué par le filtre anti-spam du formulaire. Votre saisie est conservée\u202f: merci de réessayer ou de nous écrire directement.',
  aborted: 'L’envoi a été interrompu avant d’arriver au service de presse. Votre saisie est conservée\u202f: merci de réessayer.',
  subscribersOnly:
    'Ce formulaire est réservé aux personnes connectées. Connectez-vous, puis envoyez à nouveau\u202f: votre saisie est conservée.',
  unavailable: 'Le service est momentanément indisponible. Votre saisie est conservée\u202f: merci de réessayer dans quelques instants.',
  unknown: 'Nous ne savons pas si votre message est parti. Merci de vérifier votre messagerie avant de réessayer.',
  rateLimited:
    'Trop d’envois en peu de temps depuis votre connexion. Votre saisie est conservée\u202f: merci de réessayer dans une minute.',
} as const;

/** The form's own message keys (properties.messages) and the site's French text for each. */
const FIELD_MESSAGE_KEYS: Array<[string, string]> = [
  ['invalid_required', MESSAGES.required],
  ['invalid_email', MESSAGES.email],
  ['invalid_tel', MESSAGES.tel],
  ['invalid_url', MESSAGES.url],
  ['invalid_number', MESSAGES.number],
  ['invalid_date', MESSAGES.date],
  ['accept_terms', MESSAGES.acceptance],
  ['upload_file_too_large', MESSAGES.fileTooLarge],
  ['upload_file_type_invalid', MESSAGES.fileType],
];

/**
 * The French message for a field CF7 refused. CF7 answers with the form's own message texts, or
 * with its untranslated English ones (« Undefined value was submitted through this field. »): the
 * visitor reads the site's French, the log keeps CF7's words.
 */
export function fieldMessage(model: FormModel, field: string, cf7Message: string): string {
  const byKey = FIELD_MESSAGE_KEYS.find(([key]) => model.messages[key] !== undefined && model.messages[key] === cf7Message);
  if (byKey) return byKey[1];
  const kind = model.fields.find((f) => f.name === field)?.kind;
  if (kind === 'select' || kind === 'radio' || kind === 'checkbox') return MESSAGES.choice;
  return MESSAGES.rejected;
}

export function mapSendResult(result: SendResult, model: FormModel, values: FormValues): FormOutcome {
  const invalid = result.invalid_fields;
  if (invalid.some((f) => DUPLICATE_VIDEO.test(f.message)))
    return { kind: 'duplicate', title: 'Désolé\u202f!', message: 'Vous ne pouvez envoyer votre video qu’une seule fois.', values };
  if (invalid.some((f) => DUPLICATE_EMAIL.test(f.message)))
    return { kind: 'duplicate', title: 'Désolé\u202f!', message: 'Vous ne pouvez participer qu’une seule fois.', values };
  const failure = (message: string): FormOutcome => {
    log.warn('forms.cf7_refused', { form: model.slug, status: result.status, message: result.message });
    return { kind: 'failure', title: FAILURE_TITLE, message, values };
  };
  // Statuses from includes/submission.php (WPCF7_Submission::proceed) and contact-form.php (error).
  switch (result.status) {
    case 'mail_sent':
      return { kind: 'success', title: 'Message envoyé', message: STATUS_TEXT.success, values };
    case 'validation_failed': {
      if (invalid.length > 0) log.info('forms.cf7_invalid_fields', { form: model.slug, fields: invalid.map((f) => f.field) });
      const errors = Object.fromEntries(
        invalid.map((f) => [f.field.replace(/\[\]$/, ''), fieldMessage(model, f.field.replace(/\[\]$/, ''), f.message)]),
      );
      return { kind: 'invalid', message: STATUS_TEXT.invalid, errors, values };
    }
    case 'acceptance_missing': {
      // invalid_fields is empty for this status: every required acceptance box gets the message.
      const boxes = model.fields.filter((f) => f.kind === 'acceptance' && f.required);
      return {
        kind: 'invalid',
        message: STATUS_TEXT.invalid,
        errors: Object.fromEntries(boxes.map((f) => [f.name, MESSAGES.acceptance])),
        values,
      };
    }
    case 'mail_failed':
      return failure(STATUS_TEXT.mailFailed);
    case 'spam':
      return failure(STATUS_TEXT.spam);
    case 'aborted':
      return failure(STATUS_TEXT.aborted);
    case 'error':
      return failure(STATUS_TEXT.subscribersOnly);
    default:
      log.warn('forms.cf7_unknown_status', { form: model.slug, status: result.status });
      return { kind: 'unknown', title: FAILURE_TITLE, message: STATUS_TEXT.unknown, values };
  }
}

async function digest(values: FormValues): Promise<string> {
  const text = JSON.stringify(
    Object.entries(values)
      .filter(([k]) => k !== IDEMPOTENCY_FIELD)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)]
    .slice(0, 12)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/** The choices of the form's data: fields, known only at run time: the accreditation events still open. */
async function runtimeChoices(c: Context<AppEnv>, model: FormModel): Promise<Record<string, string[]>> {
  const kind = eventsKindOfForm(model.slug);
  const field = model.fields.find((f) => f.name === EVENT_FIELD && f.dataOptions);
  if (kind === undefined || !field) return {};
  const events = await futureEventChoices(c, kind);
  return { [field.name]: events.filter((e) => e.open).map((e) => e.title) };
}

export async function submitForm(c: Context<AppEnv>, slug: string): Promise<{ model: FormModel; outcome: FormOutcome }> {
  const model = await loadFormModel(c, slug).catch(() => {
    throw new FormRequestError(503, FORM_UNAVAILABLE);
  });
  if (!model) throw new FormRequestError(404, 'Ce formulaire n’existe pas.');
  // Counted before the body is read: past the limit, the post is still read within its caps (so
  // that a page posted without JavaScript comes back with its values), never sent.
  const allowed = await withinLimit(c, 'FORM_LIMITER');
  const { values, files } = await readFormPost(c, model);
  if (!allowed) {
    return {
      model,
      outcome: {
        kind: 'failure',
        title: FAILURE_TITLE,
        message: STATUS_TEXT.rateLimited,
        values: cleanValues(model, values),
        retryAfter: LIMIT_PERIOD_SECONDS,
      },
    };
  }

  // An accreditation request comes from a journalist's session, or goes nowhere (SPEC §6), and
  // says who they are with their profile's values, whatever was typed (issue 50); the contact
  // forms stay open to everyone.
  const accreditation = eventsKindOfForm(model.slug) !== undefined;
  if (accreditation) {
    const access = await journalistSession(c);
    if (!access.ok) return { model, outcome: refusal(access, cleanValues(model, values)) };
    Object.assign(values, ownIdentity(model, access.prefs));
  }

  // The key names one sending; the values' digest is part of it, so that a key repeated by a cached
  // page (JavaScript off) can never answer another visitor's different message.
  const key = typeof values[IDEMPOTENCY_FIELD] === 'string' ? (values[IDEMPOTENCY_FIELD] as string) : '';
  const idemKey = /^[\w-]{8,64}$/.test(key) ? `idem:form:${slug}:${key}:${await digest(values)}` : null;
  if (idemKey) {
    const earlier = await c.get('forms').idempotency.recall<FormOutcome>(idemKey);
    if (earlier) return { model, outcome: earlier }; // the same sending, twice: answered once
  }

  const checked = validateForm(model, {
    values,
    choices: await runtimeChoices(c, model),
    files: Object.fromEntries(
      Object.entries(files).map(([k, list]) => [k, list.map((f) => ({ name: f.name, size: f.size, type: f.type }))]),
    ),
  });
  // The honeypot, filled only by robots: answered like a success, sent nowhere.
  if (typeof values[HONEYPOT] === 'string' && values[HONEYPOT] !== '') {
    return { model, outcome: { kind: 'success', title: 'Message envoyé', message: STATUS_TEXT.success, values: checked.values } };
  }
  if (!checked.ok) {
    // A profile without a value the form requires: the journalist completes it where it is kept.
    const errors = Object.fromEntries(
      Object.entries(checked.errors).map(([name, error]) =>
        accreditation && (IDENTITY_FIELDS as readonly string[]).includes(name) ? [name, MESSAGES.fromProfile] : [name, error],
      ),
    );
    return { model, outcome: { kind: 'invalid', message: STATUS_TEXT.invalid, errors, values: checked.values } };
  }

  // Only the form's own fields go upstream.
  const body = new FormData();
  body.set('_wpcf7', String(model.id));
  body.set('_wpcf7_unit_tag', `wpcf7-f${model.id}-o1`);
  body.set('_wpcf7_locale', 'fr_FR');
  for (const field of model.fields) {
    if (field.kind === 'file') {
      for (const file of files[field.name] ?? []) body.append(field.name, file, file.name);
      continue;
    }
    const v = checked.values[field.name];
    if (Array.isArray(v)) for (const item of v) body.append(`${field.name}[]`, item);
    else if (v !== undefined) body.set(field.name, v);
  }
  // WordPress takes an accreditation request only with the site's signature over who sends it.
  if (accreditation) {
    const signedAt = Math.floor(Date.now() / 1000);
    body.set(SIGNED_AT_FIELD, String(signedAt));
    body.set(SIGNATURE_FIELD, await signAccreditation(c.get('config').FORMS_SECRET, model.slug, signedAt, identityValues(checked.values)));
  }

  let outcome: FormOutcome;
  try {
    outcome = mapSendResult(await c.get('forms').send(model.id, body, c.req.header('user-agent') ?? ''), model, checked.values);
  } catch (error) {
    const timedOut = error instanceof UpstreamError && error.kind === 'timeout';
    // The feedback route is public: WordPress refusing it (401/403) means a security plugin or a
    // CF7 setting now demands more, a configuration fault to look at.
    if (error instanceof UpstreamError && (error.status === 401 || error.status === 403))
      log.error('forms.sending_refused', { form: slug, status: error.status, code: error.code ?? null });
    else log.warn('forms.sending_failed', { form: slug, error: log.describe(error) });
    outcome = timedOut
      ? { kind: 'unknown', title: FAILURE_TITLE, message: STATUS_TEXT.unknown, values: checked.values }
      : { kind: 'failure', title: FAILURE_TITLE, message: STATUS_TEXT.unavailable, values: checked.values };
  }
  if (idemKey && outcome.kind === 'success') c.get('forms').idempotency.remember(idemKey, outcome, IDEMPOTENCY_SECONDS);
  return { model, outcome };
}

/** The identity fields this form has, with the profile's values ('' where the profile has none), on one line each. */
function ownIdentity(model: FormModel, prefs: Prefs): FormValues {
  const own = identityValues(profileValues(prefs));
  return Object.fromEntries(
    model.fields
      .filter((f) => (IDENTITY_FIELDS as readonly string[]).includes(f.name))
      .map((f) => [f.name, own[f.name as keyof typeof own]]),
  );
}

/** A page's POST without JavaScript: the outcome, or a French error for bad requests. */
export async function submitFromPage(c: Context<AppEnv>, slug: string): Promise<{ model: FormModel; outcome: FormOutcome } | Response> {
  try {
    return await submitForm(c, slug);
  } catch (error) {
    if (error instanceof FormRequestError) return c.text(error.message, error.status);
    throw error;
  }
}
