import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntryMeta } from './policy';

// The isolate's view of the purge object (tags.server.ts): what a failed lease call does to its reads.
// Each test imports the module afresh: its state is the isolate's.

type Tags = typeof import('./tags.server');
const meta: EntryMeta = { startedAt: Date.now(), tags: ['home'] };

function object() {
  const calls = { read: 0, lease: 0 };
  const state = { down: false };
  const stub = {
    read: async () => {
      calls.read++;
      if (state.down) throw new Error('Network connection lost.');
      return {};
    },
    lease: async (claims: unknown[]) => {
      calls.lease++;
      if (state.down) throw new Error('Network connection lost.');
      return claims.map(() => crypto.randomUUID());
    },
  };
  const marks = { idFromName: () => 'marks', get: () => stub } as unknown as DurableObjectNamespace<never>;
  return { marks, calls, state };
}

describe('a lease call that fails (tags.server.ts)', () => {
  let tags: Tags;
  beforeEach(async () => {
    vi.resetModules();
    vi.stubGlobal('scheduler', { wait: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) });
    tags = await import('./tags.server');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stops the writes, and the next read goes out at once once the object is back', async () => {
    const { marks, calls, state } = object();
    const pending: Promise<unknown>[] = [];
    const source = { marks: marks as never, boundMs: 3000, keepWarmMs: 0, waitUntil: (p: Promise<unknown>) => void pending.push(p) };
    expect((await tags.readMarks(source)).current).toBe(true);
    expect(calls.read).toBe(1);

    // A claim gathered while the object answered, sent once it no longer does (its window is drawn).
    state.down = true;
    expect(await tags.leaseWrite(marks as never, 'html:home', meta, 3000, 10)).toBeNull();
    expect(calls.lease).toBe(1);
    // Failing: the last-known marks, and no write asked for.
    expect(await tags.leaseWrite(marks as never, 'html:home', meta, 3000, 10)).toBeNull();
    expect(calls.lease).toBe(1);

    // Back: the next request's refresh reads now, not after a backoff the lease set (a location's
    // isolate would serve its last-known copies seconds longer than the others: `npm run freshness`,
    // ordering with KV at 120 s, 5 resurrections).
    state.down = false;
    const judged = await tags.readMarks(source);
    expect(judged.current).toBe(false);
    await Promise.all(pending);
    expect(calls.read).toBe(2);
    expect((await tags.readMarks(source)).current).toBe(true);
  });

  it('a read that fails still waits before the next one (1 s, doubling)', async () => {
    const { marks, calls, state } = object();
    const pending: Promise<unknown>[] = [];
    const source = { marks: marks as never, boundMs: 3000, keepWarmMs: 0, waitUntil: (p: Promise<unknown>) => void pending.push(p) };
    state.down = true;
    expect((await tags.readMarks(source)).current).toBe(false);
    await Promise.all(pending);
    const after = calls.read;
    state.down = false;
    await tags.readMarks(source);
    await Promise.all(pending);
    expect(calls.read).toBe(after);
  });
});
