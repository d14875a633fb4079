import { Hono, type Context } from 'hono';
import type { UpstreamConfig } from '../config';
import type { ContentStore } from '../content/store';
import { formTagDataOption } from './data-options';
import { scanFormTags, type FormTag } from './form-tags';
import { formForApi, formSummary } from './rest';
import {
  DUPLICATE_EMAIL_MESSAGE,
  DUPLICATE_VIDEO_MESSAGE,
  EVENT_TITLE_FIELD,
  isAccreditationForm,
  isDuplicateAccreditation,
  isDuplicateVideo,
  isVideoField,
  pipedValues,
  recordAccreditations,
  type Submission,
} from './rules';
import { signedBySite, UNSIGNED } from './signature';
import { cf7State, takeForcedStatus, type ForcedStatus } from './state';
import { acceptanceMissing, settingIsTrue, validateFiles, validateText, type InvalidField, type ValidationContext } from './validation';

// Contact Form 7 REST API v1 (plugin 6.1), as includes/rest-api.php and includes/submission.php
// answer: form reads for editors only, a public feedback endpoint, the plugin's statuses and
// invalid_fields; plus the federation's duplicate rules (rules.ts). Accepted submissions are kept
// so that tests can see what reached the press office; an accepted accreditation request shows up
// 'En attente' in the journalist's press space. /__control/cf7 (control.ts) forces the next status.

export type { Submission } from './rules';

/** The texts CF7 answers with on this install (untranslated strings are CF7's English ones). */
const TEXT = {
  forbiddenList: 'You are not allowed to access contact forms.',
  forbiddenForm: 'You are not allowed to access the requested contact form.',
  notFound: 'The requested contact form was not found.',
  unsupported: 'The request payload format is not supported.',
  unitTag: 'There is no valid unit tag.',
  aborted: 'Sending mail has been aborted.',
  subscribersOnly: 'This contact form is available only for logged in users.',
  badPassword: 'The provided password is an invalid application password.',
};

type Caller = 'anonymous' | 'editor' | 'rejected';

function wpError(c: Context, status: 400 | 401 | 403 | 404 | 415, code: string, message: string) {
  return c.json({ code, message, data: { status } }, status);
}

export function createCf7Routes(store: ContentStore, config: UpstreamConfig, submissions: Submission[]) {
  const app = new Hono<{ Variables: { caller: Caller } }>();
  const editorAuth = `Basic ${Buffer.from(config.cf7Credentials).toString('base64')}`;
  const findForm = (id: string) => store.content.forms.find((f) => String(f.id) === id);

  // WordPress core authenticates any REST request that carries Basic credentials (application
  // passwords); wrong ones stop the request with 401 whatever the route's permission
  // (wp-includes/rest-api.php, rest_application_password_check_errors).
  app.use(async (c, next) => {
    const auth = c.req.header('authorization');
    if (auth === undefined) c.set('caller', 'anonymous');
    else if (auth === editorAuth && !cf7State(store).credentialRevoked) c.set('caller', 'editor');
    else return wpError(c, 401, 'incorrect_password', TEXT.badPassword);
    await next();
  });

  // Reads need wpcf7_read_contact_forms / wpcf7_edit_contact_form, i.e. edit_posts / publish_pages
  // (includes/capabilities.php): an anonymous caller gets 403 wpcf7_forbidden.
  app.get('/contact-forms', (c) => {
    if (c.var.caller !== 'editor') return wpError(c, 403, 'wpcf7_forbidden', TEXT.forbiddenList);
    return c.json(store.content.forms.map(formSummary));
  });

  app.get('/contact-forms/:id{[0-9]+}', (c) => {
    if (c.var.caller !== 'editor') return wpError(c, 403, 'wpcf7_forbidden', TEXT.forbiddenForm);
    const form = findForm(c.req.param('id'));
    if (!form) return wpError(c, 404, 'wpcf7_not_found', TEXT.notFound);
    return c.json(formForApi(form));
  });

  // The feedback endpoint is public (permission_callback __return_true). Checks in the plugin's order,
  // after the federation plugin's guard, which WordPress runs before the route's callback
  // (rest_request_before_callbacks): an accreditation form takes only the site's signed posts.
  app.post('/contact-forms/:id{[0-9]+}/feedback', async (c) => {
    const guarded = findForm(c.req.param('id'));
    if (guarded && isAccreditationForm(guarded.slug)) {
      const body = (c.req.header('content-type') ?? '').startsWith('multipart/form-data')
        ? await c.req.raw
            .clone()
            .formData()
            .catch(() => null)
        : null;
      if (!signedBySite(config.formsSecret, guarded.slug, body)) return c.json({ ...UNSIGNED, data: { status: 403 } }, 403);
    }
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
      return wpError(c, 415, 'wpcf7_unsupported_media_type', TEXT.unsupported);
    const form = findForm(c.req.param('id'));
    if (!form) return wpError(c, 404, 'wpcf7_not_found', TEXT.notFound);
    let data: FormData;
    try {
      data = await c.req.formData();
    } catch {
      return wpError(c, 400, 'wpcf7_unit_tag_not_found', TEXT.unitTag);
    }
    const unitTag = String(data.get('_wpcf7_unit_tag') ?? '').replace(/[^A-Za-z0-9_-]/g, '');
    if (!unitTag) return wpError(c, 400, 'wpcf7_unit_tag_not_found', TEXT.unitTag);

    const messages = form.properties.messages;
    const into = `#${unitTag}`;
    const answer = (status: string, message: string, invalid: InvalidField[] = [], hash = '') =>
      c.json(
        status === 'validation_failed'
          ? { contact_form_id: form.id, status, message, invalid_fields: invalid, posted_data_hash: '', into }
          : { contact_form_id: form.id, status, message, posted_data_hash: hash, into, invalid_fields: [] },
      );

    if (settingIsTrue(form, 'subscribers_only') && c.var.caller === 'anonymous') {
      return c.json({ contact_form_id: form.id, status: 'error', message: TEXT.subscribersOnly, into, invalid_fields: [] });
    }

    const forced: ForcedStatus | null = takeForcedStatus(store);
    if (forced) {
      const message =
        forced === 'mail_failed'
          ? messages.mail_sent_ng
          : forced === 'spam'
            ? messages.spam
            : forced === 'acceptance_missing'
              ? messages.accept_terms
              : TEXT.aborted;
      return answer(forced, message ?? forced);
    }

    // PHP reads "name[]" as the array "name" and drops the _-prefixed fields from posted data.
    const strings = (name: string) =>
      data
        .getAll(name)
        .concat(data.getAll(`${name}[]`))
        .filter((v): v is string => typeof v === 'string');
    const has = (name: string) => data.has(name) || data.has(`${name}[]`);
    const files = (name: string) =>
      has(name)
        ? data
            .getAll(name)
            .concat(data.getAll(`${name}[]`))
            .filter((v): v is File => typeof v !== 'string')
        : null;

    const tags = scanFormTags(form.properties.form);
    const ctx: ValidationContext = {
      form,
      tags,
      posted: { strings, files },
      unitTag,
      dataOption: (options) => formTagDataOption(store, options),
    };
    const invalid = validateText(ctx);
    federationRules(form.slug, tags, strings, files, submissions, (tag, message) => {
      if (!invalid.some((f) => f.field === tag.name))
        invalid.push({ field: tag.name, message, idref: null, error_id: `${unitTag}-ve-${tag.name}` });
    });
    const unticked = acceptanceMissing(ctx);
    // With acceptance_as_validation on, an unticked box is a field error instead of its own status.
    if (settingIsTrue(form, 'acceptance_as_validation')) {
      for (const tag of unticked)
        invalid.push({
          field: tag.name,
          message: messages.accept_terms ?? 'accept_terms',
          idref: null,
          error_id: `${unitTag}-ve-${tag.name}`,
        });
    }
    if (invalid.length > 0) return answer('validation_failed', messages.validation_error ?? 'validation_error', invalid);
    if (unticked.length > 0) return answer('acceptance_missing', messages.accept_terms ?? 'accept_terms');
    if ((c.req.header('user-agent') ?? '').trim().length < 2) return answer('spam', messages.spam ?? 'spam');
    const fileErrors = validateFiles(ctx);
    if (fileErrors.length > 0) return answer('validation_failed', messages.validation_error ?? 'validation_error', fileErrors);

    const { fields, mailFields, uploads } = collect(data, tags);
    const email = emailOf(tags, strings);
    submissions.push({
      formId: form.id,
      slug: form.slug,
      fields,
      mailFields,
      files: Object.values(uploads).flat(),
      uploads,
      email,
      at: new Date(store.now()).toISOString(),
      caller: c.var.caller === 'editor' ? 'editor' : 'anonymous',
    });
    if (isAccreditationForm(form.slug) && email) recordAccreditations(store, email, strings(EVENT_TITLE_FIELD));
    const hash = Buffer.from(JSON.stringify(fields)).toString('base64url').slice(0, 32);
    return answer('mail_sent', messages.mail_sent_ok ?? 'mail_sent_ok', [], hash);
  });

  app.all('*', (c) =>
    c.json({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }, 404),
  );
  return app;
}

function emailOf(tags: FormTag[], strings: (name: string) => string[]): string {
  const field = tags.find((t) => t.basetype === 'email' && t.name);
  return field ? (strings(field.name)[0] ?? '').trim() : '';
}

/** The federation's wpcf7_validate additions: one request per e-mail and event, one video per e-mail. */
function federationRules(
  slug: string,
  tags: FormTag[],
  strings: (name: string) => string[],
  files: (name: string) => File[] | null,
  submissions: Submission[],
  flag: (tag: FormTag, message: string) => void,
) {
  const emailTag = tags.find((t) => t.basetype === 'email' && t.name);
  const email = emailOf(tags, strings);
  if (!emailTag || !email) return;
  if (isAccreditationForm(slug) && isDuplicateAccreditation(submissions, email, strings(EVENT_TITLE_FIELD)))
    flag(emailTag, DUPLICATE_EMAIL_MESSAGE);
  for (const tag of tags) {
    if (tag.basetype !== 'file' || !isVideoField(tag.name)) continue;
    if ((files(tag.name) ?? []).some((file) => isDuplicateVideo(submissions, email, file.name))) flag(tag, DUPLICATE_VIDEO_MESSAGE);
  }
}

/** What the submission holds: raw values, the values the mail gets (through the pipes), file names. */
function collect(data: FormData, tags: FormTag[]) {
  const fields: Record<string, string[]> = {};
  const uploads: Record<string, string[]> = {};
  for (const [k, v] of data.entries()) {
    if (k.startsWith('_')) continue;
    const name = k.replace(/\[\]$/, '');
    if (typeof v === 'string') (fields[name] ??= []).push(v.trim());
    else if (v.size > 0 || v.name !== '') (uploads[name] ??= []).push(v.name);
  }
  const mailFields = Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, pipedValues(tags, name, values)]));
  return { fields, mailFields, uploads };
}
