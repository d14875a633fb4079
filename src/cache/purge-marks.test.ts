import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../scripts/lib/memory-durable-object.mjs';
import { PurgeMarks } from './purge-marks.server';

// The object's rules, on its own: marks that wait for their instant, and the leases that order
// every cached write (decision 016). Its path through the worker is tested in workerd
// (test/worker/purge-and-limits.test.ts) and on simulated locations (test/edge/freshness.test.ts).

const T = 1_800_000_000_000;
const object = (storage = new MemoryStorage()) => new PurgeMarks({ storage } as unknown as DurableObjectState, {} as never);
const copy = (startedAt: number, tags = ['post:a'], dataAt?: number) => ({ startedAt, dataAt, tags });

afterEach(() => vi.useRealTimers());

describe('PurgeMarks', () => {
  it('stores a purge, in effect the bound later, the one in effect kept meanwhile', async () => {
    vi.useFakeTimers({ now: T });
    const marks = object();
    expect(await marks.mark(['post:a'], 1000)).toEqual({ effectiveAt: T + 1000 });
    vi.setSystemTime(T + 5000);
    await marks.mark(['post:a', 'home'], 1000);
    expect(await marks.read()).toEqual({ 'post:a': [T, T + 5000], home: [T + 5000] });
  });

  it('sends only the tags marked since a given instant, each with all its marks', async () => {
    vi.useFakeTimers({ now: T });
    const marks = object();
    await marks.mark(['post:a', 'home'], 1000);
    vi.setSystemTime(T + 5000);
    await marks.mark(['post:a'], 1000);
    vi.setSystemTime(T + 9000);
    await marks.mark(['post:b'], 1000);
    expect(await marks.read(T + 5000)).toEqual({ 'post:a': [T, T + 5000], 'post:b': [T + 9000] });
    expect(await marks.read(T + 9001)).toEqual({});
    // Not a number: everything, as for a new isolate.
    expect(await marks.read(Number.NEGATIVE_INFINITY)).toEqual(await marks.read());
    expect(Object.keys(await marks.read())).toEqual(['post:a', 'home', 'post:b']);
  });

  it('takes a signature once until its window ends, even after a restart, then forgets it', async () => {
    vi.useFakeTimers({ now: T });
    const storage = new MemoryStorage();
    const once = { id: 'abc', until: T + 360_000 };
    expect(await object(storage).mark(['post:a'], 1000, once)).toEqual({ effectiveAt: T + 1000 });
    vi.setSystemTime(T + 2000);
    // Another instance (the object evicted and started again) reads what was taken from storage.
    expect(await object(storage).mark(['post:b'], 1000, once)).toEqual({ effectiveAt: 0, replayed: true });
    expect(await object(storage).read()).toEqual({ 'post:a': [T] });
    vi.setSystemTime(T + 360_001);
    expect(await object(storage).mark(['post:b'], 1000, once)).toEqual({ effectiveAt: T + 361_001 });
  });

  it('forgets a signature at the very instant its window ends, and keeps only those still in theirs', async () => {
    vi.useFakeTimers({ now: T });
    const storage = new MemoryStorage();
    const marks = object(storage);
    await marks.mark(['post:a'], 0, { id: 'ancienne', until: T + 1000 });
    await marks.mark(['post:a'], 0, { id: 'longue', until: T + 10_000 });
    vi.setSystemTime(T + 1000);
    // Its end reached: taken again, as a new one.
    expect(await marks.mark(['post:b'], 0, { id: 'ancienne', until: T + 2000 })).toEqual({ effectiveAt: T + 1000 });
    vi.setSystemTime(T + 2000);
    await marks.mark(['post:c'], 0, { id: 'nouvelle', until: T + 5000 });
    // What is stored holds only the signatures whose window is still open: the memory does not grow.
    expect(await storage.get('seen')).toEqual({ longue: T + 10_000, nouvelle: T + 5000 });
  });

  it('reads the marks an earlier version stored, one instant per tag', async () => {
    const storage = new MemoryStorage();
    await storage.put('marks', { home: T });
    expect(await object(storage).read()).toEqual({ home: [T] });
  });

  it('refuses a lease to a copy older than a purge of its tags, even one still to come', async () => {
    vi.useFakeTimers({ now: T });
    const marks = object();
    await marks.mark(['post:a'], 1000);
    expect(await marks.claim('k', copy(T - 1))).toBeNull();
    // Rendered after the purge from data fetched before it: refused too.
    expect(await marks.claim('k', copy(T + 2000, ['post:a'], T - 1))).toBeNull();
    // Fetched after it arrived, while it waits for its instant: the new text, stored at once.
    expect(await marks.claim('k', copy(T + 1))).toEqual(expect.any(String));
    expect(await marks.claim('other', copy(T, ['home']))).toEqual(expect.any(String));
  });

  it('gives one writer a key at a time, never to a copy older than the last admitted', async () => {
    vi.useFakeTimers({ now: T });
    const marks = object();
    const lease = await marks.claim('k', copy(T - 100));
    expect(lease).toEqual(expect.any(String));
    expect(await marks.claim('k', copy(T - 50))).toBeNull();
    await marks.release('k', 'not-the-lease');
    expect(await marks.claim('k', copy(T - 50))).toBeNull();
    await marks.release('k', lease!);
    expect(await marks.claim('k', copy(T - 200))).toBeNull();
    const next = await marks.claim('k', copy(T - 50));
    expect(next).toEqual(expect.any(String));
    // A writer that never releases holds the key 10 s at most.
    vi.setSystemTime(T + 10_001);
    expect(await marks.claim('k', copy(T))).toEqual(expect.any(String));
  });
});
