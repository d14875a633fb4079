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
  it('forgets marks older than any copy can be', () => {
    const now = KEEP_SECONDS * 1000 * 3;
    expect(pruneVersions({ old: now - KEEP_SECONDS * 1000 - 1, recent: now - 1000 }, now)).toEqual({ recent: now - 1000 });
  });
});
