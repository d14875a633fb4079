import { createExecutionContext, reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encode } from '@auth/core/jwt';
import { env } from 'cloudflare:workers';
import { insideOneLimiterWindow, site, TEST_NOW } from './helpers';
import { signInThroughProvider } from './oidc-flow';
import { upstream } from './upstream-control';
import { STANDINGS } from '../../src/features/accounts/journalist-standing';
import { parisDay } from '../../src/lib/format/date';
import worker from '../../src/index';

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

const contact = (over: Record<string, string | string[]> = {}) => {
  const fields: Record<string, string | string[]> = {
    nom: 'Martin',
    prenom: 'Julie',
    email: 'julie.martin@example.fr',
    indicatif: '+33',
    telephone: '06 12 34 56 78',
    media: 'Ouest-France',
    sujet: 'Équipe de France',
    'type-demande': 'Interview',
    'deja-accredite': 'Non',
    message: 'Bonjour, je souhaiterais interviewer le sélectionneur avant le match.',
    rgpd: '1',
    ...over,
  };
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return body;
};
const send = (slug: string, body: FormData | string, headers: Record<string, string> = {}) =>
  site(`/api/forms/${slug}`, {
    method: 'POST',
    body,
    headers: { accept: 'application/json', 'user-agent': 'Mozilla/5.0 (test)', ...headers },
  });
type Outcome = {
  outcome: { kind: string; title?: string; message: string; errors?: Record<string, string>; values: Record<string, unknown> };
};

describe('POST /api/forms/{slug}', () => {
  it('sends a valid contact message to CF7 (mail_sent)', async () => {
    const res = await send('contactez-nous', contact());
    expect(res.status).toBe(200);
    expect(((await res.json()) as Outcome).outcome.kind).toBe('success');
    const submissions = await upstream.json<Array<{ slug: string; fields: Record<string, string[]> }>>('/__control/submissions');
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.fields.nom).toEqual(['Martin']);
    expect(Object.keys(submissions[0]!.fields)).not.toContain('site_web');
  });

  it('answers 422 in French with every field’s message and keeps the values', async () => {
    const res = await send('contactez-nous', contact({ email: 'pas-un-email', nom: '', sujet: 'Inconnu' }));
    expect(res.status).toBe(422);
    const { outcome } = (await res.json()) as Outcome;
    expect(outcome.errors).toMatchObject({
      email: expect.stringMatching(/adresse e-mail/),
      nom: 'Veuillez renseigner ce champ.',
      sujet: 'Choix invalide.',
    });
    expect(outcome.values.message).toContain('sélectionneur');
    expect(await upstream.json<unknown[]>('/__control/submissions')).toHaveLength(0);
  });

  it('maps CF7’s other statuses', async () => {
    for (const next of ['mail_failed', 'spam', 'aborted']) {
      await fetch(`${upstream.base}/__control/cf7`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ next }),
      });
      const res = await send('contactez-nous', contact({ _idempotence: `essai-${next}` }));
      const { outcome } = (await res.json()) as Outcome;
      expect(outcome.kind, next).toBe('failure');
      expect(outcome.title).toBe('Nous avons rencontré un problème lors de l’envoi de votre message');
      expect(outcome.values.nom).toBe('Martin');
    }
  });

  it('says « Désolé ! » for a duplicate accreditation request', async () => {
    const events = await upstream.json<Array<{ title: string; accreditation?: { kind: string; deadline: string }; startDate: string }>>(
      '/wp-json/ffr/v1/future_events?ends_after=2026-11-22T00:00:00',
    );
    const open = events.find(
      (e) => e.accreditation?.kind === 'rencontres-internationales' && Date.parse(e.accreditation.deadline) > Date.parse(TEST_NOW),
    )!;
    const form = () => {
      const b = contact({ fonction: 'Journaliste', 'carte-presse': '12345', commentaire: '' });
      b.append('accreditation-event-title[]', open.title);
      return b;
    };
    // Accreditation requests are a journalist's (SPEC §6): sent from the journalist's session.
    const { cookie } = await signInThroughProvider('journaliste@example.fr');
    const first = (await (await send('accreditation-rencontres-internationales', form(), { cookie })).json()) as Outcome;
    expect(first.outcome.kind).toBe('success');
    const again = (await (await send('accreditation-rencontres-internationales', form(), { cookie })).json()) as Outcome;
    expect(again.outcome).toMatchObject({
      kind: 'duplicate',
      title: 'Désolé\u202f!',
      message: 'Vous ne pouvez participer qu’une seule fois.',
    });
  });

  it('answers a repeated sending once (idempotency key)', async () => {
    const a = (await (await send('contactez-nous', contact({ _idempotence: 'cle-unique-123' }))).json()) as Outcome;
    await new Promise((r) => setTimeout(r, 100));
    const b = (await (await send('contactez-nous', contact({ _idempotence: 'cle-unique-123' }))).json()) as Outcome;
    expect(a.outcome.kind).toBe('success');
    expect(b).toEqual(a);
    expect(await upstream.json<unknown[]>('/__control/submissions')).toHaveLength(1);
  });

  it('pretends success for a filled honeypot and sends nothing', async () => {
    const res = await send('contactez-nous', contact({ site_web: 'http://spam.example' }));
    expect(((await res.json()) as Outcome).outcome.kind).toBe('success');
    expect(await upstream.json<unknown[]>('/__control/submissions')).toHaveLength(0);
  });

  it('refuses unknown slugs, wrong content types and oversized bodies', async () => {
    expect((await send('inconnu', contact())).status).toBe(404);
    expect((await send('../../etc', contact())).status).toBe(404);
    const json = await send('contactez-nous', JSON.stringify({ nom: 'x' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ error: 'unsupported_media_type' });
    const big = contact();
    big.append('piece', new File([new Uint8Array(20 * 1024 * 1024)], 'video.mp4', { type: 'video/mp4' }));
    expect((await send('contactez-nous', big)).status).toBe(413);
  });

  it('limits the rate per visitor, counting every post before reading it, the input kept', async () => {
    await insideOneLimiterWindow();
    const statuses: number[] = [];
    // Invalid posts count too: the limit is consulted before the body is parsed.
    for (let i = 0; i < 10; i++)
      statuses.push(
        (
          await send('contactez-nous', contact({ nom: `Martin ${i}`, email: i % 2 ? 'faux' : 'julie.martin@example.fr' }), {
            'cf-connecting-ip': '203.0.113.9',
          })
        ).status,
      );
    expect(new Set(statuses)).toEqual(new Set([200, 422]));
    const limited = await send('contactez-nous', contact({ nom: 'Martin 11' }), { 'cf-connecting-ip': '203.0.113.9' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as Outcome).outcome.values.nom).toBe('Martin 11');
  }, 45_000);
});

describe('form posts are bounded before any work is done on them', () => {
  const urlencoded = (body: string, headers: Record<string, string> = {}) =>
    send('contactez-nous', body, { 'content-type': 'application/x-www-form-urlencoded', ...headers });

  it('refuses 40 000 and 160 000 repeated fields at once, in French, never parsed (quadratic before: 2 s and 47 s)', async () => {
    for (const repeats of [40_000, 160_000]) {
      const started = Date.now();
      const res = await urlencoded(`${'nom=x&'.repeat(repeats)}email=a%40b.fr`);
      const took = Date.now() - started;
      expect([400, 413], `${repeats}`).toContain(res.status);
      expect(((await res.json()) as { message: string }).message).toMatch(/trop de champs|dépasse la taille/);
      // Not a timing assertion: a parse of this many fields is what would take seconds.
      expect(took, `${repeats} fields took ${took} ms`).toBeLessThan(5_000);
    }
    expect(await upstream.json<unknown[]>('/__control/submissions')).toHaveLength(0);
  });

  it('counts the parts of a multipart post in its bytes: 100 000 empty fields refused unparsed, in French (issue 43)', async () => {
    const boundary = '----ffr-test-0123456789';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n\r\n`;
    const parse = vi.spyOn(Request.prototype, 'formData');
    try {
      const res = await send('contactez-nous', `${part.repeat(100_000)}--${boundary}--\r\n`, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect([400, 413]).toContain(res.status);
      expect(((await res.json()) as { message: string }).message).toMatch(/trop de champs|dépasse la taille/);
      expect(parse).not.toHaveBeenCalled();
      // Within the limit, the same shape is read (and judged on its fields).
      const fine = await send('contactez-nous', `${part.repeat(3)}--${boundary}--\r\n`, {
        'content-type': `multipart/form-data; boundary="${boundary}"`,
      });
      expect(fine.status).toBe(422);
      expect(parse).toHaveBeenCalledTimes(1);
      // No boundary: not a form.
      expect((await send('contactez-nous', part, { 'content-type': 'multipart/form-data' })).status).toBe(415);
    } finally {
      parse.mockRestore();
    }
  });

  it('counts a chunked body as it arrives: past the form’s limit, 413 before the end', async () => {
    let sent = 0;
    const total = 4 * 1024 * 1024;
    const chunk = new TextEncoder().encode('message='.padEnd(64 * 1024, 'x'));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await site('/api/forms/contactez-nous', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(total / 2);
  });

  it('refuses more than 100 values for one field and more than 200 fields, and takes a field called __proto__', async () => {
    const many = contact();
    for (let i = 0; i < 101; i++) many.append('sujet', 'Équipe de France');
    expect((await send('contactez-nous', many)).status).toBe(400);
    const wide = contact();
    for (let i = 0; i < 200; i++) wide.append(`champ${i}`, 'x');
    expect((await send('contactez-nous', wide)).status).toBe(400);
    const proto = await send('contactez-nous', contact({ __proto__: 'x', constructor: 'y' } as Record<string, string>));
    expect(proto.status).toBe(200);
  });

  it('reads and sends only the eight forms of the site: no upstream call and nothing stored for any other slug', async () => {
    await upstream.resetCounters();
    for (const slug of ['formulaire-interne', 'test-cf7', 'contactez-nous-2']) {
      expect((await site(`/api/forms/${slug}`)).status).toBe(404);
      expect((await send(slug, contact())).status).toBe(404);
    }
    expect((await upstream.counters()).total).toBe(0);
    expect((await env.CACHE.list({ prefix: 'data:' })).keys).toEqual([]);
  });

  it('never keeps « no such form » for one of the eight that WordPress does not have', async () => {
    const res = await fetch(`${upstream.base}/__control/cf7/forms/contactez-nous-modal`, { method: 'DELETE' });
    expect(res.ok).toBe(true);
    expect((await site('/api/forms/contactez-nous-modal')).status).toBe(404);
    expect((await env.CACHE.list({ prefix: 'data:' })).keys.map((k) => k.name).filter((k) => k.includes('form:'))).toEqual([]);
  });

  it('refuses a post from another site (Origin, Sec-Fetch-Site), same-site *.ffr.fr included: 403, French, for people and programs', async () => {
    const strangers: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'https://www.ffr.fr', 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of strangers) {
      const res = await send('contactez-nous', contact(), headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toMatchObject({
        error: 'forbidden_origin',
        message: expect.stringContaining('ne vient pas d’une page de FFR Presse'),
      });
    }
    const page = await site('/contact', {
      method: 'POST',
      body: contact(),
      headers: { origin: 'https://evil.example', accept: 'text/html' },
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('Demande refusée');
    // The site's own pages: Origin is the public one.
    expect((await send('contactez-nous', contact(), { origin: 'http://presse.test' })).status).toBe(200);
    expect(await upstream.json<unknown[]>('/__control/submissions')).toHaveLength(1);
  });
});

describe('forms without JavaScript', () => {
  it('re-renders the contact page with the errors and every value kept', async () => {
    const res = await site('/contact', {
      method: 'POST',
      body: contact({ email: 'faux', message: 'Mon message <script>alert(1)</script>' }),
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Veuillez saisir une adresse e-mail valide.');
    expect(html).toContain('value="Martin"');
    expect(html).toContain('Mon message &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows the success on the page', async () => {
    const html = await (
      await site('/contact', { method: 'POST', body: contact(), headers: { 'user-agent': 'Mozilla/5.0 (test)' } })
    ).text();
    expect(html).toContain('&quot;kind&quot;:&quot;success&quot;');
    expect(html).toContain('Merci, votre message a été envoyé');
  });
});

// Issue 20. SPEC §6: accreditation requests are a journalist's right (journaliste = oui).
describe('accreditation requests: journalists only, the contact forms open to everyone', () => {
  type Refusal = {
    error: string;
    message: string;
    outcome: { kind: string; title: string; message: string; access?: string; values: Record<string, unknown> };
  };
  type FutureEvent = { title: string; accreditation: { kind: string; deadline: string } | null };

  /** An event still open to requests of that kind, its title as the form shows it. */
  async function openEvent(kind: string): Promise<string> {
    const events = await upstream.json<FutureEvent[]>(
      `/wp-json/ffr/v1/future_events?ends_after=${new Date(TEST_NOW).toISOString().slice(0, 19)}`,
    );
    const event = events.find((e) => e.accreditation?.kind === kind && Date.parse(e.accreditation.deadline) > Date.parse(TEST_NOW));
    if (!event) throw new Error(`no open ${kind} event`);
    return event.title.replaceAll('&#8217;', '’');
  }
  const request = async (over: Record<string, string> = {}) => {
    const b = contact({ fonction: 'Journaliste', 'carte-presse': '12345', commentaire: 'Accès tribune et zone mixte.', ...over });
    b.append('accreditation-event-title[]', await openEvent('evenements-presse'));
    return b;
  };
  const submissions = () => upstream.json<Array<{ slug: string; fields: Record<string, string[]> }>>('/__control/submissions');

  it('refuses an anonymous request: 401 and a JSON error for programs, the French words and the input kept, nothing sent', async () => {
    const res = await send('accreditation-evenements-presse', await request());
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Refusal;
    expect(body.error).toBe('unauthenticated');
    expect(body.message).toBe(
      'Les demandes d’accréditation sont réservées aux journalistes connectés à leur compte FFR. Connectez-vous, puis envoyez à nouveau votre demande.',
    );
    expect(body.outcome).toMatchObject({ kind: 'failure', access: 'sign-in', title: 'Connectez-vous pour envoyer votre demande' });
    expect(body.outcome.values).toMatchObject({
      nom: 'Martin',
      commentaire: 'Accès tribune et zone mixte.',
      'accreditation-event-title': [await openEvent('evenements-presse')],
    });
    // Only the form's own fields come back: no honeypot, no idempotency key.
    expect(Object.keys(body.outcome.values)).not.toContain('_idempotence');
    expect(await submissions()).toHaveLength(0);
  });

  it('refuses it the same way for every accreditation slug of SPEC §2, and for a session the site cannot read', async () => {
    for (const slug of ['accreditation-rencontres-internationales', 'accreditation-media-francais-sans-carte']) {
      const res = await send(slug, contact());
      expect(res.status, slug).toBe(401);
      expect(((await res.json()) as Refusal).error).toBe('unauthenticated');
    }
    const forged = await send('accreditation-evenements-presse', await request(), { cookie: 'authjs.session-token=pas-un-jeton' });
    expect(forged.status).toBe(401);
    // A session whose token WordPress no longer accepts (revoked at the provider) ends, and is refused the same way.
    const token = await encode({
      token: {
        sub: 'u-journaliste',
        name: 'Camille Lefèvre',
        email: 'journaliste@example.fr',
        access_token: 'jeton-revoque',
        refresh_token: 'r',
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      },
      secret: env.AUTH_SECRET!,
      salt: 'authjs.session-token',
      maxAge: 3600,
    });
    const revoked = await send('accreditation-evenements-presse', await request(), { cookie: `authjs.session-token=${token}` });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.getSetCookie().some((c) => /^authjs\.session-token=;/.test(c) && /max-age=0/i.test(c))).toBe(true);
    expect(await submissions()).toHaveLength(0);
  });

  it('refuses a signed-in reader without the journalist status: 403, how to ask for it, the input kept', async () => {
    const { cookie } = await signInThroughProvider('membre@example.fr');
    const res = await send('accreditation-evenements-presse', await request({ email: 'membre@example.fr' }), { cookie });
    expect(res.status).toBe(403);
    const body = (await res.json()) as Refusal;
    expect(body.error).toBe('journalist_only');
    expect(body.message).toContain('Votre compte FFR n’a pas le statut de journaliste');
    // The words of the press space and of the form's notice (journalist-standing.ts), with a link to the press space.
    expect(body.message).toBe(STANDINGS.non_journaliste.notice);
    expect(body.outcome).toMatchObject({
      kind: 'failure',
      access: 'journalist',
      title: 'Demande réservée aux journalistes',
      values: { email: 'membre@example.fr', media: 'Ouest-France' },
    });
    // A journalist whose status waits for information is told that instead.
    const pending = await signInThroughProvider('attente@example.fr');
    const waiting = (await (await send('accreditation-evenements-presse', await request(), { cookie: pending.cookie })).json()) as Refusal;
    expect(waiting.outcome.message).toContain('Le service de presse attend quelques informations');
    expect(await submissions()).toHaveLength(0);
  });

  it('accepts the journalist’s request, in their own name whatever the form says, signed for WordPress', async () => {
    const { cookie } = await signInThroughProvider('journaliste@example.fr');
    // Another person's identity typed in: the request still goes in the journalist's name (issue 50).
    const typed = { email: 'membre@example.fr', nom: 'Marchand', prenom: 'Léa', media: 'Autre média', 'carte-presse': '999' };
    const res = await send('accreditation-evenements-presse', await request(typed), { cookie });
    expect(res.status).toBe(200);
    const { outcome } = (await res.json()) as Outcome;
    expect(outcome.kind).toBe('success');
    expect(outcome.values).toMatchObject({ email: 'journaliste@example.fr', nom: 'Lefèvre', prenom: 'Camille', media: 'L’Équipe' });
    const [sent] = await submissions();
    expect(sent).toMatchObject({
      slug: 'accreditation-evenements-presse',
      email: 'journaliste@example.fr',
      fields: {
        nom: ['Lefèvre'],
        prenom: ['Camille'],
        email: ['journaliste@example.fr'],
        media: ['L’Équipe'],
        'carte-presse': ['123456'],
        'accreditation-event-title': [await openEvent('evenements-presse')],
      },
    });
    expect(await submissions()).toHaveLength(1);
  });

  it('sends the request only with the site’s signature: a wrong FORMS_SECRET is refused by WordPress, the input kept', async () => {
    const { cookie } = await signInThroughProvider('journaliste@example.fr');
    const posted = new Request('http://presse.test/api/forms/accreditation-evenements-presse', {
      method: 'POST',
      body: await request(),
      headers: { accept: 'application/json', 'user-agent': 'Mozilla/5.0 (test)', 'sec-fetch-site': 'same-origin', cookie },
    });
    const res = await worker.fetch(
      posted,
      { ...env, FORMS_SECRET: 'pas-le-secret-que-wordpress-connait-0123456789' },
      createExecutionContext(),
    );
    expect(res.status).toBe(502);
    const { outcome } = (await res.json()) as Outcome;
    expect(outcome).toMatchObject({ kind: 'failure', values: { commentaire: 'Accès tribune et zone mixte.' } });
    expect(await submissions()).toHaveLength(0);
  });

  it('answers a failure, never a 500, when WordPress cannot tell the status; the input kept', async () => {
    const { cookie } = await signInThroughProvider('journaliste@example.fr');
    await upstream.fault({ path: '/wp-json/ffr/v1/user_prefs', kind: 'status', status: 500 });
    const res = await send('accreditation-evenements-presse', await request(), { cookie });
    expect(res.status).toBe(502);
    const { outcome } = (await res.json()) as Outcome;
    expect(outcome).toMatchObject({
      kind: 'failure',
      message: 'Nous n’avons pas pu vérifier votre statut de journaliste. Merci de réessayer dans quelques instants.',
      values: { nom: 'Martin' },
    });
    expect(await submissions()).toHaveLength(0);
  });

  it('keeps the contact forms open to everyone', async () => {
    for (const slug of ['contactez-nous', 'contactez-nous-modal']) {
      const res = await send(slug, contact({ _idempotence: `ouvert-${slug}` }));
      expect(res.status, slug).toBe(200);
    }
  });

  describe('without JavaScript (the page posts to itself)', () => {
    const post = async (body: FormData, cookie?: string) => {
      const res = await site('/accreditations?formulaire=evenements-presse', {
        method: 'POST',
        body,
        headers: { 'user-agent': 'Mozilla/5.0 (test)', ...(cookie ? { cookie } : {}) },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      return res.text();
    };

    it('anonymous: the page comes back with the French refusal, a sign-in back to this form, every value kept', async () => {
      const html = await post(await request({ nom: 'Moreau-Lefèvre' }));
      expect(html).toContain('Connectez-vous pour envoyer votre demande');
      expect(html).toContain('Les demandes d’accréditation sont réservées aux journalistes connectés à leur compte FFR.');
      expect(html).toContain(
        '<a class="button" href="/connexion/compte-ffr?callbackUrl=%2Faccreditations%3Fformulaire%3Devenements-presse">Connexion / inscription</a>',
      );
      expect(html).toContain('value="Moreau-Lefèvre"');
      expect(html).toContain('Accès tribune et zone mixte.');
      expect(await submissions()).toHaveLength(0);
    });

    it('a reader without the status: refused, with the way to the press space', async () => {
      const { cookie } = await signInThroughProvider('membre@example.fr');
      const html = await post(await request(), cookie);
      expect(html).toContain('Demande réservée aux journalistes');
      expect(html).toContain('<a class="button" href="/espace-presse">Mon espace presse</a>');
      expect(html).toContain('value="Martin"');
      expect(await submissions()).toHaveLength(0);
    });

    it('the journalist: « Demande d’accréditation envoyée » and the personal space on the federation’s pre-production site, in a new tab', async () => {
      const { cookie } = await signInThroughProvider('journaliste@example.fr');
      const html = await post(await request({ email: 'journaliste@example.fr' }), cookie);
      expect(html).toContain('Demande d’accréditation envoyée');
      // SPEC §2: /tableau-de-bord on the federation main site, its pre-production variant off production.
      expect(html).toContain(
        '<a class="button button--ghost" href="https://pp.ffr.fr/tableau-de-bord" target="_blank" rel="noopener">Mon espace personnel<span class="visually-hidden"> (nouvel onglet)</span><span aria-hidden="true"> ↗</span></a>',
      );
      expect(await submissions()).toHaveLength(1);
    });
  });

  it('offers everyone the form, the invitation to sign in in the shared HTML', async () => {
    const html = await (await site('/accreditations?formulaire=rencontres-internationales')).text();
    expect(html).toContain('Les demandes d’accréditation sont réservées aux journalistes.');
    expect(html).toContain(
      '<a class="button" href="/connexion/compte-ffr?callbackUrl=%2Faccreditations%3Fformulaire%3Drencontres-internationales">Connexion / inscription</a>',
    );
    expect(html).toContain('name="accreditation-event-title[]"');
  });
});

// SPEC §4: every status an accreditation request can have, as the journalist reads it.
describe('accreditation statuses in the press space', () => {
  it('shows each request as a badge, the latest event first; one left waiting for an event now over reads « Clôturée »', async () => {
    const { cookie } = await signInThroughProvider('journaliste@example.fr');
    const res = await site('/espace-presse', { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const table = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
    const rows = [...table.matchAll(/<time dateTime="(\d{4}-\d{2}-\d{2})">.*?<span class="status status--(\w+)">([^<]+)<\/span>/g)].map(
      (m) => ({ day: m[1]!, badge: m[2]!, label: m[3]! }),
    );
    expect(rows.length).toBeGreaterThan(3);
    // Newest first.
    expect(rows.map((r) => r.day)).toEqual(
      rows
        .map((r) => r.day)
        .sort()
        .reverse(),
    );
    // Nothing waits for an event that is over; each badge its word; SPEC §4's sentence for closed requests said once, under the table.
    const today = parisDay(new Date(TEST_NOW));
    for (const r of rows) if (r.day < today) expect(r.badge, r.day).not.toBe('attente');
    expect(rows.some((r) => r.day < today && r.badge === 'cloturee')).toBe(true);
    expect(rows.some((r) => r.day >= today && r.badge === 'attente')).toBe(true);
    const labels = { attente: 'En attente', refuse: 'Refusée', valide: 'Validée', cloturee: 'Clôturée' } as Record<string, string>;
    for (const r of rows) expect(r.label).toBe(labels[r.badge]);
    expect(new Set(rows.map((r) => r.badge))).toEqual(new Set(Object.keys(labels)));
    expect(html).toContain('Clôturée</span>\u202f: il n’est plus possible de vous accréditer à cet événement.');
  });
});

// SPEC §9: a year typed with two digits, cutoff 60 (« 25 » is 2025, « 61 » is 1961, 60 is 2060).
describe('dates typed with a two-digit year', () => {
  /** The contact form as an editor might extend it, with a date field. */
  async function withDateField() {
    const auth = `Basic ${btoa(env.CF7_CREDENTIALS!)}`;
    const list = (await (
      await fetch(`${upstream.base}/wp-json/contact-form-7/v1/contact-forms`, { headers: { authorization: auth } })
    ).json()) as Array<{ id: number; slug: string }>;
    const id = list.find((f) => f.slug === 'contactez-nous')!.id;
    const form = (await (
      await fetch(`${upstream.base}/wp-json/contact-form-7/v1/contact-forms/${id}`, { headers: { authorization: auth } })
    ).json()) as { properties: { form: { content: string } } };
    const markup = form.properties.form.content.replace(
      '[submit',
      '<label> Date de l’événement\n    [date date-evenement min:1950-01-01] </label>\n[submit',
    );
    const res = await fetch(`${upstream.base}/__control/cf7/forms/contactez-nous`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ form: markup }),
    });
    expect(res.ok).toBe(true);
  }
  const sentDate = async () =>
    (await upstream.json<Array<{ fields: Record<string, string[]> }>>('/__control/submissions')).map(
      (s) => s.fields['date-evenement']?.[0],
    );

  it('posted without JavaScript as typed (12/03/85) or as a date input holds it (0025-01-01): sent on as the ISO day', async () => {
    await withDateField();
    const page = await site('/contact', {
      method: 'POST',
      body: contact({ 'date-evenement': '12/03/85' }),
      headers: { 'user-agent': 'Mozilla/5.0 (test)' },
    });
    expect(await page.text()).toContain('Merci, votre message a été envoyé');
    const api = await send('contactez-nous', contact({ 'date-evenement': '0025-01-01', _idempotence: 'date-deux-chiffres' }));
    expect(api.status).toBe(200);
    const urlencoded = await send(
      'contactez-nous',
      new URLSearchParams({
        ...(Object.fromEntries(contact().entries()) as Record<string, string>),
        'date-evenement': '01/01/61',
      }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(urlencoded.status).toBe(200);
    expect(await sentDate()).toEqual(['1985-03-12', '2025-01-01', '1961-01-01']);
  });

  it('refuses a date that is not one, in French, the input kept as typed; the range checked on the year read', async () => {
    await withDateField();
    const res = await send('contactez-nous', contact({ 'date-evenement': '31/02/25' }));
    expect(res.status).toBe(422);
    const { outcome } = (await res.json()) as Outcome;
    expect(outcome.errors).toEqual({ 'date-evenement': 'Veuillez saisir une date valide (JJ/MM/AAAA).' });
    expect(outcome.values['date-evenement']).toBe('31/02/25');
    // 49 is 2049, past the minimum; 1949 typed in full is before it.
    expect((await send('contactez-nous', contact({ 'date-evenement': '01/06/49', _idempotence: 'date-49' }))).status).toBe(200);
    const early = (await (await send('contactez-nous', contact({ 'date-evenement': '01/06/1949' }))).json()) as Outcome;
    expect(early.outcome.errors).toEqual({ 'date-evenement': 'Veuillez saisir une date à partir du 01/01/1950.' });
    const html = await (
      await site('/contact', {
        method: 'POST',
        body: contact({ 'date-evenement': 'demain' }),
        headers: { 'user-agent': 'Mozilla/5.0 (test)' },
      })
    ).text();
    expect(html).toContain('Veuillez saisir une date valide (JJ/MM/AAAA).');
    expect(html).toContain('value="Martin"');
  });
});
