import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../app-env';
import { MAX_PURGE_BYTES, purgeHandlers, PurgeBodySchema, tagsFor, type PurgeBody } from './purge.server';

const parse = (body: unknown) => PurgeBodySchema.parse(body);
const tags = (body: unknown) => tagsFor(parse(body)).sort();

describe('purge bodies', () => {
  it('still accepts every body the worker accepted before the plugin', () => {
    for (const action of ['publish', 'update', 'trash', 'unpublish']) {
      expect(
        parse({ type: 'post', action, post: { id: 12, slug: 'composition', categories: [{ id: 3, slug: 'xv-de-france' }] } }).type,
      ).toBe('post');
    }
    expect(parse({ type: 'post', action: 'update', post: { id: 12, slug: 'composition' } })).toMatchObject({ post: { categories: [] } });
    expect(parse({ type: 'event', action: 'update', event: { id: 4, slug: 'france-japon' } }).type).toBe('event');
    expect(parse({ type: 'site', action: 'update' }).type).toBe('site');
    expect(parse({ type: 'site', action: 'anything' }).type).toBe('site');
  });

  it('accepts what the WordPress plugin sends', () => {
    const bodies = [
      { type: 'post', action: 'restore', post: { id: 12, slug: 'a', categories: [] } },
      { type: 'post', action: 'delete', post: { id: 12, slug: 'a', categories: [] } },
      {
        type: 'post',
        action: 'update',
        post: { id: 12, slug: 'a', categories: [{ id: 3, slug: 'xv' }] },
        previous: { slug: 'b', categories: [{ id: 4, slug: 'sept' }] },
      },
      { type: 'post', action: 'update', post: { id: 12, slug: 'a', categories: [] }, previous: { categories: [] } },
      { type: 'term', action: 'create', taxonomy: 'category', term: { id: 3, slug: 'xv' } },
      { type: 'term', action: 'update', taxonomy: 'post_tag', term: { id: 9, slug: 'six-nations' }, previous: { slug: 'tournoi' } },
      { type: 'term', action: 'delete', taxonomy: 'category', term: { id: 3, slug: 'xv' } },
      { type: 'form', action: 'update', form: { id: 101, slug: 'contactez-nous' } },
      ...['menu', 'settings', 'partners', 'home', 'page', 'manual'].map((reason) => ({ type: 'site', action: 'update', reason })),
    ];
    for (const body of bodies) expect(PurgeBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
  });

  it('refuses bodies outside the contract', () => {
    const bad = [
      { type: 'post', action: 'archive', post: { id: 12, slug: 'a' } },
      { type: 'post', action: 'update', post: { id: 12, slug: 'a' }, previous: { slug: '' } },
      { type: 'term', action: 'update', taxonomy: 'product_cat', term: { id: 3, slug: 'xv' } },
      { type: 'term', action: 'rename', taxonomy: 'category', term: { id: 3, slug: 'xv' } },
      { type: 'term', action: 'update', taxonomy: 'category', term: { id: 3 } },
      { type: 'form', action: 'update', form: { id: 101 } },
      { type: 'form', action: 'update' },
      { type: 'menu', action: 'update' },
    ];
    for (const body of bad) expect(PurgeBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe('tags of a purge', () => {
  it('marks the new and the previous slug and categories of a post', () => {
    expect(
      tags({
        type: 'post',
        action: 'update',
        post: { id: 12, slug: 'nouveau-titre', categories: [{ id: 3, slug: 'xv-de-france' }] },
        previous: {
          slug: 'ancien-titre',
          categories: [
            { id: 4, slug: 'rugby-a-7' },
            { id: 3, slug: 'xv-de-france' },
          ],
        },
      }),
    ).toEqual(
      [
        'post:nouveau-titre',
        'post:ancien-titre',
        'post-id:12',
        'home',
        'lists',
        'category:3',
        'category-slug:xv-de-france',
        'category:4',
        'category-slug:rugby-a-7',
      ].sort(),
    );
  });

  it('marks a post without previous as before', () => {
    expect(tags({ type: 'post', action: 'publish', post: { id: 12, slug: 'a', categories: [{ id: 3, slug: 'xv' }] } })).toEqual(
      ['post:a', 'post-id:12', 'home', 'lists', 'category:3', 'category-slug:xv'].sort(),
    );
  });

  it('marks a category under its id, its slug and its previous slug', () => {
    expect(
      tags({ type: 'term', action: 'update', taxonomy: 'category', term: { id: 3, slug: 'xv' }, previous: { slug: 'quinze' } }),
    ).toEqual(['site', 'lists', 'home', 'category:3', 'category-slug:xv', 'category-slug:quinze'].sort());
  });

  it('marks the site, lists and home for a tag', () => {
    expect(tags({ type: 'term', action: 'delete', taxonomy: 'post_tag', term: { id: 9, slug: 'six-nations' } })).toEqual([
      'home',
      'lists',
      'site',
    ]);
  });

  it('marks the forms for a form, the site for a site change', () => {
    expect(tags({ type: 'form', action: 'update', form: { id: 101, slug: 'contactez-nous' } })).toEqual(['forms']);
    expect(tags({ type: 'site', action: 'update', reason: 'menu' })).toEqual(['home', 'lists', 'site']);
  });
});

describe('POST /api/purge', () => {
  const SECRET = 'local-purge-secret-0123456789abcdef';

  // The marks' Durable Object (run in workerd by test/worker/purge-and-limits.test.ts, in Node by
  // test/edge/freshness.test.ts) stood in for by one that keeps what it is given.
  // The object's memory of signatures taken is kept as it: by the id the worker gives each one.
  function kv(slowMs = 0) {
    const store = new Map<string, number>();
    const taken: { id: string; until: number }[] = [];
    const marks = {
      idFromName: () => 'marks',
      get: () => ({
        mark: async (tags: string[], boundMs: number, once?: { id: string; until: number }) => {
          // A slow object: the call reaches it late (its answer then comes back at once).
          if (slowMs > 0) await new Promise((resolve) => setTimeout(resolve, slowMs));
          if (once && taken.some((t) => t.id === once.id)) return { replayed: true };
          if (once) taken.push(once);
          const effectiveAt = Date.now() + boundMs;
          for (const t of tags) store.set(t, effectiveAt);
          return { effectiveAt };
        },
      }),
    };
    return { store, taken, namespace: marks as unknown as DurableObjectNamespace };
  }

  /** The zone purges asked of the content door (decision 024): their tags, and how long each was given. */
  const zonePurges: { tags: string[]; deadlineMs: number; at: number }[] = [];

  function app(marks: DurableObjectNamespace, boundMs = 0, previous?: string) {
    const a = new Hono<AppEnv>();
    a.use(async (c, next) => {
      c.set('config', { PURGE_SECRET: SECRET, PURGE_SECRET_PREVIOUS: previous, PURGE_BOUND_MS: boundMs } as AppEnv['Variables']['config']);
      c.set('content', {
        purgeZone: async (tags: string[], deadlineMs: number) => {
          zonePurges.push({ tags, deadlineMs, at: Date.now() });
          return true;
        },
      } as unknown as AppEnv['Variables']['content']);
      await next();
    });
    // What follows a stored purge is the alerts' (features/alerts, test/worker/alerts.test.ts): nothing here.
    a.post('/api/purge', ...purgeHandlers({ stored: async () => undefined, account: async (c) => c.json({}) }));
    const allow = { limit: async () => ({ success: true }) };
    return (body: BodyInit, headers: Record<string, string>) =>
      a.request('/api/purge', { method: 'POST', body, headers, duplex: 'half' } as RequestInit, {
        PURGE_MARKS: marks,
        PURGE_LIMITER: allow,
      });
  }

  /**
   * Moves the fake clock to the next timer whenever one waits, until the answer comes; while none
   * does, real I/O runs (the HMAC check) and the clock stands still, so the times are exact.
   */
  async function onFakeClock<T>(call: Promise<T> | T): Promise<T> {
    const answer = Promise.resolve(call);
    let done = false;
    void answer.finally(() => {
      done = true;
    });
    for (let i = 0; i < 10_000 && !done; i++) {
      if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
      else await new Promise((resolve) => setImmediate(resolve));
    }
    return answer;
  }

  // As the plugin signs (wordpress/ffr-presse-purge/includes/class-sender.php): hash_hmac raw, base64.
  const sign = (body: string, timestamp: string, secret = SECRET) =>
    createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('base64');
  const now = () => String(Math.floor(Date.now() / 1000));

  it('marks the tags of a signed term body', async () => {
    const { store, namespace } = kv();
    const body = JSON.stringify({
      type: 'term',
      action: 'update',
      taxonomy: 'category',
      term: { id: 3, slug: 'xv-de-france' },
      previous: { slug: 'xv' },
    } satisfies PurgeBody);
    const ts = now();
    const res = await app(namespace)(body, {
      'x-ffr-timestamp': ts,
      'x-ffr-signature': sign(body, ts),
      'content-type': 'application/json',
    });
    expect(res.status).toBe(200);
    const { purged } = (await res.json()) as { purged: string[] };
    expect(purged).toContain('category-slug:xv');
    expect([...store.keys()].sort()).toEqual([...purged].sort());
    // The zone's copies of WordPress's JSON go too, with the same tags, before the answer.
    expect(zonePurges.at(-1)).toMatchObject({ tags: purged, deadlineMs: 1000 });
  });

  it('answers once the purge is in effect everywhere, the bound after it is stored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    vi.stubGlobal('scheduler', { wait: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) });
    const { store, namespace } = kv();
    const body = JSON.stringify({ type: 'form', action: 'update', form: { id: 101, slug: 'contactez-nous' } } satisfies PurgeBody);
    const ts = now();
    const res = await onFakeClock(app(namespace, 3000)(body, { 'x-ffr-timestamp': ts, 'x-ffr-signature': sign(body, ts) }));
    const answeredAt = Date.now();
    expect(res.status).toBe(200);
    const { effectiveAt } = (await res.json()) as { effectiveAt: string };
    expect(Date.parse(effectiveAt)).toBe(store.get('forms'));
    expect(answeredAt).toBeGreaterThanOrEqual(store.get('forms')!);
    // The zone's purge goes 1.1 s after the mark (a tier's Age is whole seconds), with until the
    // mark takes effect to be done.
    const zone = zonePurges.at(-1)!;
    expect(zone.at - (store.get('forms')! - 3000)).toBe(1100);
    expect(zone.at + zone.deadlineMs).toBe(store.get('forms'));
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('acknowledges later when the object answers slowly, and not at all past the plugin’s 8 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    vi.stubGlobal('scheduler', { wait: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) });
    const body = JSON.stringify({ type: 'form', action: 'update', form: { id: 101, slug: 'contactez-nous' } } satisfies PurgeBody);
    const post = async (slowMs: number) => {
      const { store, namespace } = kv(slowMs);
      const ts = now();
      const sentAt = Date.now();
      const res = await onFakeClock(app(namespace, 3000)(body, { 'x-ffr-timestamp': ts, 'x-ffr-signature': sign(body, ts) }));
      return { res, storedAt: store.get('forms')! - 3000, sentAt };
    };
    // 1.2 s to answer: every location's reads are about as slow, plus up to 0.5 s of distance; a
    // read running when the mark was stored, then the next, must be back: 2 × 1.7 s after it.
    const slow = await post(1200);
    expect(slow.res.status).toBe(200);
    const { effectiveAt } = (await slow.res.json()) as { effectiveAt: string };
    expect(Date.parse(effectiveAt)).toBe(slow.storedAt + 2 * (1200 + 500));
    // 3.5 s: visible 8 s after the mark, past the plugin's patience. Stored, but a 503, so that
    // WordPress tries again rather than take a 200 that would not be true.
    const slower = await post(3500);
    expect(slower.res.status).toBe(503);
    expect(await slower.res.json()).toMatchObject({ error: 'purge_slow' });
    expect(slower.storedAt).toBeGreaterThan(slower.sentAt);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('accepts the previous secret during a rotation, and only then (docs/operations.md)', async () => {
    const OLD = 'ancienne-cle-de-purge-0123456789';
    const { store, namespace } = kv();
    const body = JSON.stringify({ type: 'site', action: 'update', reason: 'manual' });
    const ts = now();
    const headers = { 'x-ffr-timestamp': ts, 'x-ffr-signature': sign(body, ts, OLD) };
    expect((await app(namespace)(body, headers)).status).toBe(401);
    expect(store.size).toBe(0);
    expect((await app(namespace, 0, OLD)(body, headers)).status).toBe(200);
    expect((await app(namespace, 0, OLD)(body, { 'x-ffr-timestamp': ts, 'x-ffr-signature': sign(body, ts) })).status).toBe(200);
    expect(store.has('site')).toBe(true);
  });

  it('refuses a wrong secret or an old timestamp with the message the plugin shows', async () => {
    const { store, namespace } = kv();
    const body = JSON.stringify({ type: 'site', action: 'update', reason: 'manual' });
    const ts = now();
    const wrong = await app(namespace)(body, {
      'x-ffr-timestamp': ts,
      'x-ffr-signature': sign(body, ts, 'une-autre-cle-secrete-0123456789'),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Signature absente, invalide ou expirée.' });
    const old = String(Number(ts) - 301);
    expect((await app(namespace)(body, { 'x-ffr-timestamp': old, 'x-ffr-signature': sign(body, old) })).status).toBe(401);
    expect(store.size).toBe(0);
  });

  it('refuses a missing or unreadable signature or timestamp, and a timestamp spelt otherwise than in digits', async () => {
    const { store, namespace } = kv();
    const body = JSON.stringify({ type: 'site', action: 'update', reason: 'manual' });
    const ts = now();
    const send = (headers: Record<string, string>) => app(namespace)(body, headers);
    expect((await send({ 'x-ffr-timestamp': ts })).status).toBe(401);
    expect((await send({ 'x-ffr-signature': sign(body, ts) })).status).toBe(401);
    expect((await send({ 'x-ffr-timestamp': ts, 'x-ffr-signature': '' })).status).toBe(401);
    expect((await send({ 'x-ffr-timestamp': ts, 'x-ffr-signature': '!!! pas du base64 !!!' })).status).toBe(401);
    // The signed text holds the header as sent: each spelling signed as such, and still refused.
    for (const spelt of [`+${ts}`, `${ts}.0`, `0x${Number(ts).toString(16)}`, `${ts}e0`, `${'0'.repeat(13)}${ts}`])
      expect((await send({ 'x-ffr-timestamp': spelt, 'x-ffr-signature': sign(body, spelt) })).status, spelt).toBe(401);
    expect(store.size).toBe(0);
  });

  it('takes a timestamp 300 s away, either side, and not one second more', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t = 1_795_334_400;
      vi.setSystemTime(t * 1000);
      const body = JSON.stringify({ type: 'site', action: 'update', reason: 'manual' });
      const status = async (ts: number) =>
        (await app(kv().namespace)(body, { 'x-ffr-timestamp': String(ts), 'x-ffr-signature': sign(body, String(ts)) })).status;
      expect(await status(t - 300)).toBe(200);
      expect(await status(t + 300)).toBe(200);
      expect(await status(t - 301)).toBe(401);
      expect(await status(t + 301)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('remembers a signature by its bytes: every spelling of one is the same, another signature is another', async () => {
    const { taken, namespace } = kv();
    const body = JSON.stringify({ type: 'site', action: 'update', reason: 'manual' });
    const ts = now();
    const signature = sign(body, ts);
    expect((await app(namespace)(body, { 'x-ffr-timestamp': ts, 'x-ffr-signature': signature })).status).toBe(200);
    expect(taken).toHaveLength(1);
    expect(taken[0]!.id).toMatch(/^[0-9a-f]{32}$/);
    // Kept until the window is over for this timestamp, and a minute more.
    expect(taken[0]!.until).toBe((Number(ts) + 300 + 60) * 1000);
    for (const spelt of [signature.replace(/=+$/, ''), ` ${signature} `, `${signature.slice(0, 20)} ${signature.slice(20)}`])
      expect((await app(namespace)(body, { 'x-ffr-timestamp': ts, 'x-ffr-signature': spelt })).status, spelt).toBe(409);
    const other = JSON.stringify({ type: 'site', action: 'update', reason: 'settings' });
    expect((await app(namespace)(other, { 'x-ffr-timestamp': ts, 'x-ffr-signature': sign(other, ts) })).status).toBe(200);
    expect(taken).toHaveLength(2);
    expect(taken[1]!.id).not.toBe(taken[0]!.id);
    // The id is a digest of the MAC's bytes, not its text: the first 16 bytes of their SHA-256.
    const bytes = Buffer.from(signature, 'base64');
    const { createHash } = await import('node:crypto');
    expect(taken[0]!.id).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 32));
  });

  it('refuses a body over 8 KiB before reading it, chunked or not, and purges nothing', async () => {
    const { store, namespace } = kv();
    const big = 'a'.repeat(MAX_PURGE_BYTES + 1);
    const ts = now();
    const declared = await app(namespace)(big, { 'x-ffr-timestamp': ts, 'x-ffr-signature': sign(big, ts) });
    expect(declared.status).toBe(413);
    // Without a length, the body is counted as it arrives: 8 MiB in 64 KiB chunks, stopped at once.
    let pulled = 0;
    const chunks = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ >= 128) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
      },
    });
    const streamed = await app(namespace)(chunks, { 'x-ffr-timestamp': ts, 'x-ffr-signature': 'AAAA', 'transfer-encoding': 'chunked' });
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ error: 'too_large' });
    expect(pulled).toBeLessThan(4);
    expect(store.size).toBe(0);
  });

  it('answers 400 to a signed body outside the contract, and purges nothing', async () => {
    const { store, namespace } = kv();
    const body = JSON.stringify({ type: 'term', action: 'update', taxonomy: 'product_cat', term: { id: 3, slug: 'x' } });
    const ts = now();
    const res = await app(namespace)(body, { 'x-ffr-timestamp': ts, 'x-ffr-signature': sign(body, ts) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_body' });
    expect(store.size).toBe(0);
  });
});
