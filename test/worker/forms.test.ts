import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { site } from './helpers';
import { upstream } from './upstream-control';

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
  site(`/api/forms/${slug}`, { method: 'POST', body, headers: { accept: 'application/json', 'user-agent': 'Mozilla/5.0 (test)', ...headers } });
type Outcome = { outcome: { kind: string; title?: string; message: string; errors?: Record<string, string>; values: Record<string, unknown> } };

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
    expect(outcome.errors).toMatchObject({ email: expect.stringMatching(/adresse e-mail/), nom: 'Veuillez renseigner ce champ.', sujet: 'Choix invalide.' });
    expect(outcome.values.message).toContain('sélectionneur');
    expect(await upstream.json<unknown[]>('/__control/submissions')).toHaveLength(0);
  });

  it('maps CF7’s other statuses', async () => {
    for (const next of ['mail_failed', 'spam', 'aborted']) {
      await fetch(`${upstream.base}/__control/cf7`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ next }) });
      const res = await send('contactez-nous', contact({ _idempotence: `essai-${next}` }));
      const { outcome } = (await res.json()) as Outcome;
      expect(outcome.kind, next).toBe('failure');
      expect(outcome.title).toBe('Nous avons rencontré un problème lors de l’envoi de votre message');
      expect(outcome.values.nom).toBe('Martin');
    }
  });

  it('says « Désolé ! » for a duplicate accreditation request', async () => {
    const events = await upstream.json<Array<{ title: string; accreditation?: { kind: string; deadline: string }; startDate: string }>>('/wp-json/ffr/v1/future_events?ends_after=2026-11-22T00:00:00');
    const open = events.find((e) => e.accreditation?.kind === 'rencontres-internationales' && Date.parse(e.accreditation.deadline) > Date.now())!;
    const form = () => {
      const b = contact({ fonction: 'Journaliste', 'carte-presse': '12345', commentaire: '' });
      b.append('accreditation-event-title[]', open.title);
      return b;
    };
    const first = (await (await send('accreditation-rencontres-internationales', form())).json()) as Outcome;
    expect(first.outcome.kind).toBe('success');
    const again = (await (await send('accreditation-rencontres-internationales', form())).json()) as Outcome;
    expect(again.outcome).toMatchObject({ kind: 'duplicate', title: 'Désolé !', message: 'Vous ne pouvez participer qu’une seule fois.' });
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

  it('limits the rate per visitor', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await send('contactez-nous', contact({ nom: `Martin ${i}` }), { 'cf-connecting-ip': '203.0.113.9' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('forms without JavaScript', () => {
  it('re-renders the contact page with the errors and every value kept', async () => {
    const res = await site('/contact', { method: 'POST', body: contact({ email: 'faux', message: 'Mon message <script>alert(1)</script>' }) });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Veuillez saisir une adresse e-mail valide.');
    expect(html).toContain('value="Martin"');
    expect(html).toContain('Mon message &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows the success on the page', async () => {
    const html = await (await site('/contact', { method: 'POST', body: contact(), headers: { 'user-agent': 'Mozilla/5.0 (test)' } })).text();
    expect(html).toContain('&quot;kind&quot;:&quot;success&quot;');
    expect(html).toContain('Merci, votre message a été envoyé');
  });
});
