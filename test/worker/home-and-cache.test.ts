import { env } from 'cloudflare:workers';
import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { site, warm } from './helpers';
import { upstream } from './upstream-control';

type Home = { content: { data: Array<{ type: string; posts?: Array<{ title: string; slug: string }> }> } };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

beforeEach(async () => {
  await reset(); // empties KV
  await upstream.clearFaults();
  await upstream.reset();
});

describe('home page', () => {
  it('streams the French document with the seeded content', async () => {
    const home = await upstream.json<Home>('/wp-json/ffr/v1/home');
    const une = home.content.data.find((s) => s.type === 'a_la_une')!.posts!;
    const res = await site('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fr">/);
    // The text of the page, not its markup: a score is kept on one line (<span class="nowrap">(20-14)</span>).
    const text = html.replace(/<[^>]*>/g, '');
    for (const post of une) expect(text).toContain(escapeHtml(post.title));
    expect(html).toContain('Que recherchez-vous\u00a0?');
    expect(html).toContain('data-island="MobileMenu"');
    expect(html).toMatch(/©\u00a02023–\d{4}/);
    // French dates in the cards: « 12 novembre 2026 »
    expect(html).toMatch(
      /<time[^>]*>\d{1,2}(er)? (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}<\/time>/,
    );
  });

  it('serves a warm view from the cache without any upstream call', async () => {
    await warm('/');
    await upstream.resetCounters();
    const res = await site('/');
    expect(res.headers.get('x-ffr-cache')).toBe('HIT');
    expect(await res.text()).toContain('<html lang="fr">');
    expect((await upstream.counters()).total).toBe(0);
  });

  it('answers a cached page with an ETag, and 304 when the browser already has it', async () => {
    const first = await warm('/');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);
    const again = await site('/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await site('/', { headers: { 'if-none-match': 'W/"autre"' } })).status).toBe(200);
  });

  it('sends no policy with a 304: the browser keeps the one whose nonce its copy carries (decision 021)', async () => {
    const first = await warm('/');
    const stored = await site('/');
    const nonce = /'nonce-([^']+)'/.exec(stored.headers.get('content-security-policy')!)![1];
    expect(await stored.text()).toContain(`nonce="${nonce}"`);
    const again = await site('/', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.has('content-security-policy')).toBe(false);
    // What guides the cache is still there (RFC 9110 §15.4.5), and so are the other security headers.
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('cache-control')).toBe(stored.headers.get('cache-control'));
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('names the encoding for browsers that accept it (the runtime compresses)', async () => {
    await warm('/');
    const res = await site('/', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    // Here the body is handed over unencoded: workerd encodes it on the wire (e2e checks that).
    const html = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1];
    expect(html).toContain(`nonce="${nonce}"`);
    expect((await site('/', { headers: { 'accept-encoding': 'identity' } })).headers.get('content-encoding')).toBeNull();
  });

  it('makes each upstream call once for a cold view', async () => {
    await upstream.resetCounters();
    await (await site('/')).text();
    const { routes } = await upstream.counters();
    for (const count of Object.values(routes)) expect(count).toBe(1);
    expect(Object.keys(routes)).toEqual(
      expect.arrayContaining(['GET /wp-json/ffr/v1/home', 'GET /wp-json/ffr/v1/settings', 'GET /wp-json/ffr/v1/nav-menus']),
    );
  });

  it('keeps serving the warm page when the upstream goes down', async () => {
    await warm('/');
    await upstream.fault({ path: '*', kind: 'down' });
    const res = await site('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="fr">');
  });

  it('shows a degraded page, never a 500, when the upstream fails cold — and does not cache it', async () => {
    await upstream.fault({ path: '/wp-json/ffr/v1/settings', kind: 'status', status: 502 });
    await upstream.fault({ path: '/wp-json/ffr/v1/partenaires_banniere', kind: 'malformed' });
    const res = await site('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ffr-cache')).toBe('BYPASS');
    const html = await res.text();
    expect(html).toContain('Oups'); // SPEC §4: the failed partner load shows one placeholder partner
    expect(html).not.toMatch(/at \w+ \(|Error:/);
  });

  it('answers unknown routes with the French 404 page', async () => {
    const res = await site('/cette-page-n-existe-pas');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Cette page est introuvable');
    expect(html).toContain('<html lang="fr">');
  });
});

describe('publish purge', () => {
  const now = () => String(Math.floor(Date.now() / 1000));
  async function sign(body: string, secret = env.PURGE_SECRET, timestamp = now()) {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)));
    return btoa(String.fromCharCode(...mac));
  }
  const purge = (body: string, signature?: string, timestamp = now()) =>
    site('/api/purge', {
      method: 'POST',
      body,
      headers: signature ? { 'x-ffr-signature': signature, 'x-ffr-timestamp': timestamp, 'content-type': 'application/json' } : {},
    });

  it('rejects a bad or missing signature with 401 and purges nothing', async () => {
    await warm('/');
    const before = await env.CACHE.get('cache:tag-versions');
    const body = JSON.stringify({ type: 'site', action: 'update' });
    const old = String(Math.floor(Date.now() / 1000) - 600);
    const cases: Array<[string | undefined, string]> = [
      [undefined, now()],
      ['bm9wZQ==', now()],
      [await sign(body, 'another-secret-0123456789'), now()],
      [await sign(body, env.PURGE_SECRET, old), old], // a replay, ten minutes late
    ];
    for (const [signature, timestamp] of cases) {
      const res = await purge(body, signature, timestamp);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'invalid_signature' });
    }
    expect(await env.CACHE.get('cache:tag-versions')).toBe(before);
    expect((await site('/')).headers.get('x-ffr-cache')).toBe('HIT');
  });

  it('rejects a signed body that is not JSON with 400', async () => {
    const res = await purge('{pas du json', await sign('{pas du json'));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_json' });
  });

  it('shows the edit on the next request after a signed purge', async () => {
    await warm('/');
    const { purge: hook } = await upstream.publish({ title: 'Le XV de France dévoile sa liste pour la tournée d’été' });
    const res = await purge(hook.body, hook.signature, hook.timestamp);
    expect(res.status).toBe(200);
    const next = await site('/');
    expect(next.headers.get('x-ffr-cache')).toBe('PURGED');
    expect(await next.text()).toContain('Le XV de France dévoile sa liste pour la tournée d’été');
  });

  it('serves the last good page when the upstream is down right after a purge', async () => {
    await warm('/');
    const { purge: hook } = await upstream.publish({ title: 'Titre jamais affiché' });
    await upstream.fault({ path: '*', kind: 'down' });
    expect((await purge(hook.body, hook.signature, hook.timestamp)).status).toBe(200);
    const res = await site('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).not.toContain('Titre jamais affiché');
  });
});
