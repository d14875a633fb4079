import { describe, expect, it } from 'vitest';
import { classify, KEEP_SECONDS, pruneVersions } from './policy';

const meta = (startedAt: number, tags = ['home']) => ({ startedAt, tags });

describe('cache policy', () => {
  it('is a miss without an entry', () => {
    expect(classify(null, 1000, 60_000, {})).toBe('miss');
  });
  it('is fresh inside the window and stale after it', () => {
    expect(classify(meta(1_000), 1_000 + 59_999, 60_000, {})).toBe('fresh');
    expect(classify(meta(1_000), 1_000 + 60_000, 60_000, {})).toBe('stale');
  });
  it('is purged when one of its tags was marked at or after the fetch started', () => {
    expect(classify(meta(5_000, ['site', 'home']), 6_000, 60_000, { home: 5_000 })).toBe('purged');
    expect(classify(meta(5_000, ['site', 'home']), 6_000, 60_000, { home: 5_500 })).toBe('purged');
    expect(classify(meta(5_000, ['site', 'home']), 6_000, 60_000, { home: 4_999, other: 9_000 })).toBe('fresh');
  });
  it('ages a page from its oldest data, and purges it from its render', () => {
    const page = { startedAt: 50_000, dataAt: 20_000, tags: ['post:a'] };
    expect(classify(page, 79_999, 60_000, {})).toBe('fresh');
    expect(classify(page, 80_000, 60_000, {})).toBe('stale');
    // A mark between the data's fetch and the render does not purge it: the render refetched that data.
    expect(classify(page, 60_000, 60_000, { 'post:a': 30_000 })).toBe('fresh');
    expect(classify(page, 60_000, 60_000, { 'post:a': 50_000 })).toBe('purged');
  });
  it('forgets marks older than any copy can be', () => {
    const now = KEEP_SECONDS * 1000 * 3;
    expect(pruneVersions({ old: now - KEEP_SECONDS * 1000 - 1, recent: now - 1000 }, now)).toEqual({ recent: now - 1000 });
  });
});
