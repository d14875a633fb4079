import { reset } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { site } from './helpers';
import { upstream } from './upstream-control';

type ArticleSummary = { link: string; status: string; redirection: string };

async function warmUntilHit(path: string) {
  for (let i = 0; i < 40; i++) {
    const r = await site(path, { redirect: 'manual' });
    await r.text();
    if (r.headers.get('x-ffr-cache') === 'HIT') return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`${path} never cached`);
}

afterEach(async () => {
  await upstream.clearFaults();
});

describe('upstream down', () => {
  let pages: string[];
  beforeAll(async () => {
    await reset();
    await upstream.clearFaults();
    await upstream.reset();
    const articles = (await upstream.json<ArticleSummary[]>('/__control/articles?status=publish'))
      .filter((a) => !a.redirection)
      .slice(0, 8);
    pages = [
      '/',
      '/categories/xv-de-france',
      '/categories/xv-de-france?page=2',
      '/categories/france-7',
      '/evenements',
      '/contact',
      '/mentions-legales',
      '/recherche?query=equipe',
      '/accreditations',
      ...articles.map((a) => a.link),
    ];
  });

  it('still serves every page seen before the outage', async () => {
    for (const path of pages) await warmUntilHit(path);
    await upstream.fault({ path: '*', kind: 'down' });
    const statuses = await Promise.all(pages.map(async (p) => [p, (await site(p)).status] as const));
    expect(statuses.filter(([, s]) => s !== 200)).toEqual([]);
    await upstream.clearFaults();
  });

  it('answers a never-seen page with a French 503 and Retry-After, and does not cache it', async () => {
    await reset();
    await upstream.fault({ path: '*', kind: 'down' });
    for (const path of [
      '/',
      '/categories/xv-de-france',
      '/categories/xv-de-france/article-jamais-vu',
      '/evenements',
      '/recherche?query=dupont',
    ]) {
      const res = await site(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('30');
      expect(res.headers.get('x-ffr-cache'), path).not.toBe('MISS');
      const html = await res.text();
      expect(html, path).toMatch(/momentanément indisponible|Un problème est survenu|Merci de rafraîchir/);
    }
    await upstream.clearFaults();
  });

  it('bounds slow and hanging upstream calls by the timeout', async () => {
    await reset();
    await upstream.fault({ path: '/wp-json/ffr/v1/home', kind: 'timeout' });
    const started = Date.now();
    const res = await site('/');
    await res.text();
    // UPSTREAM_TIMEOUT_MS is 4000 in these tests; the page comes back with the latest posts instead.
    expect(Date.now() - started).toBeLessThan(8000);
    expect(res.status).toBe(200);
    await upstream.clearFaults();
  });

  it('survives empty and malformed bodies everywhere', async () => {
    await reset();
    await upstream.fault({ path: '/wp-json', kind: 'malformed' });
    for (const path of ['/', '/categories/xv-de-france', '/evenements', '/contact'])
      expect([200, 503], path).toContain((await site(path)).status);
    await upstream.clearFaults();
  });
});

describe('security headers', () => {
  it('sends CSP with a fresh nonce on every response, cached HTML included', async () => {
    await warmUntilHit('/mentions-legales');
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await site('/mentions-legales');
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // What the site's own scripts load is trusted through them, and nothing else may run.
      expect(csp).toMatch(/script-src 'strict-dynamic' 'nonce-[^']+'/);
      expect(csp).toContain("frame-ancestors 'self'");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('gives the nonce to the site’s own scripts only: a script in WordPress content never gets one', async () => {
    await upstream.patchSettings({ description: '<script>alert(1)</script>' });
    const res = await site('/');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1]!;
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    const nonced = [...html.matchAll(/<script\b[^>]*nonce="([^"]+)"[^>]*>/g)];
    expect(nonced.every((m) => m[1] === nonce)).toBe(true);
  });

  it('sends the other security headers', async () => {
    const res = await site('/');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
  });
});
