import { describe, expect, it } from 'vitest';
import { createEntryStore, readThrough } from './entry-store.server';
import type { EntryMeta, TagVersions } from './policy';

// readThrough's refreshes are shared while they run (one fetch per key and isolate), but not
// across a purge: a request that finds its copy purged must not take the text of a fetch that
// started before the purge was stored (WordPress slower than the bound: issue 51).
/** A store over a Map for KV, judged with the given marks. */
function storeOver(kv: Map<string, { value: string; metadata: EntryMeta }>, versions: TagVersions) {
  return createEntryStore({
    kv: {
      getWithMetadata: async (key: string) => kv.get(key) ?? { value: null, metadata: null, cacheStatus: null },
      put: async (key: string, value: string, { metadata }: { metadata: EntryMeta }) => void kv.set(key, { value, metadata }),
    } as unknown as KVNamespace,
    marks: async () => ({ versions, current: true, ageMs: 0 }),
    boundMs: 0,
    claim: async () => async () => undefined,
    waitUntil: () => undefined,
  });
}

describe('readThrough across a purge', () => {
  it('does not join a fetch that started before the purge concerning the copy', async () => {
    const kv = new Map<string, { value: string; metadata: EntryMeta }>();
    const versions: TagVersions = {};
    const store = storeOver(kv, versions);
    kv.set('post:a', { value: JSON.stringify('R0'), metadata: { startedAt: Date.now() - 10_000, tags: ['post:a'] } });
    const options = { tags: ['post:a'], freshMs: 1000 };

    // A stale copy: served, and refreshed behind the answer by a fetch WordPress answers slowly.
    let answerSlowFetch: (text: string) => void = () => undefined;
    const slowFetch = new Promise<string>((resolve) => {
      answerSlowFetch = resolve;
    });
    let fetches = 0;
    const first = await readThrough(store, 'post:a', options, () => {
      fetches++;
      return slowFetch.then((value) => ({ value }));
    });
    expect(first).toMatchObject({ value: 'R0', state: 'stale' });

    // The press office publishes R1; its purge is stored while that fetch still runs.
    await new Promise((resolve) => setTimeout(resolve, 5));
    versions['post:a'] = [Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = readThrough(store, 'post:a', options, async () => {
      fetches++;
      return { value: 'R1' };
    });
    answerSlowFetch('R0');
    expect(await second).toMatchObject({ value: 'R1', state: 'purged' });
    expect(fetches).toBe(2);
  });
});

// Cloudflare's tiers in front of WordPress (decision 024): the load is told the newest purge of
// the copy's tags, and a copy a tier kept is stored as old as the tier said.
describe('readThrough behind a cache tier', () => {
  it('hands the load the newest mark of its tags and dates the copy by its data', async () => {
    const kv = new Map<string, { value: string; metadata: EntryMeta }>();
    const markedAt = Date.now() - 5000;
    const versions: TagVersions = { home: [markedAt - 60_000, markedAt], other: [Date.now()] };
    const store = storeOver(kv, versions);
    const told: (number | undefined)[] = [];
    const dataAt = markedAt + 1500;
    const read = await readThrough(store, 'home', { tags: ['home'], freshMs: 60_000 }, async (notBefore) => {
      told.push(notBefore);
      return { value: 'R1', dataAt };
    });
    expect(told).toEqual([markedAt]);
    expect(read.startedAt).toBe(dataAt);
    expect(kv.get('home')?.metadata.startedAt).toBe(dataAt);
  });
});

describe('readThrough behind a cache tier, with tags known only from the value', () => {
  it('still hands the load the newest mark of the tags known before the fetch', async () => {
    const markedAt = Date.now() - 2000;
    const store = storeOver(new Map(), { 'post:a': [markedAt] });
    const told: (number | undefined)[] = [];
    const options = { tags: (id: number) => ['post:a', `post-id:${id}`], freshMs: 60_000, knownTags: ['post:a'] };
    await readThrough(store, 'article:a', options, async (notBefore) => {
      told.push(notBefore);
      return { value: 12 };
    });
    expect(told).toEqual([markedAt]);
  });
});
