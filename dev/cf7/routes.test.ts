import { beforeEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { accountPrefs, prefsByEmail } from '../accounts-state';
import { readUpstreamConfig } from '../config';
import { generateContent } from '../content/generate';
import { CF7_MESSAGES_FR, parseFormTags } from '../content/forms';
import type { Cf7Form } from '../content/types';
import { ContentStore } from '../store';
import { createUserRoutes } from '../wordpress/users';
import { createCf7Control } from './control';
import { createCf7Routes, type Submission } from './routes';

const config = readUpstreamConfig({}, { port: 0 });
const AUTH = `Basic ${Buffer.from(config.cf7Credentials).toString('base64')}`;
const UA = 'Mozilla/5.0 (tests)';
const generate = () => generateContent({ baseUrl: 'http://127.0.0.1:8790', articleCount: 20 });

let store: ContentStore;
let submissions: Submission[];
let app: Hono;

beforeEach(() => {
  store = new ContentStore(generate());
  submissions = [];
  app = new Hono();
  app.route('/wp-json/contact-form-7/v1', createCf7Routes(store, config, submissions));
  app.route('/__control/cf7', createCf7Control(store));
  app.route('/wp-json/ffr/v1', createUserRoutes(store, { verifyAccessToken: async (token) => store.content.accounts.find((a) => a.sub === token) ?? null }));
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

async function send(slug: string, values: Values, init: { auth?: string | null; ua?: string; unitTag?: string | null } = {}) {
  const headers: Record<string, string> = { 'user-agent': init.ua ?? UA };
  if (init.auth !== null) headers.authorization = init.auth ?? AUTH;
  const res = await app.request(`/wp-json/contact-form-7/v1/contact-forms/${formId(slug)}/feedback`, { method: 'POST', headers, body: body(values, init.unitTag) });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

const contact: Values = {
  nom: 'Lefèvre', prenom: 'Camille', email: 'camille@example.fr', sujet: 'Événements', 'type-demande': 'Interview',
  message: 'Bonjour, une demande d’interview.', rgpd: '1',
};
const events = () => store.content.events;
const accreditation = (email: string, titles: string[]): Values => ({
  nom: 'Lefèvre', prenom: 'Camille', email, telephone: '+33 6 12 34 56 78', media: 'L’Équipe', fonction: 'Journaliste',
  'accreditation-event-title': titles, rgpd: '1',
});
const file = (name: string, size: number, type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });

describe('CF7 feedback: the protocol', () => {
  it('requires the basic credential', async () => {
    expect(await send('contactez-nous', contact, { auth: null })).toMatchObject({ status: 401, json: { code: 'rest_forbidden' } });
    const wrong = `Basic ${Buffer.from('formulaires:mauvais').toString('base64')}`;
    expect((await send('contactez-nous', contact, { auth: wrong })).status).toBe(401);
    expect(submissions).toHaveLength(0);
  });

  it('requires multipart/form-data', async () => {
    const res = await app.request(`/wp-json/contact-form-7/v1/contact-forms/${formId('contactez-nous')}/feedback`, {
      method: 'POST',
      headers: { authorization: AUTH, 'user-agent': UA, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _wpcf7_unit_tag: 'wpcf7-f102-o1', nom: 'Lefèvre' }).toString(),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'wpcf7_unsupported_media_type', data: { status: 415 } });
  });

  it('requires the unit tag', async () => {
    expect(await send('contactez-nous', contact, { unitTag: null })).toMatchObject({ status: 400, json: { code: 'wpcf7_unit_tag_not_found' } });
  });

  it('answers 404 for an unknown form', async () => {
    const res = await app.request('/wp-json/contact-form-7/v1/contact-forms/999/feedback', { method: 'POST', headers: { authorization: AUTH }, body: body(contact) });
    expect(res.status).toBe(404);
  });

  it('accepts a valid contact message and keeps it', async () => {
    const { status, json } = await send('contactez-nous', contact, { unitTag: 'wpcf7-f102-o1' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'mail_sent', message: CF7_MESSAGES_FR.mail_sent_ok, into: '#wpcf7-f102-o1', invalid_fields: [], contact_form_id: 102 });
    expect(json.posted_data_hash).not.toBe('');
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ slug: 'contactez-nous', email: 'camille@example.fr', fields: { nom: ['Lefèvre'] }, files: [], uploads: {} });
  });

  it('answers validation_failed with invalid_fields', async () => {
    const { json } = await send('contactez-nous', { ...contact, nom: '', email: 'camille@', sujet: 'Autre', rgpd: '', message: 'Court' }, { unitTag: 'wpcf7-f102-o1' });
    expect(json.status).toBe('validation_failed');
    expect(json.message).toBe(CF7_MESSAGES_FR.validation_error);
    expect(json.invalid_fields).toEqual([
      { field: 'nom', message: CF7_MESSAGES_FR.invalid_required, idref: null, error_id: 'wpcf7-f102-o1-ve-nom' },
      { field: 'email', message: CF7_MESSAGES_FR.invalid_email, idref: null, error_id: 'wpcf7-f102-o1-ve-email' },
      { field: 'sujet', message: CF7_MESSAGES_FR.validation_error, idref: null, error_id: 'wpcf7-f102-o1-ve-sujet' },
      { field: 'message', message: CF7_MESSAGES_FR.too_short, idref: null, error_id: 'wpcf7-f102-o1-ve-message' },
      { field: 'rgpd', message: CF7_MESSAGES_FR.accept_terms, idref: null, error_id: 'wpcf7-f102-o1-ve-rgpd' },
    ]);
    expect(submissions).toHaveLength(0);
  });

  it('calls a short User-Agent spam', async () => {
    expect((await send('contactez-nous', contact, { ua: '' })).json).toMatchObject({ status: 'spam', message: CF7_MESSAGES_FR.spam });
  });
});

describe('CF7 feedback: the federation’s rules', () => {
  it('refuses a second accreditation request for the same e-mail and event', async () => {
    const [a, b] = [events()[6]!.title, events()[7]!.title];
    expect((await send('evenements-presse', accreditation('presse@lequipe.fr', [a]))).json.status).toBe('mail_sent');

    // Same e-mail (any case), same event, through the other slug of the same form.
    const again = await send('accreditation-evenements-presse', accreditation('Presse@LEquipe.fr', [b, a]), { unitTag: 'wpcf7-f104-o1' });
    expect(again.json).toMatchObject({ status: 'validation_failed', message: CF7_MESSAGES_FR.validation_error });
    expect(again.json.invalid_fields).toEqual([
      { field: 'email', message: 'Cette adresse e-mail a déjà été utilisée pour cette demande.', idref: null, error_id: 'wpcf7-f104-o1-ve-email' },
    ]);

    // Another event, or another e-mail: accepted.
    expect((await send('evenements-presse', accreditation('presse@lequipe.fr', [b]))).json.status).toBe('mail_sent');
    expect((await send('evenements-presse', accreditation('autre@lequipe.fr', [a]))).json.status).toBe('mail_sent');
    expect(submissions).toHaveLength(3);
  });

  it('does not apply the accreditation rule to the contact forms', async () => {
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
    expect((await send('contactez-nous', contact)).json.status).toBe('mail_sent');
  });

  it('refuses a file over 5 Mo with CF7’s message, and a file of another type', async () => {
    const values = accreditation('photo@example.fr', [events()[6]!.title]);
    const big = await send('media-francais-sans-carte', { ...values, justificatif: file('attestation.pdf', 5 * 1024 * 1024 + 1) });
    expect(big.json.status).toBe('validation_failed');
    expect(big.json.invalid_fields).toMatchObject([{ field: 'justificatif', message: 'Le fichier téléversé est trop volumineux.' }]);

    const exe = await send('media-francais-sans-carte', { ...values, justificatif: file('attestation.exe', 10) });
    expect(exe.json.invalid_fields).toMatchObject([{ field: 'justificatif', message: CF7_MESSAGES_FR.upload_file_type_invalid }]);

    const missing = await send('media-francais-sans-carte', values);
    expect(missing.json.invalid_fields).toMatchObject([{ field: 'justificatif', message: CF7_MESSAGES_FR.invalid_required }]);

    const ok = await send('media-francais-sans-carte', { ...values, justificatif: file('attestation.pdf', 5 * 1024 * 1024) });
    expect(ok.json.status).toBe('mail_sent');
    expect(submissions[0]).toMatchObject({ files: ['attestation.pdf'], uploads: { justificatif: ['attestation.pdf'] } });
  });

  it('refuses a video already sent with the same e-mail', async () => {
    const content = '<label> Adresse e-mail *\n [email* email] </label>\n<label> Votre vidéo *\n [file* fichier-video limit:5mb filetypes:mp4|mov] </label>\n[submit "Envoyer"]';
    const form: Cf7Form = structuredClone(store.content.forms[0]!);
    Object.assign(form, { id: 900, slug: 'concours-video', title: 'Concours vidéo' });
    form.properties.form = { content, fields: parseFormTags(content) };
    store.content.forms.push(form);

    const video = () => file('essai.mp4', 1000, 'video/mp4');
    expect((await send('concours-video', { email: 'fan@example.fr', 'fichier-video': video() })).json.status).toBe('mail_sent');
    const again = await send('concours-video', { email: 'FAN@example.fr', 'fichier-video': video() });
    expect(again.json.status).toBe('validation_failed');
    expect(again.json.invalid_fields).toMatchObject([{ field: 'fichier-video', message: 'Cette vidéo a déjà été envoyée.', idref: null }]);
    // Another file, or another sender: accepted.
    expect((await send('concours-video', { email: 'fan@example.fr', 'fichier-video': file('autre.mp4', 1000, 'video/mp4') })).json.status).toBe('mail_sent');
    expect((await send('concours-video', { email: 'ami@example.fr', 'fichier-video': video() })).json.status).toBe('mail_sent');
  });
});

describe('/__control/cf7: forcing the next status', () => {
  const force = (next: unknown) =>
    app.request('/__control/cf7', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ next }) });

  it('forces mail_failed once', async () => {
    expect(await (await force('mail_failed')).json()).toEqual({ next: 'mail_failed' });
    expect(await (await app.request('/__control/cf7')).json()).toEqual({ next: 'mail_failed' });
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
    expect((await send('contactez-nous', contact)).json).toMatchObject({ status: 'acceptance_missing', message: CF7_MESSAGES_FR.accept_terms });
  });

  it('does not spend the forced status on a malformed request', async () => {
    await force('mail_failed');
    expect((await send('contactez-nous', contact, { auth: null })).status).toBe(401);
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
    const [a, b] = [events()[8]!, events()[9]!];
    const res = await send('accreditation-rencontres-internationales', accreditation(journalist.email.toUpperCase(), [a.title, b.title, 'Événement inconnu']));
    expect(res.json.status).toBe('mail_sent');

    // What user_prefs answers the signed-in journalist.
    const prefsRes = await app.request('/wp-json/ffr/v1/user_prefs?type=complet', { headers: { authorization: `Bearer ${journalist.sub}` } });
    const prefs = (await prefsRes.json()) as { journaliste_accreditations_events: Array<Record<string, unknown>> };
    expect(prefs.journaliste_accreditations_events).toHaveLength(before + 2);
    expect(prefs.journaliste_accreditations_events.slice(-2)).toEqual([
      { event_id: a.id, title: a.title, date: a.startDate, status: 'attente' },
      { event_id: b.id, title: b.title, date: b.startDate, status: 'attente' },
    ]);
  });

  it('accepts a single event title (no [] in the name) and a new account without history', async () => {
    const member = store.content.accounts.find((a) => a.sub === 'u-membre')!;
    const event = events()[10]!;
    const values = { ...accreditation(member.email, []), 'accreditation-event-title': event.title };
    expect((await send('rencontres-internationales', values)).json.status).toBe('mail_sent');
    expect(prefsByEmail(store, member.email)?.journaliste_accreditations_events).toEqual([{ event_id: event.id, title: event.title, date: event.startDate, status: 'attente' }]);
  });

  it('reopens a refused request, records nothing for an unknown e-mail or a refused submission', async () => {
    const journalist = store.content.accounts.find((a) => a.sub === 'u-journaliste')!;
    const list = accountPrefs(store, journalist).journaliste_accreditations_events as Array<{ event_id: number; status: string }>;
    const refused = list.find((r) => r.status === 'refuse')!;
    const title = events().find((e) => e.id === refused.event_id)!.title;
    expect((await send('evenements-presse', accreditation(journalist.email, [title]))).json.status).toBe('mail_sent');
    expect(list.find((r) => r.event_id === refused.event_id)?.status).toBe('attente');
    expect(list.filter((r) => r.event_id === refused.event_id)).toHaveLength(1);

    expect((await send('evenements-presse', accreditation('inconnu@example.fr', [events()[11]!.title]))).json.status).toBe('mail_sent');
    expect(prefsByEmail(store, 'inconnu@example.fr')).toBeNull();

    const count = list.length;
    const invalid = await send('evenements-presse', { ...accreditation(journalist.email, [events()[12]!.title]), nom: '' });
    expect(invalid.json.status).toBe('validation_failed');
    expect(list).toHaveLength(count);
  });
});
