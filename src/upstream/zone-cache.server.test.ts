import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../config/env.server';
import { createZonePurgeApi } from '../../dev/cloudflare/purge.js';
import { requestJson } from './http.server';
import { MAX_TAGS_PER_PURGE, purgeZoneTags, throughTier, tierOptions, zoneTag } from './zone-cache.server';
import * as z from 'zod';

// The worker's side of Cloudflare's tiers (decision 024), against the emulated purge API
// (dev/cloudflare/purge.ts) and an origin that answers as a cache tier does (`Age`), both reached
// through fetch, in process.

const ZONE = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const TOKEN = 'local-zone-purge-token-0123456789';
const origin = 'http://amont.test';
let zone: ReturnType<typeof createZonePurgeApi>;
/** What the fake tier answers: its `Age`, for how many asks through it, and every request it got (with its cache mode). */
let tierAge: string | null = null;
let tierAnswers = 1;
const asked: { url: string; cache: RequestCache }[] = [];

beforeAll(async () => {
  zone = createZonePurgeApi({ zoneId: ZONE, token: TOKEN });
  const app = new Hono();
  app.route('/client/v4', zone.api);
  app.get('/wp/home', (c) => {
    asked.push({ url: c.req.url, cache: c.req.raw.cache });
    // An ask past the cache, or once the tier has let its copy go, reaches the origin itself: no Age.
    const fromTier = tierAge !== null && c.req.raw.cache !== 'no-store' && asked.length <= tierAnswers;
    return c.json({ texte: fromTier ? 'ancien' : 'nouveau' }, 200, fromTier ? { age: tierAge!, 'cf-cache-status': 'HIT' } : {});
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    app.request(input instanceof Request ? input : String(input), init),
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  await zone.control.request('/', { method: 'DELETE' });
  asked.length = 0;
  tierAge = null;
  tierAnswers = 1;
});

const config = (over: Partial<Config> = {}) =>
  ({ CF_API_URL: `${origin}/client/v4`, CF_ZONE_ID: ZONE, CF_PURGE_TOKEN: TOKEN, CONTENT_FRESH_SECONDS: 60, ...over }) as Config;
const purged = async () => (await (await zone.control.request('/')).json()) as { tags: string[] }[];

describe('purging the zone’s copies by tag', () => {
  it('sends the site’s tags, prefixed, lower-cased and made printable, at most 100 a call', async () => {
    const tags = Array.from({ length: 230 }, (_, i) => `post:Été-${i}`);
    expect(await purgeZoneTags(config(), tags, 5000)).toBe(true);
    const calls = await purged();
    expect(calls.map((c) => c.tags.length)).toEqual([MAX_TAGS_PER_PURGE, MAX_TAGS_PER_PURGE, 30]);
    expect(calls[0]!.tags[0]).toBe('ffr-presse:post:_t_-0');
    expect(zoneTag('post:a,b c')).toBe('ffr-presse:post:a_b_c');
    expect(zoneTag(`post:${'x'.repeat(2000)}`)).toHaveLength(1024);
  });

  it('waits out a 429 for as long as Cloudflare says, within its deadline', async () => {
    for (let i = 0; i < 25; i++) expect(await purgeZoneTags(config(), [`t${i}`], 5000)).toBe(true);
    const started = Date.now();
    expect(await purgeZoneTags(config(), ['late'], 5000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await purged()).at(-1)?.tags).toEqual(['ffr-presse:late']);
  });

  it('gives up past its deadline or on a refusal, logged, never thrown', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let i = 0; i < 25; i++) await purgeZoneTags(config(), [`t${i}`], 5000);
    expect(await purgeZoneTags(config(), ['late'], 500)).toBe(false);
    expect(await purgeZoneTags(config({ CF_PURGE_TOKEN: 'un-autre-jeton-0123456789' }), ['home'], 5000)).toBe(false);
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).event)).toEqual(['zone_purge.failed', 'zone_purge.failed']);
    errors.mockRestore();
  });

  it('sends the purges of a burst together: one call in flight, the tags arriving meanwhile in the next', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => purgeZoneTags(config(), [`post:p${i}`, 'home', 'lists'], 5000)));
    expect(answers.every(Boolean)).toBe(true);
    const calls = await purged();
    // The first purge's call, then one with the 49 others' 51 distinct tags.
    expect(calls.map((c) => c.tags.length)).toEqual([3, 51]);
    expect(new Set(calls.flatMap((c) => c.tags)).size).toBe(52);
  });

  it('does nothing when the zone or its token is not configured', async () => {
    expect(await purgeZoneTags(config({ CF_PURGE_TOKEN: undefined }), ['home'], 5000)).toBe(true);
    expect(await purged()).toEqual([]);
  });
});

describe('reading through the tier', () => {
  const read = (notBefore: number | undefined, over: Partial<Config> = {}) =>
    throughTier(['home'], notBefore, async () => {
      const tier = tierOptions(config(over));
      return (await requestJson(`${origin}/wp/home`, z.object({ texte: z.string() }), { timeoutMs: 2000, tier })).data.texte;
    });

  it('takes a tier’s copy as old as its Age says, and tags and times it in the cache', async () => {
    tierAge = '42';
    const before = Date.now();
    const got = await read(before - 120_000);
    expect(got.value).toBe('ancien');
    expect(got.dataAt).toBeGreaterThanOrEqual(before - 43_000);
    expect(got.dataAt).toBeLessThanOrEqual(Date.now() - 42_000);
    const tier = await throughTier(['home', 'post:Été'], undefined, async () => tierOptions(config()));
    expect(tier.value?.cf).toEqual({ cacheEverything: true, cacheTtl: 15, cacheTags: ['ffr-presse:home', 'ffr-presse:post:_t_'] });
  });

  it('asks once more through the tier a moment later when the copy predates the newest purge of its tags', async () => {
    // The purge reaching the tiers one after the other: the second ask finds the new text.
    tierAge = '5';
    const got = await read(Date.now() - 2000);
    expect(got).toEqual({ value: 'nouveau', dataAt: undefined });
    expect(asked.map((a) => a.cache)).toEqual(['default', 'default']);
  });

  it('then past the cache when the tier still holds the old copy', async () => {
    tierAge = '5';
    tierAnswers = 2;
    const got = await read(Date.now() - 2000);
    expect(got).toEqual({ value: 'nouveau', dataAt: undefined });
    expect(asked.map((a) => a.cache)).toEqual(['default', 'default', 'no-store']);
  });

  it('counts a whole second more than Age says: a copy of Age 0 is not after a purge 500 ms ago', async () => {
    tierAge = '0';
    tierAnswers = 2;
    expect((await read(Date.now() - 500)).value).toBe('nouveau');
  });

  it('is off without a purgeable zone, and outside a tiered read', async () => {
    expect((await throughTier(['home'], undefined, async () => tierOptions(config({ CF_ZONE_ID: undefined })))).value).toBeUndefined();
    expect(tierOptions(config())).toBeUndefined();
    expect((await throughTier([], undefined, async () => tierOptions(config()))).value).toBeUndefined();
  });
});
