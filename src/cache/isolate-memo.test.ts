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
