import { env } from 'cloudflare:workers';
import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { site, siteSettled, warm } from './helpers';
import { upstream } from './upstream-control';

// What a made-up address costs (issue 29): nothing in KV, and WordPress asked once per address and
// location a minute at most. Pages read only the query parameters they declare; « not found »,
// searches and filtered views are kept in the location's cache; the last good copy stands in for a
// failed render, never for a page that no longer exists.

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

const kvKeys = async (prefix = 'html:') => (await env.CACHE.list({ prefix })).keys.map((k) => k.name);
// « Ne pas alerter » (alert: false): a publish with alerts hands a message to the Queue, whose
// consumer asks WordPress for the post (posts?slug=…) up to max_batch_timeout (2 s) later, in the
// next test, whose upstream counts it would then include. These tests are about the cache only.
const purge = async (input: Record<string, unknown>) => {
  const { purge: p } = await upstream.publish({ alert: false, ...input });
  const res = await site('/api/purge', {
    method: 'POST',
    body: p.body,
    headers: { 'content-type': 'application/json', 'x-ffr-signature': p.signature, 'x-ffr-timestamp': p.timestamp },
  });
  expect(res.status).toBe(200);
};

describe('cache keys are bounded', () => {
  it('drops the query parameters a page does not read: one copy of the home for any ?x=…, utm_* included', async () => {
    await warm('/');
    await upstream.resetCounters();
    for (const query of ['?x=1', '?x=2&y=%3Cscript%3E', '?utm_source=lettre&fbclid=abc', '?page=99999']) {
      const res = await site(`/${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('x-ffr-cache'), query).toBe('HIT');
      expect(await res.text()).not.toContain('%3Cscript');
    }
    expect(await kvKeys()).toHaveLength(1);
    expect((await upstream.counters()).total).toBe(0);
  });

  it('keeps the parameters a page reads, in one order: a search is one copy whatever the order', async () => {
    const first = await site('/recherche?sort=ancien&query=equipe&campagne=x');
    expect(first.status).toBe(200);
    await first.text();
    let again: Response | undefined;
    for (let i = 0; i < 20 && again?.headers.get('x-ffr-cache') !== 'HIT'; i++) {
      again = await site('/recherche?query=equipe&sort=ancien');
      await again.text();
      if (again.headers.get('x-ffr-cache') !== 'HIT') await new Promise((r) => setTimeout(r, 50));
    }
    expect(again?.headers.get('x-ffr-cache')).toBe('HIT');
    // Kept where it was asked, not in KV: searches have no end.
    expect((await kvKeys()).filter((k) => k.includes('recherche'))).toEqual([]);
  });

  it('keeps a « not found » a minute where it was asked, not in KV, and asks WordPress again once something is published', async () => {
    const path = '/categories/xv-de-france/un-article-qui-n-existe-pas';
    await upstream.resetCounters();
    const first = await site(path);
    expect(first.status).toBe(404);
    await first.text();
    const calls = (await upstream.counters()).total;
    expect(calls).toBeGreaterThan(0);
    let again: Response | undefined;
    for (let i = 0; i < 20 && again?.headers.get('x-ffr-cache') !== 'HIT'; i++) {
      again = await site(path);
      await again.text();
      if (again.headers.get('x-ffr-cache') !== 'HIT') await new Promise((r) => setTimeout(r, 50));
    }
    expect(again!.status).toBe(404);
    expect(again!.headers.get('x-ffr-cache')).toBe('HIT');
    expect(await (await site(path)).text()).toContain('Cet article est introuvable');
    expect(await kvKeys()).toEqual([]);
    // A publish may create any address: the « not found » is asked again.
    await purge({ create: { title: 'Un article publié entre-temps', categorySlug: 'xv-de-france' } });
    await upstream.resetCounters();
    const after = await site(path);
    expect(after.headers.get('x-ffr-cache')).not.toBe('HIT');
    expect((await upstream.counters()).total).toBeGreaterThan(0);
  });

  it('costs no KV write and one upstream visit per address for 100 made-up addresses asked twice', async () => {
    const paths = Array.from(
      { length: 100 },
      (_, i) => [`/?x=${i}`, `/categories/xv-de-france/inconnu-${i}`, `/inconnu-${i}`, `/api/forms/inconnu-${i}`][i % 4]!,
    );
    await warm('/');
    await upstream.resetCounters();
    // Each visit's work behind the answer (the « not found » kept where it was asked) is done
    // before the next visit and before counting.
    for (const path of paths) await siteSettled(path);
    const first = (await upstream.counters()).total;
    expect(first).toBeLessThanOrEqual(50 * 3);
    for (const path of paths) await siteSettled(path);
    expect(await kvKeys()).toEqual([expect.stringMatching(/:\/$/)]);
    // The second pass asked nothing more.
    expect((await upstream.counters()).total).toBe(first);
  });
});

describe('one copy per page (issue 43)', () => {
  it('reads a page number one way: ?page=0, 1, abc or 1.5 are the first page’s copy, ?page=02 the second’s', async () => {
    await warm('/categories/xv-de-france');
    for (const query of ['?page=1', '?page=0', '?page=abc', '?page=1.5', '?page=-3', '?page=', '?page=1&page=2']) {
      const res = await site(`/categories/xv-de-france${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('x-ffr-cache'), query).toBe('HIT');
      await res.text();
    }
    await warm('/categories/xv-de-france?page=2');
    const zeros = await site('/categories/xv-de-france?page=0002');
    expect(zeros.headers.get('x-ffr-cache')).toBe('HIT');
    await zeros.text();
    expect((await kvKeys()).filter((k) => k.includes('xv-de-france')).sort()).toEqual([
      expect.stringMatching(/:\/categories\/xv-de-france$/),
      expect.stringMatching(/:\/categories\/xv-de-france\?page=2$/),
    ]);
  });

  it('sends a percent-escaped spelling of a path to its one spelling (301), before any cache', async () => {
    for (const [asked, one] of [
      ['/categories/r%75gby-amateur', '/categories/rugby-amateur'],
      ['/categories/xv-de-france/%6Da-page?page=2', '/categories/xv-de-france/ma-page?page=2'],
      ['/%63ontact', '/contact'],
    ] as const) {
      const res = await site(asked, { redirect: 'manual' });
      expect(res.status, asked).toBe(301);
      expect(res.headers.get('location'), asked).toBe(one);
    }
    expect(await kvKeys()).toEqual([]);
    // A path whose escapes mean nothing is not found, and not kept in KV either.
    expect((await site('/categories/%E0%A4%A', { redirect: 'manual' })).status).toBe(404);
    expect(await kvKeys()).toEqual([]);
  });

  it('sends an article asked with a page number to the article (301): it has no pages', async () => {
    const res = await site('/categories/xv-de-france/un-article?page=3', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/categories/xv-de-france/un-article');
  });

  it('sends a page that shows no albums, asked with an album filter, to its one address (301): no copy per made-up value (issue 50)', async () => {
    await warm('/mentions-legales');
    const before = await kvKeys();
    for (const query of ['?saison=abc1', '?saison=2025-2026', '?competition=inventee', '?competition=x&saison=y', '?saison=']) {
      const res = await siteSettled(`/mentions-legales${query}`, { redirect: 'manual' });
      expect({ query, status: res.status, location: res.headers.get('location') }).toEqual({
        query,
        status: 301,
        location: '/mentions-legales',
      });
    }
    expect(await kvKeys()).toEqual(before);
  });

  it('every parameter a cached page declares, with made-up values: a redirect or the page’s own copy, never a copy of its own (issue 50)', async () => {
    const made = ['abc1', '0', '', '%3Cx%3E', '99999', 'x'.repeat(300)];
    // Each page whose route declares parameters (src/index.ts, reads(…)), and those parameters;
    // searches (/recherche) are answers of their own, kept in the location's cache, never in KV.
    const declared: [string, string[]][] = [
      ['/accreditations', ['formulaire', 'evenement']],
      ['/categories/xv-de-france', ['page']],
      ['/mentions-legales', ['saison', 'competition']],
    ];
    for (const [path] of declared) await warm(path);
    const before = await kvKeys();
    for (const [path, params] of declared)
      for (const param of params)
        for (const value of made) {
          const res = await siteSettled(`${path}?${param}=${value}`, { redirect: 'manual' });
          expect([200, 301, 404], `${path}?${param}=${value}`).toContain(res.status);
          if (res.status === 301) expect(res.headers.get('location'), `${path}?${param}=${value}`).toBe(path);
        }
    expect(await kvKeys()).toEqual(before);
  });

  it('gives a made-up session cookie the shared copy of a page written for its reader, not a render each time', async () => {
    const made = { cookie: 'authjs.session-token=invente-de-toutes-pieces' };
    await warm('/accreditations');
    await upstream.resetCounters();
    const again = await site('/accreditations', { headers: made });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ffr-cache')).toBe('HIT');
    await again.text();
    expect((await upstream.counters()).total).toBe(0);
  });

  it('answers HEAD from the GET’s copy, without a body and without a render', async () => {
    await warm('/categories/xv-de-france');
    await upstream.resetCounters();
    const head = await site('/categories/xv-de-france', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-ffr-cache')).toBe('HIT');
    expect(await head.text()).toBe('');
    expect((await upstream.counters()).total).toBe(0);
  });
});

describe('stale-if-error', () => {
  it('serves the last good copy when the fresh render fails, and says so', async () => {
    await warm('/categories/xv-de-france');
    await purge({ create: { title: 'Un nouvel article du XV', categorySlug: 'xv-de-france' } });
    await upstream.fault({ path: '*', kind: 'down' });
    const res = await site('/categories/xv-de-france');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ffr-cache')).toBe('STALE-IF-ERROR');
    expect(await res.text()).toContain('<h1>XV de France</h1>');
  });

  it('never stands in for an article that no longer exists: unpublished, it is gone', async () => {
    const [article] = (
      await upstream.json<Array<{ id: number; link: string; status: string; redirection: string }>>('/__control/articles?status=publish')
    ).filter((a) => !a.redirection);
    await warm(article!.link);
    await purge({ id: article!.id, status: 'draft' });
    const res = await site(article!.link);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-ffr-cache')).not.toBe('STALE-IF-ERROR');
  });
});
