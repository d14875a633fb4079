import { env } from 'cloudflare:workers';
import { createExecutionContext, reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { frDayMonth, frTime, parseWp } from '../../dev/content/dates';
import worker from '../../src/index';
import { algolia, insideOneLimiterWindow, site } from './helpers';
import { signInThroughProvider } from './oidc-flow';
import { upstream } from './upstream-control';

// Unpublished posts (issue 29): drafts and scheduled posts open only through a link WordPress
// signed, or to an editor whose WordPress account may edit them; anything else is the ordinary 404.

type Summary = { id: number; slug: string; title: string; link: string; status: string; date: string };

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

const articles = () => upstream.json<Summary[]>('/__control/articles');
const link = async (id: number, purpose: 'apercu' | 'embargo', exp?: number) => {
  const res = await fetch(`${upstream.base}/__control/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, purpose, exp }),
  });
  const { link: url } = (await res.json()) as { link: string };
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const visitor = (n: number) => ({ 'cf-connecting-ip': `198.18.0.${n}` });
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await site(path, { headers, redirect: 'manual' });
  return { res, html: await res.text() };
};
const NOT_FOUND = 'Cette page est introuvable';

describe('previews', () => {
  it('shows no unpublished post to anyone counting ids: 200 ids, every answer the ordinary 404', async () => {
    const all = await articles();
    const drafts = all.filter((a) => a.status !== 'publish');
    expect(drafts.length).toBeGreaterThan(0);
    const first = Math.min(...drafts.map((d) => d.id)) - 100;
    const seen = new Set<string>();
    for (let id = first; id < first + 200; id++) {
      const { res, html } = await get(`/categories/preview/post?p=${id}`, visitor(id % 200));
      expect(res.status, `id ${id}`).toBe(404);
      expect(html).toContain(NOT_FOUND);
      // The same page whether the id exists or not (nonces aside).
      seen.add(html.replace(/nonce="[^"]+"/g, '').replace(/callbackUrl=[^"&]+/g, ''));
    }
    expect(seen.size).toBe(1);
  });

  it('opens a draft through WordPress’s signed « Aperçu » link: noindex, never stored, never cached', async () => {
    const draft = (await articles()).find((a) => a.status === 'draft')!;
    const { res, html } = await get(await link(draft.id, 'apercu'));
    expect(res.status).toBe(200);
    expect(html).toContain('<strong>Aperçu</strong>');
    expect(html).toContain('article brouillon, visible par la rédaction seulement');
    expect(html).toContain('name="robots" content="noindex"');
    expect(html).not.toContain('kit-presse.zip');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await env.CACHE.list({ prefix: 'html:' })).keys).toEqual([]);
    // WordPress's own address (?preview=true&p=) leads there with its signature.
    const signed = new URL(await link(draft.id, 'apercu'), 'http://presse.test');
    const redirect = await site(
      `/?preview=true&p=${draft.id}&exp=${signed.searchParams.get('exp')}&sig=${signed.searchParams.get('sig')}`,
      { redirect: 'manual' },
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${signed.pathname}${signed.search}`);
  });

  it('keeps the links already handed out working while PREVIEW_SECRET is replaced, through PREVIEW_SECRET_PREVIOUS (docs/operations.md)', async () => {
    const draft = (await articles()).find((a) => a.status === 'draft')!;
    const path = await link(draft.id, 'apercu');
    const open = async (secrets: Record<string, string>) =>
      (
        await worker.fetch(
          new Request(`http://presse.test${path}`, { headers: { 'cf-connecting-ip': '198.18.1.1' } }),
          { ...env, ...secrets },
          createExecutionContext(),
        )
      ).status;
    const renewed = 'nouvelle-cle-des-apercus-0123456789abcdef';
    expect(await open({ PREVIEW_SECRET: renewed })).toBe(404);
    expect(
      await open({ PREVIEW_SECRET: renewed, PREVIEW_SECRET_PREVIOUS: (env as unknown as Record<string, string>).PREVIEW_SECRET! }),
    ).toBe(200);
  });

  it('refuses a changed signature, another post’s link, an embargo link, and says when a real link has ended', async () => {
    const [a, b] = (await articles()).filter((x) => x.status !== 'publish');
    const good = new URL(await link(a!.id, 'apercu'), 'http://presse.test');
    const tampered = `/categories/preview/post?p=${a!.id}&exp=${good.searchParams.get('exp')}&sig=${good.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect((await get(tampered)).res.status).toBe(404);
    expect((await get(`/categories/preview/post?p=${b!.id}${good.search.replace(/^\?p=\d+/, '')}`)).res.status).toBe(404);
    const embargo = new URL(await link(a!.id, 'embargo'), 'http://presse.test');
    expect((await get(`/categories/preview/post?p=${a!.id}&${embargo.searchParams}`)).res.status).toBe(404);
    const ended = await get(await link(a!.id, 'apercu', Math.floor(Date.now() / 1000) - 60));
    expect(ended.res.status).toBe(410);
    expect(ended.html).toContain('Ce lien a expiré');
  });

  it('lets an editor signed in at the federation preview without a link, and no one else', async () => {
    const draft = (await articles()).find((a) => a.status === 'draft')!;
    const editor = await signInThroughProvider('redaction@example.fr');
    const shown = await get(`/categories/preview/post?p=${draft.id}`, { cookie: editor.cookie });
    expect(shown.res.status).toBe(200);
    expect(shown.html).toContain('<strong>Aperçu</strong>');
    const journalist = await signInThroughProvider('journaliste@example.fr');
    expect((await get(`/categories/preview/post?p=${draft.id}`, { cookie: journalist.cookie })).res.status).toBe(404);
  });

  it('limits previews per visitor: 30 a minute, then a French 429', async () => {
    await insideOneLimiterWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await get(`/categories/preview/post?p=${i + 1}`, visitor(250))).res.status);
    expect(new Set(statuses.slice(0, 30))).toEqual(new Set([404]));
    const limited = await get('/categories/preview/post?p=1', visitor(250));
    expect(limited.res.status).toBe(429);
    expect(limited.res.headers.get('retry-after')).toBe('60');
    expect(limited.html).toContain('Trop de demandes');
  }, 45_000);
});

describe('embargo links for journalists', () => {
  const scheduled = async () => (await articles()).find((a) => a.status === 'future')!;

  it('invites an anonymous reader to sign in, refuses a non-journalist, and shows the journalist the post under embargo', async () => {
    const post = await scheduled();
    const path = await link(post.id, 'embargo');
    const anonymous = await get(path);
    expect(anonymous.res.status).toBe(401);
    expect(anonymous.html).toContain('Contenu sous embargo');
    expect(anonymous.html).toContain(
      `href="/connexion/compte-ffr?${new URLSearchParams({ callbackUrl: path }).toString().replaceAll('&', '&amp;')}"`,
    );
    expect(anonymous.html).not.toContain(post.title);

    const member = await signInThroughProvider('membre@example.fr');
    const refused = await get(path, { cookie: member.cookie });
    expect(refused.res.status).toBe(403);
    expect(refused.html).toContain('Contenu réservé aux journalistes');
    expect(refused.html).not.toContain(post.title);

    const journalist = await signInThroughProvider('journaliste@example.fr');
    const shown = await get(path, { cookie: journalist.cookie });
    expect(shown.res.status).toBe(200);
    const until = parseWp(post.date);
    expect(shown.html.replaceAll('<!-- -->', '')).toContain(
      `Sous embargo jusqu’au ${frDayMonth(until)} à ${frTime(until)}</strong> — ne pas publier avant`,
    );
    expect(shown.html).toContain('name="robots" content="noindex"');
    expect(shown.res.headers.get('cache-control')).toBe('private, no-store');
    expect((await env.CACHE.list({ prefix: 'html:' })).keys).toEqual([]);
  });

  it('is in no feed, sitemap, list or search while scheduled', async () => {
    const post = await scheduled();
    for (const path of [
      '/',
      '/rss.xml',
      '/sitemap-news.xml',
      '/sitemap-posts-1.xml',
      `/recherche?${new URLSearchParams({ query: post.title })}`,
    ]) {
      expect((await get(path)).html.includes(post.slug), path).toBe(false);
    }
    expect((await get(post.link)).res.status).toBe(404);
  });

  it('leads to the public article once the post is published, and ends with its link while still scheduled', async () => {
    const post = await scheduled();
    const ended = await get(await link(post.id, 'embargo', Math.floor(Date.now() / 1000) - 1));
    expect(ended.res.status).toBe(410);
    expect(ended.html).toContain('Demandez-en un nouveau au service de presse');
    const path = await link(post.id, 'embargo');
    const { purge } = await upstream.publish({ id: post.id, status: 'publish', alert: false });
    await site('/api/purge', {
      method: 'POST',
      body: purge.body,
      headers: { 'content-type': 'application/json', 'x-ffr-signature': purge.signature, 'x-ffr-timestamp': purge.timestamp },
    });
    const after = await get(path);
    expect(after.res.status).toBe(302);
    expect(after.res.headers.get('location')).toBe(post.link);
    expect((await get(post.link)).res.status).toBe(200);
  });

  it('opens scheduled posts only: withdrawn to draft, the same link is « not found »; a draft signed as an embargo too (issue 43)', async () => {
    const post = await scheduled();
    const path = await link(post.id, 'embargo');
    const journalist = await signInThroughProvider('journaliste@example.fr');
    expect((await get(path, { cookie: journalist.cookie })).res.status).toBe(200);
    await upstream.publish({ id: post.id, status: 'draft' });
    const withdrawn = await get(path, { cookie: journalist.cookie });
    expect(withdrawn.res.status).toBe(404);
    expect(withdrawn.html).toContain(NOT_FOUND);
    expect(withdrawn.html).not.toContain(post.title);
    const draft = (await articles()).find((a) => a.status === 'draft' && a.id !== post.id)!;
    const signed = await get(await link(draft.id, 'embargo'), { cookie: journalist.cookie });
    expect(signed.res.status).toBe(404);
    expect(signed.html).not.toContain(draft.title);
    // Its preview link still opens it: the draft's one door.
    expect((await get(await link(draft.id, 'apercu'))).res.status).toBe(200);
  });

  it('a post withdrawn after publication leaves the search index, as the federation’s does', async () => {
    const published = (await articles()).find((a) => a.status === 'publish')!;
    const inIndex = async () =>
      (
        await algolia<{ objectID: string }>({ indexName: 'newsroom', query: published.title, filters: 'type:post', hitsPerPage: 50 })
      ).hits.some((h) => h.objectID === `post-${published.id}`);
    expect(await inIndex()).toBe(true);
    await upstream.publish({ id: published.id, status: 'draft' });
    expect(await inIndex()).toBe(false);
  });

  it('answers the ordinary 404 to a link without a signature, for another post, or signed for a preview', async () => {
    const post = await scheduled();
    const good = new URL(await link(post.id, 'embargo'), 'http://presse.test');
    expect((await get(`/embargo/${post.id}`)).res.status).toBe(404);
    expect((await get(`/embargo/${post.id + 1}${good.search}`)).res.status).toBe(404);
    const apercu = new URL(await link(post.id, 'apercu'), 'http://presse.test');
    expect((await get(`/embargo/${post.id}?exp=${apercu.searchParams.get('exp')}&sig=${apercu.searchParams.get('sig')}`)).html).toContain(
      NOT_FOUND,
    );
  });
});

describe('signed addresses and third parties (issue 43)', () => {
  it('loads no tag manager on preview, embargo and sign-in pages, even with a container configured and consent given', async () => {
    const withTagManager = async (path: string) => {
      const res = await worker.fetch(
        new Request(new URL(path, 'http://presse.test'), { headers: visitor(90), redirect: 'manual' }),
        { ...env, GTM_CONTAINER_ID: 'GTM-TEST123' },
        createExecutionContext(),
      );
      return { status: res.status, html: await res.text() };
    };
    expect((await withTagManager('/')).html).toContain('GTM-TEST123');
    const draft = (await articles()).find((a) => a.status === 'draft')!;
    const scheduled = (await articles()).find((a) => a.status === 'future')!;
    const embargo = await link(scheduled.id, 'embargo');
    for (const path of [
      await link(draft.id, 'apercu'),
      embargo,
      `/categories/preview/post?p=${draft.id}&exp=1&sig=faux`,
      `/connexion?${new URLSearchParams({ callbackUrl: embargo })}`,
    ]) {
      const page = await withTagManager(path);
      expect(page.html, path).toContain('data-island="Tracking"');
      expect(page.html, path).not.toContain('GTM-TEST123');
    }
  });
});
