import { describe, expect, it } from 'vitest';
import { createEntryStore, readThrough } from './entry-store.server';
import type { EntryMeta, TagVersions } from './policy';

// readThrough's refreshes are shared while they run (one fetch per key and isolate), but not
// across a purge: a request that finds its copy purged must not take the text of a fetch that
// started before the purge was stored (WordPress slower than the bound: issue 51).
describe('readThrough across a purge', () => {
  it('does not join a fetch that started before the purge concerning the copy', async () => {
    const kv = new Map<string, { value: string; metadata: EntryMeta }>();
    const versions: TagVersions = {};
    const store = createEntryStore({
      kv: {
        getWithMetadata: async (key: string) => kv.get(key) ?? { value: null, metadata: null, cacheStatus: null },
        put: async (key: string, value: string, { metadata }: { metadata: EntryMeta }) => void kv.set(key, { value, metadata }),
      } as unknown as KVNamespace,
      marks: async () => ({ versions, current: true, ageMs: 0 }),
      boundMs: 0,
      claim: async () => async () => undefined,
      waitUntil: () => undefined,
    });
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
      return slowFetch;
    });
    expect(first).toMatchObject({ value: 'R0', state: 'stale' });

    // The press office publishes R1; its purge is stored while that fetch still runs.
    await new Promise((resolve) => setTimeout(resolve, 5));
    versions['post:a'] = [Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = readThrough(store, 'post:a', options, async () => {
      fetches++;
      return 'R1';
    });
    answerSlowFetch('R0');
    expect(await second).toMatchObject({ value: 'R1', state: 'purged' });
    expect(fetches).toBe(2);
  });
});
