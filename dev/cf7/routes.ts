import { Hono, type Context } from 'hono';
import type { UpstreamConfig } from '../config';
import type { Cf7Field } from '../content/types';
import type { ContentStore } from '../store';
import {
  DEFAULT_MAX_FILE_BYTES,
  DUPLICATE_EMAIL_MESSAGE,
  DUPLICATE_VIDEO_MESSAGE,
  emailFieldOf,
  EVENT_TITLE_FIELD,
  fileTypeAccepted,
  isAccreditationForm,
  isDuplicateAccreditation,
  isDuplicateVideo,
  isVideoField,
  optionOf,
  parseLimit,
  recordAccreditations,
  type Submission,
} from './rules';
import { takeForcedStatus, type ForcedStatus } from './state';

// Contact Form 7 REST API v1 (plugin v6): form list, one form, and feedback with CF7's statuses and
// invalid_fields, plus the federation's duplicate rules (see rules.ts). Accepted submissions are kept
// so that tests can see what reached the press office; an accepted accreditation request shows up
// 'En attente' in the journalist's press space. /__control/cf7 (control.ts) forces the next status.

export type { Submission } from './rules';
export { createCf7Control } from './control';
export { forceNextStatus, FORCED_STATUSES, type ForcedStatus } from './state';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const TEL = /^[+]?[0-9()\-\s.]{6,20}$/;
const URL_PATTERN = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i;
const MAX_TEXT = 5000;

/** CF7's own text for an aborted sending (no entry in the form's messages). */
const ABORTED_MESSAGE = 'L’envoi du message a été interrompu.';

type InvalidField = { field: string; message: string; idref: null; error_id: string };

function cf7Error(c: Context, status: 400 | 401 | 404 | 415, code: string, message: string) {
  return c.json({ code, message, data: { status } }, status);
}

export function createCf7Routes(store: ContentStore, config: UpstreamConfig, submissions: Submission[]) {
  const app = new Hono();
  const expectedAuth = `Basic ${Buffer.from(config.cf7Credentials).toString('base64')}`;
  const findForm = (id: string) => store.content.forms.find((f) => String(f.id) === id);

  app.get('/contact-forms', (c) => c.json(store.content.forms.map(({ id, slug, title, locale }) => ({ id, slug, title, locale }))));

  app.get('/contact-forms/:id', (c) => {
    const form = findForm(c.req.param('id'));
    if (!form) return cf7Error(c, 404, 'wpcf7_not_found', 'Le formulaire demandé n’a pas été trouvé.');
    return c.json(form);
  });

  app.post('/contact-forms/:id/feedback', async (c) => {
    if (c.req.header('authorization') !== expectedAuth) return cf7Error(c, 401, 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de faire cela.');
    const form = findForm(c.req.param('id'));
    if (!form) return cf7Error(c, 404, 'wpcf7_not_found', 'Le formulaire demandé n’a pas été trouvé.');
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      return cf7Error(c, 415, 'wpcf7_unsupported_media_type', 'Le type de média de la requête n’est pas pris en charge.');
    }
    let data: FormData;
    try {
      data = await c.req.formData();
    } catch {
      return cf7Error(c, 400, 'wpcf7_invalid_request', 'Requête invalide.');
    }
    const unitTag = data.get('_wpcf7_unit_tag');
    if (typeof unitTag !== 'string' || !unitTag) return cf7Error(c, 400, 'wpcf7_unit_tag_not_found', 'Balise d’unité introuvable.');

    const messages = form.properties.messages;
    const base = { contact_form_id: form.id, posted_data_hash: '', into: `#${unitTag}` };

    const forced: ForcedStatus | null = takeForcedStatus(store);
    if (forced) {
      const message =
        forced === 'mail_failed' ? messages.mail_sent_ng : forced === 'spam' ? messages.spam : forced === 'acceptance_missing' ? messages.accept_terms : ABORTED_MESSAGE;
      return c.json({ ...base, status: forced, message: message ?? forced, invalid_fields: [] });
    }
    if ((c.req.header('user-agent') ?? '').length < 2) {
      return c.json({ ...base, status: 'spam', message: messages.spam ?? 'Spam.', invalid_fields: [] });
    }

    const invalid: InvalidField[] = [];
    const errorId = (name: string) => `${unitTag}-ve-${name}`;
    const flagText = (field: Cf7Field, message: string) => {
      if (!invalid.some((f) => f.field === field.name)) invalid.push({ field: field.name, message, idref: null, error_id: errorId(field.name) });
    };
    const flag = (field: Cf7Field, key: string) => flagText(field, messages[key] ?? key);

    const stringsOf = (name: string) =>
      data
        .getAll(name)
        .concat(data.getAll(`${name}[]`))
        .filter((v): v is string => typeof v === 'string')
        .map((v) => v.trim())
        .filter(Boolean);
    const filesOf = (name: string) =>
      data
        .getAll(name)
        .concat(data.getAll(`${name}[]`))
        .filter((v): v is File => typeof v !== 'string' && (v.size > 0 || v.name !== ''));

    for (const field of form.properties.form.fields) {
      if (!field.name) continue;
      const required = field.type.endsWith('*');
      const values = stringsOf(field.name);
      if (field.basetype === 'file') {
        const files = filesOf(field.name);
        const limit = parseLimit(optionOf(field, 'limit')) ?? DEFAULT_MAX_FILE_BYTES;
        if (required && files.length === 0) flag(field, 'invalid_required');
        else if (files.some((f) => f.size > limit)) flag(field, 'upload_file_too_large');
        else if (files.some((f) => !fileTypeAccepted(field, f.name))) flag(field, 'upload_file_type_invalid');
        continue;
      }
      if (field.basetype === 'acceptance') {
        if (!field.options.includes('optional') && !values.includes('1') && !values.includes('on')) flag(field, 'accept_terms');
        continue;
      }
      if (required && values.length === 0) {
        flag(field, 'invalid_required');
        continue;
      }
      const value = values[0] ?? '';
      if (!value) continue;
      const minLength = Number(optionOf(field, 'minlength') ?? 0);
      const maxLength = Number(optionOf(field, 'maxlength') ?? MAX_TEXT);
      if (field.basetype === 'email' && !EMAIL.test(value)) flag(field, 'invalid_email');
      else if (field.basetype === 'tel' && !TEL.test(value)) flag(field, 'invalid_tel');
      else if (field.basetype === 'url' && !URL_PATTERN.test(value)) flag(field, 'invalid_url');
      else if (values.some((v) => v.length > Math.min(maxLength || MAX_TEXT, MAX_TEXT))) flag(field, 'too_long');
      else if (minLength > 0 && value.length < minLength) flag(field, 'too_short');
      else if (['select', 'radio', 'checkbox'].includes(field.basetype) && field.values.length > 0 && values.some((v) => !field.values.includes(v))) {
        flag(field, 'validation_error');
      }
    }

    // The federation's duplicate rules, once the e-mail itself is valid.
    const emailField = emailFieldOf(form);
    const email = emailField ? (stringsOf(emailField.name)[0] ?? '') : '';
    const titles = stringsOf(EVENT_TITLE_FIELD);
    if (emailField && email && !invalid.some((f) => f.field === emailField.name)) {
      if (isAccreditationForm(form.slug) && isDuplicateAccreditation(submissions, email, titles)) flagText(emailField, DUPLICATE_EMAIL_MESSAGE);
      for (const field of form.properties.form.fields) {
        if (field.basetype !== 'file' || !isVideoField(field.name) || invalid.some((f) => f.field === field.name)) continue;
        if (filesOf(field.name).some((file) => isDuplicateVideo(submissions, email, file.name))) flagText(field, DUPLICATE_VIDEO_MESSAGE);
      }
    }

    if (invalid.length > 0) {
      return c.json({ ...base, status: 'validation_failed', message: messages.validation_error, invalid_fields: invalid });
    }

    const fields: Record<string, string[]> = {};
    const uploads: Record<string, string[]> = {};
    for (const [k, v] of data.entries()) {
      if (k.startsWith('_wpcf7')) continue;
      const name = k.replace(/\[\]$/, '');
      if (typeof v === 'string') (fields[name] ??= []).push(v);
      else if (v.size > 0 || v.name !== '') (uploads[name] ??= []).push(v.name);
    }
    submissions.push({ formId: form.id, slug: form.slug, fields, files: Object.values(uploads).flat(), uploads, email, at: new Date().toISOString() });
    if (isAccreditationForm(form.slug) && email) recordAccreditations(store, email, titles);

    const hash = Buffer.from(JSON.stringify(fields)).toString('base64url').slice(0, 32);
    return c.json({ ...base, status: 'mail_sent', message: messages.mail_sent_ok, posted_data_hash: hash, invalid_fields: [] });
  });

  app.all('*', (c) => c.json({ code: 'rest_no_route', message: 'Aucune route correspondante à l’URL et à la méthode de la requête n’a été trouvée.', data: { status: 404 } }, 404));
  return app;
}
