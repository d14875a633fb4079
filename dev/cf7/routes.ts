import { Hono, type Context } from 'hono';
import type { UpstreamConfig } from '../config';
import type { Cf7Field } from '../content/types';
import type { ContentStore } from '../store';

// Contact Form 7 REST API v1 (plugin v6): form list, one form, and feedback with CF7's statuses and
// invalid_fields. Accepted submissions are kept so that tests can see what reached the press office.

export type Submission = { formId: number; slug: string; fields: Record<string, string[]>; files: string[]; at: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const TEL = /^[+]?[0-9()\-\s.]{6,20}$/;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

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
    if ((c.req.header('user-agent') ?? '').length < 2) {
      return c.json({ ...base, status: 'spam', message: messages.spam ?? 'Spam.', invalid_fields: [] });
    }

    const invalid: Array<{ field: string; message: string; idref: null; error_id: string }> = [];
    const flag = (field: Cf7Field, key: string) =>
      invalid.push({ field: field.name, message: messages[key] ?? key, idref: null, error_id: `${unitTag}-ve-${field.name}` });

    for (const field of form.properties.form.fields) {
      if (!field.name) continue;
      const required = field.type.endsWith('*');
      const raw = data.getAll(field.name).concat(data.getAll(`${field.name}[]`));
      const values = raw.filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean);
      const files = raw.filter((v): v is File => typeof v !== 'string');
      if (field.basetype === 'file') {
        if (required && files.length === 0) flag(field, 'invalid_required');
        else if (files.some((f) => f.size > MAX_FILE_BYTES)) flag(field, 'upload_file_too_large');
        continue;
      }
      if (field.basetype === 'acceptance') {
        if (required && !values.includes('1') && !values.includes('on')) flag(field, 'accept_terms');
        continue;
      }
      if (required && values.length === 0) {
        flag(field, 'invalid_required');
        continue;
      }
      const value = values[0] ?? '';
      if (!value) continue;
      if (field.basetype === 'email' && !EMAIL.test(value)) flag(field, 'invalid_email');
      else if (field.basetype === 'tel' && !TEL.test(value)) flag(field, 'invalid_tel');
      else if (value.length > 5000) flag(field, 'too_long');
      else if (['select', 'radio', 'checkbox'].includes(field.basetype) && field.values.length > 0 && values.some((v) => !field.values.includes(v))) {
        flag(field, 'validation_error');
      }
    }

    if (invalid.length > 0) {
      return c.json({ ...base, status: 'validation_failed', message: messages.validation_error, invalid_fields: invalid });
    }
    const fields: Record<string, string[]> = {};
    for (const [k, v] of data.entries()) if (typeof v === 'string' && !k.startsWith('_wpcf7')) (fields[k.replace(/\[\]$/, '')] ??= []).push(v);
    submissions.push({
      formId: form.id,
      slug: form.slug,
      fields,
      files: [...data.values()].filter((v): v is File => typeof v !== 'string').map((f) => f.name),
      at: new Date().toISOString(),
    });
    const hash = Buffer.from(JSON.stringify(fields)).toString('base64url').slice(0, 32);
    return c.json({ ...base, status: 'mail_sent', message: messages.mail_sent_ok, posted_data_hash: hash, invalid_fields: [] });
  });

  app.all('*', (c) => c.json({ code: 'rest_no_route', message: 'Aucune route correspondante à l’URL et à la méthode de la requête n’a été trouvée.', data: { status: 404 } }, 404));
  return app;
}
