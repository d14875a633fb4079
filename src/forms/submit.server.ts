import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { UpstreamError } from '../upstream/http.server';
import { createCf7Client, type SendResult } from '../upstream/cf7.server';
import { HONEYPOT, IDEMPOTENCY_FIELD, type FormModel, type FormValues } from './model';
import { FAILURE_TITLE, type FormOutcome } from './outcome';
import { validateForm } from './validation';

// Sending a form: honeypot, rate limit, idempotency, validation against the form's own description,
// then CF7 — and CF7's answer turned into what the visitor reads (SPEC §5, §8).

export const MAX_BODY_BYTES = 12 * 1024 * 1024;
const RATE_WINDOW_SECONDS = 600;
const RATE_MAX = 10;
const IDEMPOTENCY_SECONDS = 24 * 3600;

export class FormRequestError extends Error {
  constructor(readonly status: 404 | 413 | 415 | 429, message: string) {
    super(message);
  }
}

/** Reads a form post (multipart or urlencoded) into values and file descriptions. */
export async function readFormPost(c: Context<AppEnv>): Promise<{ data: FormData; values: FormValues; files: Record<string, File[]> }> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new FormRequestError(415, 'Le formulaire doit être envoyé en multipart/form-data ou application/x-www-form-urlencoded.');
  }
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw new FormRequestError(413, 'L’envoi dépasse la taille autorisée (12 Mo).');
  const data = await c.req.raw.formData().catch(() => {
    throw new FormRequestError(415, 'Le corps de la requête n’est pas un formulaire lisible.');
  });
  const values: FormValues = {};
  const files: Record<string, File[]> = {};
  for (const [rawName, value] of data.entries()) {
    const name = rawName.replace(/\[\]$/, '');
    if (typeof value === 'string') {
      const prev = values[name];
      values[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
    } else if (value.size > 0) {
      (files[name] ??= []).push(value);
    }
  }
  return { data, values, files };
}

async function rateLimited(c: Context<AppEnv>): Promise<boolean> {
  const ip = c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'local';
  const window = Math.floor(Date.now() / 1000 / RATE_WINDOW_SECONDS);
  const key = `rl:form:${ip}:${window}`;
  const count = Number((await c.env.CACHE.get(key).catch(() => null)) ?? 0);
  if (count >= RATE_MAX) return true;
  c.executionCtx.waitUntil(c.env.CACHE.put(key, String(count + 1), { expirationTtl: RATE_WINDOW_SECONDS * 2 }).catch(() => undefined));
  return false;
}

const DUPLICATE_EMAIL = /adresse e-mail a déjà été utilisée|déjà participé|duplicate[_ ]?e-?mail/i;
const DUPLICATE_VIDEO = /vidéo a déjà été envoyée|duplicate[_ ]?video/i;

export function mapSendResult(result: SendResult, model: FormModel, values: FormValues): FormOutcome {
  const invalid = result.invalid_fields;
  if (invalid.some((f) => DUPLICATE_VIDEO.test(f.message))) return { kind: 'duplicate', title: 'Désolé !', message: 'Vous ne pouvez envoyer votre video qu’une seule fois.', values };
  if (invalid.some((f) => DUPLICATE_EMAIL.test(f.message))) return { kind: 'duplicate', title: 'Désolé !', message: 'Vous ne pouvez participer qu’une seule fois.', values };
  switch (result.status) {
    case 'mail_sent':
      return { kind: 'success', title: 'Message envoyé', message: result.message || model.messages.mail_sent_ok || 'Merci pour votre message.', values };
    case 'validation_failed':
    case 'acceptance_missing': {
      const errors = Object.fromEntries(invalid.map((f) => [f.field.replace(/\[\]$/, ''), f.message]));
      return { kind: 'invalid', message: result.message || 'Un ou plusieurs champs contiennent une erreur.', errors, values };
    }
    case 'mail_failed':
    case 'spam':
    case 'aborted':
      return { kind: 'failure', title: FAILURE_TITLE, message: result.message || 'Merci de réessayer plus tard.', values };
    default:
      return { kind: 'unknown', title: FAILURE_TITLE, message: 'Nous ne savons pas si votre message est parti. Merci de vérifier votre messagerie avant de réessayer.', values };
  }
}

async function digest(values: FormValues): Promise<string> {
  const text = JSON.stringify(Object.entries(values).filter(([k]) => k !== IDEMPOTENCY_FIELD).sort(([a], [b]) => a.localeCompare(b)));
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].slice(0, 12).map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function submitForm(c: Context<AppEnv>, slug: string, extra: Record<string, string> = {}): Promise<{ model: FormModel; outcome: FormOutcome }> {
  const model = await c.var.content.form(slug).catch(() => null);
  if (!model) throw new FormRequestError(404, 'Ce formulaire n’existe pas.');
  const { values, files } = await readFormPost(c);

  // The key names one sending; the values' digest is part of it, so that a key repeated by a cached
  // page (JavaScript off) can never answer another visitor's different message.
  const key = typeof values[IDEMPOTENCY_FIELD] === 'string' ? (values[IDEMPOTENCY_FIELD] as string) : '';
  const idemKey = /^[\w-]{8,64}$/.test(key) ? `idem:form:${slug}:${key}:${await digest(values)}` : null;
  if (idemKey) {
    const earlier = await c.env.CACHE.get<FormOutcome>(idemKey, 'json').catch(() => null);
    if (earlier) return { model, outcome: earlier }; // the same sending, twice: answered once
  }

  const checked = validateForm(model, {
    values: { ...values, ...extra },
    files: Object.fromEntries(Object.entries(files).map(([k, list]) => [k, list.map((f) => ({ name: f.name, size: f.size, type: f.type }))])),
  });
  // The honeypot, filled only by robots: answered like a success, sent nowhere.
  if (typeof values[HONEYPOT] === 'string' && values[HONEYPOT] !== '') {
    return { model, outcome: { kind: 'success', title: 'Message envoyé', message: model.messages.mail_sent_ok ?? 'Merci pour votre message.', values: checked.values } };
  }
  if (!checked.ok) return { model, outcome: { kind: 'invalid', message: 'Un ou plusieurs champs contiennent une erreur. Veuillez vérifier et essayer à nouveau.', errors: checked.errors, values: checked.values } };
  if (await rateLimited(c)) throw new FormRequestError(429, 'Trop d’envois en peu de temps. Merci de réessayer dans quelques minutes.');

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

  let outcome: FormOutcome;
  try {
    outcome = mapSendResult(await createCf7Client(c.var.config).send(model.id, body, c.req.header('user-agent') ?? ''), model, checked.values);
  } catch (error) {
    const timedOut = error instanceof UpstreamError && error.kind === 'timeout';
    outcome = timedOut
      ? { kind: 'unknown', title: FAILURE_TITLE, message: 'Nous ne savons pas si votre message est parti. Merci de vérifier votre messagerie avant de réessayer.', values: checked.values }
      : { kind: 'failure', title: FAILURE_TITLE, message: 'Le service est momentanément indisponible. Votre saisie est conservée : merci de réessayer dans quelques instants.', values: checked.values };
  }
  if (idemKey && outcome.kind === 'success') c.executionCtx.waitUntil(c.env.CACHE.put(idemKey, JSON.stringify(outcome), { expirationTtl: IDEMPOTENCY_SECONDS }).catch(() => undefined));
  return { model, outcome };
}
