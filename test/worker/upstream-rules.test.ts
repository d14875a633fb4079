import { encode } from '@auth/core/jwt';
import { reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { site, siteSettled, TEST_NOW } from './helpers';
import { signInThroughProvider } from './oidc-flow';
import { upstream } from './upstream-control';

// The rules of the real services (Contact Form 7, WordPress core, Directus, OpenID Connect) as the
// worker meets them through the strict local upstream. Each names its source in the emulator.

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

type Outcome = {
  outcome: { kind: string; title?: string; message: string; errors?: Record<string, string>; values: Record<string, unknown> };
};
type Submission = { slug: string; fields: Record<string, string[]>; mailFields: Record<string, string[]> };

const UA = { 'user-agent': 'Mozilla/5.0 (tests)' };
const formData = (fields: Record<string, string | string[] | File>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return body;
};
const contact = (over: Record<string, string | string[]> = {}) =>
  formData({
    nom: 'Martin',
    prenom: 'Julie',
    email: 'julie.martin@example.fr',
    sujet: 'Équipe de France',
    'type-demande': 'Interview',
    'deja-accredite': 'Non',
    message: 'Bonjour, je souhaiterais interviewer le sélectionneur avant le match.',
    rgpd: '1',
    ...over,
  });
const send = async (slug: string, body: FormData, cookie?: string) => {
  const res = await site(`/api/forms/${slug}`, { method: 'POST', body, headers: { ...UA, ...(cookie ? { cookie } : {}) } });
  return { status: res.status, ...((await res.json()) as Outcome) };
};
const submissions = () => upstream.json<Submission[]>('/__control/submissions');
const cf7 = (body: Record<string, unknown>) =>
  fetch(`${upstream.base}/__control/cf7`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const editForm = (slug: string, form: string) =>
  fetch(`${upstream.base}/__control/cf7/forms/${slug}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ form }),
  });
const formMarkup = async (slug: string) => {
  const auth = `Basic ${btoa(env.CF7_CREDENTIALS!)}`;
  const list = (await (
    await fetch(`${upstream.base}/wp-json/contact-form-7/v1/contact-forms`, { headers: { authorization: auth } })
  ).json()) as Array<{ id: number; slug: string }>;
  const id = list.find((f) => f.slug === slug)!.id;
  const form = (await (
    await fetch(`${upstream.base}/wp-json/contact-form-7/v1/contact-forms/${id}`, { headers: { authorization: auth } })
  ).json()) as { properties: { form: { content: string } } };
  return form.properties.form.content;
};

describe('Contact Form 7', () => {
  it('reads the forms with the site’s credential: CF7 refuses anonymous reads', async () => {
    const anonymous = await fetch(`${upstream.base}/wp-json/contact-form-7/v1/contact-forms`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ code: 'wpcf7_forbidden' });
    const res = await site('/api/forms/contactez-nous');
    expect(res.status).toBe(200);
    const { model } = (await res.json()) as {
      model: { fields: Array<{ name: string; required: boolean; options: Array<{ value: string }>; defaultValue?: string[] }> };
    };
    const already = model.fields.find((f) => f.name === 'deja-accredite')!;
    expect(already).toMatchObject({ required: true, options: [{ value: 'Oui' }, { value: 'Non' }], defaultValue: ['Non'] });
    expect(model.fields.find((f) => f.name === 'type-demande')?.required).toBe(true);
  });

  it('posts the part before the pipe; the mail gets the part after', async () => {
    const sent = await send('contactez-nous', contact({ 'deja-accredite': 'Oui' }));
    expect(sent.outcome.kind).toBe('success');
    const [submission] = await submissions();
    expect(submission).toMatchObject({ fields: { 'deja-accredite': ['Oui'] }, mailFields: { 'deja-accredite': ['1'] } });
  });

  it('refuses a radio left empty with a French message, keeping the input, sending nothing', async () => {
    const body = contact();
    body.delete('type-demande');
    const sent = await send('contactez-nous', body);
    expect(sent.status).toBe(422);
    expect(sent.outcome.errors).toEqual({ 'type-demande': 'Veuillez renseigner ce champ.' });
    expect(sent.outcome.values.message).toContain('sélectionneur');
    expect(await submissions()).toHaveLength(0);
  });

  it('shows its own French when CF7 refuses a value in English (a choice removed in WordPress meanwhile)', async () => {
    await site('/api/forms/contactez-nous'); // the model is now cached with « Institutionnel »
    await editForm('contactez-nous', (await formMarkup('contactez-nous')).replace(' "Institutionnel"', ''));
    const sent = await send('contactez-nous', contact({ sujet: 'Institutionnel' }));
    expect(sent.status).toBe(422);
    expect(sent.outcome.errors).toEqual({ sujet: 'Choix invalide.' });
    expect(JSON.stringify(sent)).not.toContain('Undefined value');
    expect(sent.outcome.values.nom).toBe('Martin');
  });

  it('offers the open events and sends their titles as CF7 compares them (entities decoded)', async () => {
    const raw = await upstream.json<Array<{ title: string; accreditation: { kind: string; deadline: string }; endDate: string }>>(
      `/wp-json/ffr/v1/future_events?ends_after=${new Date(TEST_NOW).toISOString().slice(0, 19)}`,
    );
    const open = raw.filter(
      (e) => e.accreditation.kind === 'evenements-presse' && Date.parse(e.accreditation.deadline) > Date.parse(TEST_NOW),
    );
    const encoded = open.find((e) => e.title.includes('&#8217;'))!;
    expect(encoded).toBeDefined();
    const title = encoded.title.replaceAll('&#8217;', '’');
    const page = await (await site('/accreditations?formulaire=evenements-presse')).text();
    expect(page).toContain(title);
    expect(page).not.toContain('&amp;#8217;');

    const body = (titles: string[]) => {
      const b = contact({ fonction: 'Journaliste', telephone: '+33 6 12 34 56 78', media: 'L’Équipe', 'carte-presse': '12345' });
      for (const t of titles) b.append('accreditation-event-title[]', t);
      return b;
    };
    // Accreditation requests are a journalist's (SPEC §6, issue 20).
    const { cookie } = await signInThroughProvider('journaliste@example.fr');
    const sent = await send('accreditation-evenements-presse', body([title]), cookie);
    expect(sent.outcome.kind).toBe('success');
    expect((await submissions())[0]!.fields['accreditation-event-title']).toEqual([title]);

    const closed = raw.find(
      (e) => e.accreditation.kind === 'evenements-presse' && Date.parse(e.accreditation.deadline) <= Date.parse(TEST_NOW),
    );
    if (closed) {
      const refused = await send('accreditation-evenements-presse', body([closed.title.replaceAll('&#8217;', '’')]), cookie);
      expect(refused.outcome.errors).toEqual({ 'accreditation-event-title': 'Choix invalide.' });
    }
  });

  it('limits a file field without limit: to CF7’s 1 Mo', async () => {
    await editForm(
      'accreditation-media-francais-sans-carte',
      (await formMarkup('accreditation-media-francais-sans-carte')).replace('limit:5mb ', ''),
    );
    const event = (
      await upstream.json<Array<{ title: string; accreditation: { deadline: string } }>>(
        `/wp-json/ffr/v1/future_events?ends_after=${new Date(TEST_NOW).toISOString().slice(0, 19)}`,
      )
    ).find((e) => Date.parse(e.accreditation.deadline) > Date.parse(TEST_NOW))!;
    const body = (size: number) =>
      formData({
        nom: 'Martin',
        prenom: 'Julie',
        email: 'julie.martin@example.fr',
        telephone: '+33 6 12 34 56 78',
        media: 'Le Progrès',
        fonction: 'Pigiste',
        'accreditation-event-title[]': event.title.replaceAll('&#8217;', '’'),
        rgpd: '1',
        justificatif: new File([new Uint8Array(size)], 'attestation.pdf', { type: 'application/pdf' }),
      });
    const { cookie } = await signInThroughProvider('journaliste@example.fr');
    const big = await send('accreditation-media-francais-sans-carte', body(1024 * 1024 + 1), cookie);
    expect(big.outcome.errors).toEqual({ justificatif: 'Le fichier téléversé est trop volumineux.' });
    expect((await send('accreditation-media-francais-sans-carte', body(1024 * 1024), cookie)).outcome.kind).toBe('success');
  });

  it('turns acceptance_missing (no invalid field) into the consent box’s French message', async () => {
    await cf7({ next: 'acceptance_missing' });
    const sent = await send('contactez-nous', contact());
    expect(sent.status).toBe(422);
    expect(sent.outcome.errors).toEqual({ rgpd: 'Vous devez accepter pour continuer.' });
  });

  it('sends as an anonymous visitor (the feedback route is public): the editor credential only reads, and its loss stops no message', async () => {
    // The form's model read with the editor credential, and kept (written behind the answer).
    await siteSettled('/api/forms/contactez-nous');
    await cf7({ credentialRevoked: true });
    const sent = await send('contactez-nous', contact());
    expect(sent.status).toBe(200);
    const [submission] = await submissions();
    expect(submission).toMatchObject({ slug: 'contactez-nous', caller: 'anonymous' });
    // With nothing cached, the form cannot be read: « momentanément indisponible », not « no such form ».
    await reset();
    const model = await site('/api/forms/contactez-nous');
    expect(model.status).toBe(503);
    expect(await model.json()).toMatchObject({ error: 'unavailable', message: expect.stringContaining('momentanément indisponible') });
    const again = await send('contactez-nous', contact());
    expect(again.status).toBe(503);
  });
});

describe('WordPress core', () => {
  it('pages through the events 100 at a time when per_page=300 is refused (400 rest_invalid_param)', async () => {
    await upstream.resetCounters();
    const html = await (await site('/evenements')).text();
    expect(html).toContain('France – Écosse');
    const calls = (await upstream.counters()).routes['GET /wp-json/ffr/v1/events'];
    expect(calls).toBe(2); // per_page=300 refused, then one page of 100

    await reset();
    await upstream.behaviour({ eventsPerPageMax: 300 });
    await upstream.resetCounters();
    await (await site('/evenements')).text();
    expect((await upstream.counters()).routes['GET /wp-json/ffr/v1/events']).toBe(1);
  });

  it('still paginates when X-WP-Total and X-WP-TotalPages are missing', async () => {
    const withTotals = await (await site('/sitemap.xml')).text();
    await reset();
    await upstream.behaviour({ wpPagingHeaders: false });
    const first = await (await site('/categories/xv-de-france')).text();
    expect(first).toContain('href="/categories/xv-de-france?page=2"');
    const second = await site('/categories/xv-de-france?page=2');
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('Page 2');
    expect((await site('/categories/xv-de-france?page=400')).status).toBe(404);
    expect(await (await site('/sitemap.xml')).text()).toBe(withTotals);
  });

  it('answers a category page ≥ 2 that failed to load with the 503 apology, not a 404', async () => {
    await upstream.fault({ path: '/wp-json/ffr/v1/posts', kind: 'status', status: 500 });
    const res = await site('/categories/xv-de-france?page=2');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Merci de rafraîchir la page');
  });
});

describe('the middleware (Directus)', () => {
  it('reads the medias page by page when the limit is above QUERY_LIMIT_MAX (400 INVALID_QUERY)', async () => {
    await upstream.behaviour({ directusLimitMax: 20 });
    await upstream.resetCounters();
    const token = await encode({
      token: { sub: 'u-journaliste', access_token: 'u-journaliste', expires_at: Math.floor(Date.now() / 1000) + 3600 },
      secret: env.AUTH_SECRET!,
      salt: 'authjs.session-token',
      maxAge: 3600,
    });
    const res = await site('/api/user/medias', { headers: { cookie: `authjs.session-token=${token}` } });
    expect(res.status).toBe(200);
    const medias = (await res.json()) as Array<{ id: number; nom: string }>;
    expect(medias.length).toBeGreaterThan(40);
    expect(new Set(medias.map((m) => m.id)).size).toBe(medias.length);
    expect((await upstream.counters()).routes['GET /middleware/items/newsroom_medias']).toBe(1 + Math.ceil((medias.length + 1) / 20));
  });
});

describe('the identity provider', () => {
  it('takes name and e-mail from userinfo when the ID token carries only sub (conformant provider)', async () => {
    const { cookie, landedOn } = await signInThroughProvider('journaliste@example.fr');
    expect(landedOn).toBe('http://presse.test/espace-presse');
    const session = (await (await site('/api/auth/session', { headers: { cookie } })).json()) as { user: Record<string, string> };
    expect(session.user).toMatchObject({
      name: 'Camille Lefèvre',
      email: 'journaliste@example.fr',
      firstName: 'Camille',
      lastName: 'Lefèvre',
    });
  });
});

describe('compression', () => {
  const page = (init: RequestInit & { cf?: Record<string, unknown> }) => site('/rss.xml', init);

  it('encodes only what the reader’s own request accepts', async () => {
    expect((await page({})).headers.get('content-encoding')).toBeNull();
    expect((await page({ headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBe('gzip');
    // Behind Cloudflare (and wrangler dev), the visitor's header is cf.clientAcceptEncoding.
    expect(
      (await page({ headers: { 'accept-encoding': 'br, gzip' }, cf: { clientAcceptEncoding: '' } })).headers.get('content-encoding'),
    ).toBeNull();
    expect(
      (await page({ headers: { 'accept-encoding': 'br, gzip' }, cf: { clientAcceptEncoding: 'gzip' } })).headers.get('content-encoding'),
    ).toBe('gzip');
  });
});

describe('future events (SPEC §7 future_events?ends_after=&timestamp)', () => {
  it('offers the accreditation form the events WordPress says are still to end, read once for the day', async () => {
    await upstream.resetCounters();
    const html = await (await site('/accreditations')).text();
    const routes = (await upstream.counters()).routes;
    expect(routes['GET /wp-json/ffr/v1/future_events']).toBe(1);
    expect(routes['GET /wp-json/ffr/v1/events']).toBeUndefined();
    expect(html).toContain('accreditation-event-title');

    await upstream.resetCounters();
    await (await site('/accreditations?formulaire=rencontres-internationales')).text();
    expect((await upstream.counters()).routes['GET /wp-json/ffr/v1/future_events']).toBeUndefined();
  });
});
