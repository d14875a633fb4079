import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { accountPrefs, prefsByEmail } from '../wordpress/accounts-state';
import { readUpstreamConfig } from '../config';
import { CF7_MESSAGES_FR } from '../content/forms';
import { generateContent } from '../content/generate';
import { parseWp } from '../content/dates';
import type { WpEvent } from '../content/types';
import { ContentStore } from '../content/store';
import { getTheTitle } from '../wordpress/titles';
import { createUserRoutes } from '../wordpress/users';
import { createCf7Control } from './control';
import { createCf7Routes, type Submission } from './routes';
import { isAccreditationForm } from './rules';
import { UNSIGNED } from './signature';
import { UNDEFINED_VALUE } from './validation';
import { TEST_NOW } from '../../test/support/clock';

const config = readUpstreamConfig({}, { port: 0 });
const AUTH = `Basic ${Buffer.from(config.cf7Credentials).toString('base64')}`;
const UA = 'Mozilla/5.0 (tests)';
// The emulator's clock is pinned to the content's reference instant: the tests do not depend on the calendar.
const NOW = Date.parse(TEST_NOW);
const generate = () => generateContent({ baseUrl: 'http://127.0.0.1:8790', articleCount: 20, now: new Date(NOW) });

let store: ContentStore;
let submissions: Submission[];
let app: Hono;

beforeEach(() => {
  store = new ContentStore(generate(), () => NOW);
  submissions = [];
  app = new Hono();
  app.route('/wp-json/contact-form-7/v1', createCf7Routes(store, config, submissions));
  app.route('/__control/cf7', createCf7Control(store));
  app.route(
    '/wp-json/ffr/v1',
    createUserRoutes(store, { verifyAccessToken: async (token) => store.content.accounts.find((a) => a.sub === token) ?? null }),
  );
});

const formId = (slug: string) => store.content.forms.find((f) => f.slug === slug)!.id;

type Values = Record<string, string | string[] | File>;
function body(values: Values, unitTag: string | null = 'wpcf7-f1-o1'): FormData {
  const data = new FormData();
  if (unitTag !== null) data.set('_wpcf7_unit_tag', unitTag);
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const v of value) data.append(`${name}[]`, v);
    else data.append(name, value);
  }
  return data;
}

/** The site's signature on an accreditation request, as the worker makes it (the plugin's formula). */
function siteSignature(slug: string, identity: Values, signedAt = Math.floor(Date.now() / 1000)): Values {
  const text = (name: string) => (typeof identity[name] === 'string' ? (identity[name] as string) : '');
  const message = `ffr-presse:accreditation:${slug}:${signedAt}${['nom', 'prenom', 'email', 'media', 'carte-presse'].map((n) => `\n${text(n)}`).join('')}`;
  return { _ffr_signed_at: String(signedAt), _ffr_signature: createHmac('sha256', config.formsSecret).update(message).digest('base64url') };
}

async function send(
  slug: string,
  values: Values,
  init: { auth?: string | null; ua?: string; unitTag?: string | null; signature?: Values | null } = {},
) {
  const headers: Record<string, string> = { 'user-agent': init.ua ?? UA };
  if (init.auth !== null && init.auth !== undefined) headers.authorization = init.auth;
  // An accreditation request goes as the site sends it, signed, unless the test says otherwise.
  const signature = init.signature === undefined ? (isAccreditationForm(slug) ? siteSignature(slug, values) : {}) : (init.signature ?? {});
  const res = await app.request(`/wp-json/contact-form-7/v1/contact-forms/${formId(slug)}/feedback`, {
    method: 'POST',
    headers,
    body: body({ ...values, ...signature }, init.unitTag),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

const contact: Values = {
  nom: 'Lefèvre',
  prenom: 'Camille',
  email: 'camille@example.fr',
  sujet: 'Événements',
  'type-demande': 'Interview',
  'deja-accredite': 'Non',
  message: 'Bonjour, une demande d’interview.',
  rgpd: '1',
};
/** Events still open to accreditation, of one kind, as the federation's data: filter offers them. */
const open = (kind: WpEvent['accreditation']['kind']) =>
  store.content.events.filter(
    (e) => e.accreditation.kind === kind && parseWp(e.endDate) > NOW && Date.parse(e.accreditation.deadline) > NOW,
  );
const accreditation = (email: string, titles: string[]): Values => ({
  nom: 'Lefèvre',
  prenom: 'Camille',
  email,
  telephone: '+33 6 12 34 56 78',
  media: 'L’Équipe',
  fonction: 'Journaliste',
  'accreditation-event-title': titles,
  rgpd: '1',
});
const file = (name: string, size: number, type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });

describe('CF7 REST: reading forms needs an editor', () => {
  it('refuses anonymous reads with 403 wpcf7_forbidden, as includes/rest-api.php does', async () => {
    const list = await app.request('/wp-json/contact-form-7/v1/contact-forms');
    expect(list.status).toBe(403);
    expect(await list.json()).toEqual({
      code: 'wpcf7_forbidden',
      message: 'You are not allowed to access contact forms.',
      data: { status: 403 },
    });
    const one = await app.request(`/wp-json/contact-form-7/v1/contact-forms/${formId('contactez-nous')}`);
    expect(await one.json()).toMatchObject({ code: 'wpcf7_forbidden', data: { status: 403 } });
  });

  it('refuses a wrong application password with 401, on any route', async () => {
    const wrong = `Basic ${Buffer.from('formulaires:mauvais').toString('base64')}`;
    expect((await app.request('/wp-json/contact-form-7/v1/contact-forms', { headers: { authorization: wrong } })).status).toBe(401);
    expect(await send('contactez-nous', contact, { auth: wrong })).toMatchObject({ status: 401, json: { code: 'incorrect_password' } });
    expect(submissions).toHaveLength(0);
  });

  it('lists the forms and describes one for the editor, with the tags as CF7 scans them', async () => {
    const list = (await (
      await app.request('/wp-json/contact-form-7/v1/contact-forms', { headers: { authorization: AUTH } })
    ).json()) as Array<Record<string, unknown>>;
    expect(list[0]).toEqual({
      id: 101,
      hash: expect.stringMatching(/^[0-9a-f]{7}$/),
      slug: 'contactez-nous-modal',
      title: 'Contactez-nous',
      locale: 'fr_FR',
    });
    const form = (await (
      await app.request(`/wp-json/contact-form-7/v1/contact-forms/${formId('contactez-nous')}`, { headers: { authorization: AUTH } })
    ).json()) as any;
    expect(form.hash).toBeUndefined();
    const fields = form.properties.form.fields as Array<Record<string, unknown>>;
    expect(fields.find((f) => f.name === 'deja-accredite')).toMatchObject({
      type: 'radio',
      values: ['Oui', 'Non'],
      labels: ['Oui', 'Non'],
      pipes: [
        ['Oui', '1'],
        ['Non', '0'],
      ],
    });
    expect(fields.find((f) => f.name === 'type-demande')).toMatchObject({ type: 'radio', basetype: 'radio' });
    expect(form.properties.additional_settings).toEqual({ content: '', settings: [] });
  });
});

describe('CF7 feedback: the protocol', () => {
  it('is public: no credential needed (permission_callback __return_true)', async () => {
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
    expect((await send('contactez-nous', contact, { auth: AUTH })).json.status).toBe('mail_sent');
  });

  it('requires multipart/form-data', async () => {
    const res = await app.request(`/wp-json/contact-form-7/v1/contact-forms/${formId('contactez-nous')}/feedback`, {
      method: 'POST',
      headers: { 'user-agent': UA, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _wpcf7_unit_tag: 'wpcf7-f102-o1', nom: 'Lefèvre' }).toString(),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'wpcf7_unsupported_media_type', data: { status: 415 } });
  });

  it('requires the unit tag', async () => {
    expect(await send('contactez-nous', contact, { unitTag: null })).toMatchObject({
      status: 400,
      json: { code: 'wpcf7_unit_tag_not_found' },
    });
  });

  it('answers 404 for an unknown form', async () => {
    const res = await app.request('/wp-json/contact-form-7/v1/contact-forms/999/feedback', { method: 'POST', body: body(contact) });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'wpcf7_not_found' });
  });

  it('accepts a valid contact message, keeps it, and mails the piped values', async () => {
    const { status, json } = await send('contactez-nous', { ...contact, 'deja-accredite': 'Oui' }, { unitTag: 'wpcf7-f102-o1' });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: 'mail_sent',
      message: CF7_MESSAGES_FR.mail_sent_ok,
      into: '#wpcf7-f102-o1',
      invalid_fields: [],
      contact_form_id: 102,
    });
    expect(json.posted_data_hash).not.toBe('');
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({
      slug: 'contactez-nous',
      email: 'camille@example.fr',
      fields: { nom: ['Lefèvre'], 'deja-accredite': ['Oui'] },
      mailFields: { 'deja-accredite': ['1'] },
      files: [],
      uploads: {},
    });
  });

  it('refuses the after-pipe value and any value not offered: « Undefined value… » (CF7 5.9 enum rule)', async () => {
    const piped = await send('contactez-nous', { ...contact, 'deja-accredite': '1' }, { unitTag: 'wpcf7-f102-o1' });
    expect(piped.json.status).toBe('validation_failed');
    expect(piped.json.invalid_fields).toEqual([
      { field: 'deja-accredite', message: UNDEFINED_VALUE, idref: null, error_id: 'wpcf7-f102-o1-ve-deja-accredite' },
    ]);
    expect((await send('contactez-nous', { ...contact, sujet: 'Autre' })).json.invalid_fields).toMatchObject([
      { field: 'sujet', message: UNDEFINED_VALUE },
    ]);
  });

  it('treats every radio as required, with the form’s message', async () => {
    const { json } = await send('contactez-nous', { ...contact, 'type-demande': '' });
    expect(json.invalid_fields).toMatchObject([{ field: 'type-demande', message: CF7_MESSAGES_FR.invalid_required }]);
  });

  it('answers validation_failed with invalid_fields, the first failing rule of each field', async () => {
    const { json } = await send(
      'contactez-nous',
      { ...contact, nom: '', email: 'camille@', message: 'Court', telephone: '12' },
      { unitTag: 'wpcf7-f102-o1' },
    );
    expect(json.status).toBe('validation_failed');
    expect(json.message).toBe(CF7_MESSAGES_FR.validation_error);
    expect(json.posted_data_hash).toBe('');
    expect(json.invalid_fields).toEqual([
      { field: 'nom', message: CF7_MESSAGES_FR.invalid_required, idref: null, error_id: 'wpcf7-f102-o1-ve-nom' },
      { field: 'email', message: CF7_MESSAGES_FR.invalid_email, idref: null, error_id: 'wpcf7-f102-o1-ve-email' },
      { field: 'telephone', message: CF7_MESSAGES_FR.invalid_tel, idref: null, error_id: 'wpcf7-f102-o1-ve-telephone' },
      { field: 'message', message: CF7_MESSAGES_FR.invalid_too_short, idref: null, error_id: 'wpcf7-f102-o1-ve-message' },
    ]);
    expect(submissions).toHaveLength(0);
  });

  it('applies CF7’s default lengths: 400 for a text field', async () => {
    expect((await send('contactez-nous', { ...contact, media: 'x'.repeat(400) })).json.status).toBe('mail_sent');
    expect((await send('contactez-nous', { ...contact, media: 'x'.repeat(401) })).json.invalid_fields).toMatchObject([
      { field: 'media', message: CF7_MESSAGES_FR.invalid_too_long },
    ]);
  });

  it('answers acceptance_missing with no invalid field for an unticked consent', async () => {
    const { rgpd: _, ...withoutConsent } = contact;
    const { json } = await send('contactez-nous', withoutConsent);
    expect(json).toMatchObject({
      status: 'acceptance_missing',
      message: CF7_MESSAGES_FR.accept_terms,
      invalid_fields: [],
      posted_data_hash: '',
    });
  });

  it('answers error for a form restricted to subscribers', async () => {
    store.content.forms.find((f) => f.slug === 'contactez-nous')!.properties.additional_settings = 'subscribers_only: on';
    expect((await send('contactez-nous', contact)).json).toMatchObject({
      status: 'error',
      message: 'This contact form is available only for logged in users.',
      invalid_fields: [],
    });
  });

  it('calls a short User-Agent spam', async () => {
    expect((await send('contactez-nous', contact, { ua: '' })).json).toMatchObject({ status: 'spam', message: CF7_MESSAGES_FR.spam });
  });
});

describe('CF7 feedback: choices filled at run time (data: option)', () => {
  it('accepts an open event of the form’s kind, sent decoded, and refuses the others', async () => {
    const [press] = open('evenements-presse');
    const [match] = open('rencontres-internationales');
    expect((await send('evenements-presse', accreditation('presse@lequipe.fr', [press!.title]))).json.status).toBe('mail_sent');
    const other = await send('evenements-presse', accreditation('autre@lequipe.fr', [match!.title]));
    expect(other.json.invalid_fields).toMatchObject([{ field: 'accreditation-event-title', message: UNDEFINED_VALUE }]);
    const closed = store.content.events.find((e) => e.accreditation.kind === 'evenements-presse' && parseWp(e.endDate) < NOW)!;
    expect((await send('evenements-presse', accreditation('autre@lequipe.fr', [closed.title]))).json.status).toBe('validation_failed');
  });

  it('compares with the decoded titles: the entity form WordPress sends is not what a browser posts', async () => {
    const withApostrophe = open('evenements-presse').find((e) => e.title.includes('’'))!;
    expect(getTheTitle(withApostrophe.title)).toContain('&#8217;');
    expect((await send('evenements-presse', accreditation('a@lequipe.fr', [getTheTitle(withApostrophe.title)]))).json.status).toBe(
      'validation_failed',
    );
    expect((await send('evenements-presse', accreditation('a@lequipe.fr', [withApostrophe.title]))).json.status).toBe('mail_sent');
  });
});

describe('CF7 feedback: files', () => {
  it('applies the form’s limit: and filetypes:, and requires the file', async () => {
    const values = accreditation('photo@example.fr', [open('evenements-presse')[0]!.title]);
    const big = await send('media-francais-sans-carte', { ...values, justificatif: file('attestation.pdf', 5 * 1024 * 1024 + 1) });
    expect(big.json.status).toBe('validation_failed');
    expect(big.json.invalid_fields).toMatchObject([{ field: 'justificatif', message: CF7_MESSAGES_FR.upload_file_too_large }]);
    const exe = await send('media-francais-sans-carte', { ...values, justificatif: file('attestation.exe', 10) });
    expect(exe.json.invalid_fields).toMatchObject([{ field: 'justificatif', message: CF7_MESSAGES_FR.upload_file_type_invalid }]);
    const empty = await send('media-francais-sans-carte', { ...values, justificatif: new File([], '') });
    expect(empty.json.invalid_fields).toMatchObject([{ field: 'justificatif', message: CF7_MESSAGES_FR.invalid_required }]);
    const ok = await send('media-francais-sans-carte', { ...values, justificatif: file('attestation.pdf', 5 * 1024 * 1024) });
    expect(ok.json.status).toBe('mail_sent');
    expect(submissions[0]).toMatchObject({ files: ['attestation.pdf'], uploads: { justificatif: ['attestation.pdf'] } });
  });

  it('limits a file tag without limit: to 1 MB, and to images, audio and video', async () => {
    store.content.forms.push({
      ...structuredClone(store.content.forms[0]!),
      id: 901,
      slug: 'photo',
      properties: { ...structuredClone(store.content.forms[0]!.properties), form: '<label> Photo [file photo] </label>' },
    });
    expect((await send('photo', { photo: file('p.jpg', 1024 * 1024, 'image/jpeg') })).json.status).toBe('mail_sent');
    expect((await send('photo', { photo: file('p.jpg', 1024 * 1024 + 1, 'image/jpeg') })).json.invalid_fields).toMatchObject([
      { field: 'photo', message: CF7_MESSAGES_FR.upload_file_too_large },
    ]);
    expect((await send('photo', { photo: file('p.pdf', 10) })).json.invalid_fields).toMatchObject([
      { field: 'photo', message: CF7_MESSAGES_FR.upload_file_type_invalid },
    ]);
  });
});

describe('CF7 feedback: the federation’s rules', () => {
  it('refuses an accreditation request the site did not sign, as the federation plugin does: 403, nothing kept', async () => {
    const values = accreditation('journaliste@example.fr', [open('evenements-presse')[0]!.title]);
    const unsigned = await send('evenements-presse', values, { signature: null });
    expect(unsigned).toEqual({ status: 403, json: { ...UNSIGNED, data: { status: 403 } } });
    const forOther = await send('evenements-presse', values, {
      signature: siteSignature('evenements-presse', { ...values, email: 'membre@example.fr' }),
    });
    expect(forOther.status).toBe(403);
    const stale = await send('evenements-presse', values, {
      signature: siteSignature('evenements-presse', values, Math.floor(Date.now() / 1000) - 301),
    });
    expect(stale.status).toBe(403);
    expect(submissions).toHaveLength(0);
    expect((await send('evenements-presse', values)).json.status).toBe('mail_sent');
    expect(submissions).toHaveLength(1);
  });

  it('refuses a second accreditation request for the same e-mail and event', async () => {
    const [a, b] = open('evenements-presse').map((e) => e.title);
    expect((await send('evenements-presse', accreditation('presse@lequipe.fr', [a!]))).json.status).toBe('mail_sent');

    // Same e-mail (any case), same event, through the other slug of the same form.
    const again = await send('accreditation-evenements-presse', accreditation('Presse@LEquipe.fr', [b!, a!]), { unitTag: 'wpcf7-f104-o1' });
    expect(again.json).toMatchObject({ status: 'validation_failed', message: CF7_MESSAGES_FR.validation_error });
    expect(again.json.invalid_fields).toEqual([
      {
        field: 'email',
        message: 'Cette adresse e-mail a déjà été utilisée pour cette demande.',
        idref: null,
        error_id: 'wpcf7-f104-o1-ve-email',
      },
    ]);

    // Another event, or another e-mail: accepted.
    expect((await send('evenements-presse', accreditation('presse@lequipe.fr', [b!]))).json.status).toBe('mail_sent');
    expect((await send('evenements-presse', accreditation('autre@lequipe.fr', [a!]))).json.status).toBe('mail_sent');
    expect(submissions).toHaveLength(3);
  });

  it('does not apply the accreditation rule to the contact forms', async () => {
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
  });

  it('refuses a video already sent with the same e-mail', async () => {
    const markup =
      '<label> Adresse e-mail *\n [email* email] </label>\n<label> Votre vidéo *\n [file* fichier-video limit:5mb filetypes:mp4|mov] </label>\n[submit "Envoyer"]';
    const form = structuredClone(store.content.forms[0]!);
    Object.assign(form, { id: 900, slug: 'concours-video', title: 'Concours vidéo' });
    form.properties.form = markup;
    store.content.forms.push(form);

    const video = () => file('essai.mp4', 1000, 'video/mp4');
    expect((await send('concours-video', { email: 'fan@example.fr', 'fichier-video': video() })).json.status).toBe('mail_sent');
    const again = await send('concours-video', { email: 'FAN@example.fr', 'fichier-video': video() });
    expect(again.json.status).toBe('validation_failed');
    expect(again.json.invalid_fields).toMatchObject([{ field: 'fichier-video', message: 'Cette vidéo a déjà été envoyée.', idref: null }]);
    // Another file, or another sender: accepted.
    expect(
      (await send('concours-video', { email: 'fan@example.fr', 'fichier-video': file('autre.mp4', 1000, 'video/mp4') })).json.status,
    ).toBe('mail_sent');
    expect((await send('concours-video', { email: 'ami@example.fr', 'fichier-video': video() })).json.status).toBe('mail_sent');
  });
});

describe('/__control/cf7: forcing the next status', () => {
  const force = (next: unknown) =>
    app.request('/__control/cf7', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ next }) });

  it('forces mail_failed once', async () => {
    expect(await (await force('mail_failed')).json()).toEqual({ next: 'mail_failed', credentialRevoked: false });
    expect(await (await app.request('/__control/cf7')).json()).toEqual({ next: 'mail_failed', credentialRevoked: false });
    const failed = await send('contactez-nous', contact);
    expect(failed.json).toMatchObject({ status: 'mail_failed', message: CF7_MESSAGES_FR.mail_sent_ng, invalid_fields: [] });
    expect(submissions).toHaveLength(0);
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
  });

  it('forces spam, aborted and acceptance_missing', async () => {
    await force('spam');
    expect((await send('contactez-nous', contact)).json).toMatchObject({ status: 'spam', message: CF7_MESSAGES_FR.spam });
    await force('aborted');
    expect((await send('contactez-nous', contact)).json).toMatchObject({ status: 'aborted' });
    await force('acceptance_missing');
    expect((await send('contactez-nous', contact)).json).toMatchObject({
      status: 'acceptance_missing',
      message: CF7_MESSAGES_FR.accept_terms,
    });
  });

  it('does not spend the forced status on a malformed request', async () => {
    await force('mail_failed');
    expect((await send('contactez-nous', contact, { unitTag: null })).status).toBe(400);
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_failed');
  });

  it('rejects an unknown status, clears with DELETE or null, and is cleared by a content reset', async () => {
    expect((await force('mail_sent')).status).toBe(400);
    await force('spam');
    await app.request('/__control/cf7', { method: 'DELETE' });
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
    await force('spam');
    await force(null);
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
    await force('spam');
    store.content = generate(); // what POST /__control/reset does
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
  });
});

describe('accepted accreditation requests in the press space', () => {
  it('records each requested event as attente in the account’s prefs', async () => {
    const journalist = store.content.accounts.find((a) => a.sub === 'u-journaliste')!;
    const before = (accountPrefs(store, journalist).journaliste_accreditations_events as unknown[]).length;
    const [a, b] = open('rencontres-internationales');
    const res = await send('accreditation-rencontres-internationales', accreditation(journalist.email.toUpperCase(), [a!.title, b!.title]));
    expect(res.json.status).toBe('mail_sent');

    // What user_prefs answers the signed-in journalist.
    const prefsRes = await app.request('/wp-json/ffr/v1/user_prefs?type=complet', {
      headers: { authorization: `Bearer ${journalist.sub}` },
    });
    const prefs = (await prefsRes.json()) as { journaliste_accreditations_events: Array<Record<string, unknown>> };
    expect(prefs.journaliste_accreditations_events).toHaveLength(before + 2);
    expect(prefs.journaliste_accreditations_events.slice(-2)).toEqual([
      { event_id: a!.id, title: a!.title, date: a!.startDate, status: 'attente' },
      { event_id: b!.id, title: b!.title, date: b!.startDate, status: 'attente' },
    ]);
  });

  it('accepts a single event title (no [] in the name) and a new account without history', async () => {
    const member = store.content.accounts.find((a) => a.sub === 'u-membre')!;
    const event = open('rencontres-internationales')[0]!;
    const values = { ...accreditation(member.email, []), 'accreditation-event-title': event.title };
    expect((await send('rencontres-internationales', values)).json.status).toBe('mail_sent');
    expect(prefsByEmail(store, member.email)?.journaliste_accreditations_events).toEqual([
      { event_id: event.id, title: event.title, date: event.startDate, status: 'attente' },
    ]);
  });

  it('reopens a refused request, records nothing for an unknown e-mail or a refused submission', async () => {
    const journalist = store.content.accounts.find((a) => a.sub === 'u-journaliste')!;
    const list = accountPrefs(store, journalist).journaliste_accreditations_events as Array<{
      event_id: number;
      title: string;
      date: string;
      status: string;
    }>;
    const [event, other, third] = open('evenements-presse');
    list.push({ event_id: event!.id, title: event!.title, date: event!.startDate, status: 'refuse' });
    expect((await send('evenements-presse', accreditation(journalist.email, [event!.title]))).json.status).toBe('mail_sent');
    expect(list.filter((r) => r.event_id === event!.id)).toEqual([expect.objectContaining({ status: 'attente' })]);

    expect((await send('evenements-presse', accreditation('inconnu@example.fr', [other!.title]))).json.status).toBe('mail_sent');
    expect(prefsByEmail(store, 'inconnu@example.fr')).toBeNull();

    const count = list.length;
    const invalid = await send('evenements-presse', { ...accreditation(journalist.email, [third!.title]), nom: '' });
    expect(invalid.json.status).toBe('validation_failed');
    expect(list).toHaveLength(count);
  });
});
