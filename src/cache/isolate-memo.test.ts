import { afterEach, describe, expect, it, vi } from 'vitest';
import { IsolateMemo } from './isolate-memo';

afterEach(() => vi.useRealTimers());

describe('IsolateMemo', () => {
  it('shares one load among callers within the window, and loads again after it', async () => {
    vi.useFakeTimers();
    const memo = new IsolateMemo<number>(1000);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await Promise.all([memo.get('k', load), memo.get('k', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await memo.get('k', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await memo.get('k', load)).toBe(2);
  });

  it('forgets failures, and takes values set or deleted by their writer', async () => {
    const memo = new IsolateMemo<string>();
    await expect(memo.get('k', () => Promise.reject(new Error('kv')))).rejects.toThrow('kv');
    expect(await memo.get('k', () => Promise.resolve('ok'))).toBe('ok');
    memo.set('k', 'written');
    expect(await memo.get('k', () => Promise.resolve('read'))).toBe('written');
    memo.delete('k');
    expect(await memo.get('k', () => Promise.resolve('read'))).toBe('read');
  });
});

describe('IsolateMemo without sharing running loads', () => {
  it('gives a caller that arrives while a load runs a load of its own, then shares the settled value', async () => {
    const memo = new IsolateMemo<number>(1000, { shareRunning: false });
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = () => gate.then(() => ++loads);
    // A hung first load (its request cancelled) must not hold the second caller.
    const first = memo.get('k', load);
    const second = memo.get('k', () => Promise.resolve(++loads));
    expect(await second).toBe(1);
    release();
    expect(await first).toBe(2);
    // Settled: shared within the window, whichever load settled last.
    expect(await memo.get('k', () => Promise.resolve(-1))).toBeGreaterThan(0);
    expect(loads).toBe(2);
  });
});

describe('IsolateMemo as single-flight', () => {
  it('shares a running load even with no window, and forgets it once settled', async () => {
    const memo = new IsolateMemo<number>(0);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = () => gate.then(() => ++loads);
    const first = memo.get('k', load);
    const second = memo.get('k', load);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(await memo.get('k', load)).toBe(2);
  });

  it('can remember failures for its window (a refresh token is never replayed)', async () => {
    const memo = new IsolateMemo<number>(10_000, { rememberFailures: true });
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('invalid_grant'));
    };
    await expect(memo.get('rt', failing)).rejects.toThrow('invalid_grant');
    await expect(memo.get('rt', failing)).rejects.toThrow('invalid_grant');
    expect(calls).toBe(1);
  });
});
