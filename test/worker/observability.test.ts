import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { insideOneLimiterWindow, site } from './helpers';
import { signInThroughProvider } from './oidc-flow';
import { upstream } from './upstream-control';

// What the team operates the site with (docs/operations.md): one JSON line per request, events for
// what went wrong, and GET /__health.

afterEach(() => vi.restoreAllMocks());

type Line = { level: string; event: string; ray: string | null; [field: string]: unknown };
const lines = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.flatMap(([line]) => (typeof line === 'string' && line.startsWith('{"level"') ? [JSON.parse(line) as Line] : []));

describe('the request log', () => {
  it('writes one JSON line per request: route, status, cache outcome, cf-ray, each upstream call and its duration, never the query', async () => {
    await upstream.reset();
    const spy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const res = await site('/categories/xv-de-france?page=1&utm_source=lettre', { headers: { 'cf-ray': '8f1e2d3c4b5a6978-CDG' } });
    await res.text();
    const requests = lines(spy).filter((l) => l.event === 'request');
    expect(requests).toHaveLength(1);
    const [line] = requests;
    expect(line).toMatchObject({
      level: 'info',
      event: 'request',
      ray: '8f1e2d3c4b5a6978-CDG',
      method: 'GET',
      path: '/categories/xv-de-france',
      route: '/categories/:slug',
      status: 200,
      cache: 'MISS',
    });
    expect(line!.ms).toEqual(expect.any(Number));
    const calls = line!.upstream as Array<{ host: string; path: string; status: number; ms: number; outcome: string }>;
    expect(calls.length).toBeGreaterThan(2);
    expect(calls).toContainEqual(
      expect.objectContaining({
        host: new URL(upstream.base).host,
        path: expect.stringContaining('/wp-json/'),
        status: 200,
        outcome: 'ok',
        ms: expect.any(Number),
      }),
    );
    expect(JSON.stringify(line)).not.toMatch(/utm_source|lettre|page=1/);
  });

  it('writes a failed upstream call as its outcome, and a purge that could not be stored as an error event', async () => {
    await upstream.fault({ path: '/wp-json/ffr/v1/posts', kind: 'status', status: 502 });
    const spy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await (await site('/categories/xv-de-france/un-article-qui-n-existe-pas')).text();
    const calls = lines(spy).find((l) => l.event === 'request')!.upstream as Array<{
      path: string;
      status: number | null;
      outcome: string;
    }>;
    expect(calls).toContainEqual(expect.objectContaining({ path: '/wp-json/ffr/v1/posts', status: 502, outcome: 'status' }));
    await upstream.clearFaults();
  });
});

describe('every upstream call in the request line (issue 43)', () => {
  it('logs Algolia’s calls, and Auth.js’s own calls to the identity provider, like the others', async () => {
    await upstream.reset();
    const spy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await (await site('/recherche?query=france')).text();
      const search = lines(spy).find((l) => l.event === 'request' && l.path === '/recherche')!;
      expect(search.upstream).toContainEqual(expect.objectContaining({ path: '/1/indexes/*/queries', method: 'POST', outcome: 'ok' }));
      spy.mockClear();
      await signInThroughProvider('journaliste@example.fr');
      const calls = lines(spy)
        .filter((l) => l.event === 'request')
        .flatMap((l) => (l.upstream as Array<{ path: string }> | undefined) ?? [])
        .map((u) => u.path);
      // The discovery and the code exchange, made by Auth.js itself.
      expect(calls).toEqual(expect.arrayContaining(['/oidc/.well-known/openid-configuration', '/oidc/token']));
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /__health', () => {
  const withToken = { authorization: `Bearer ${env.HEALTH_TOKEN}` };
  const call = (overrides: Record<string, string> = {}, headers: Record<string, string> = withToken) =>
    worker.fetch(new Request('http://presse.test/__health', { headers }), { ...env, ...overrides }, createExecutionContext());

  it('answers anyone a status alone, from what the isolate knows: no upstream is called', async () => {
    await upstream.reset();
    await upstream.resetCounters();
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer pas-le-bon-jeton-0123456789' },
      { authorization: String(env.HEALTH_TOKEN) },
    ]) {
      const res = await call({}, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['checkedAt', 'status']);
      expect(body.status).toBe('ok');
    }
    expect((await upstream.counters()).total).toBe(0);
    // An invalid configuration says so, without naming anything.
    const broken = await call({ WP_API_URL: 'wordpress.local' }, {});
    expect(broken.status).toBe(503);
    expect(Object.keys((await broken.json()) as object).sort()).toEqual(['checkedAt', 'status']);
  });

  it('names the variables at fault, never their values, when the configuration is invalid (with the token)', async () => {
    const res = await call({ WP_API_URL: 'wordpress.local', AUTH_SECRET: 'court' });
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = (await res.json()) as { status: string; config: { valid: boolean; problems: string[] } };
    expect(body.status).toBe('error');
    expect(body.config.valid).toBe(false);
    expect(body.config.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^WP_API_URL /), expect.stringMatching(/^AUTH_SECRET /)]),
    );
    expect(JSON.stringify(body)).not.toContain('wordpress.local');
  });

  it('says which upstream fails, with each one’s latency, then answers from memory for ten seconds', async () => {
    await upstream.reset();
    await upstream.fault({ path: '/wp-json/ffr/v1/settings', kind: 'status', status: 500 });
    const res = await call();
    expect(res.status).toBe(503);
    const body = (await res.json()) as {
      status: string;
      checkedAt: string;
      config: { valid: boolean };
      checks: Array<{ name: string; ok: boolean; ms: number; error?: string }>;
    };
    expect(body.status).toBe('degraded');
    expect(body.config.valid).toBe(true);
    expect(body.checks.map((c) => c.name)).toEqual([
      'wordpress',
      'static-lists',
      'middleware',
      'algolia',
      'identity-provider',
      'kv',
      'purge-marks',
    ]);
    expect(body.checks.find((c) => c.name === 'wordpress')).toMatchObject({ ok: false, error: expect.stringMatching(/^status 500/) });
    expect(body.checks.filter((c) => c.name !== 'wordpress').every((c) => c.ok && typeof c.ms === 'number')).toBe(true);
    // No secret and no upstream address in the answer.
    for (const name of ['AUTH_SECRET', 'PURGE_SECRET', 'MIDDLEWARE_TOKEN', 'ALGOLIA_SEARCH_KEY', 'OIDC_CLIENT_SECRET'])
      expect(JSON.stringify(body)).not.toContain(String((env as unknown as Record<string, unknown>)[name]));
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
    // A monitor polling in a loop: one round of upstream calls per ten seconds at most.
    await upstream.clearFaults();
    await upstream.resetCounters();
    const again = (await (await call()).json()) as { checkedAt: string };
    expect(again.checkedAt).toBe(body.checkedAt);
    expect((await upstream.counters()).total).toBe(0);
  });

  it('is rate-limited per visitor: a loop gets 429 and Retry-After, not one more probe', async () => {
    await insideOneLimiterWindow();
    const from = { 'cf-connecting-ip': '203.0.113.42' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call({}, from)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await call({}, from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(statuses[30]).toBe(429);
  }, 45_000);
});
