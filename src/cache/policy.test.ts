import { describe, expect, it } from 'vitest';
import { addMark, admissible, classify, KEEP_SECONDS, pruneVersions, type TagVersions } from './policy';

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
    expect(classify(meta(5_000, ['site', 'home']), 6_000, 60_000, { home: [5_000] })).toBe('purged');
    expect(classify(meta(5_000, ['site', 'home']), 6_000, 60_000, { home: [5_500] })).toBe('purged');
    expect(classify(meta(5_000, ['site', 'home']), 6_000, 60_000, { home: [4_999], other: [9_000] })).toBe('fresh');
  });
  it('ages and purges a page from its oldest data, however late it was rendered', () => {
    const page = { startedAt: 50_000, dataAt: 20_000, tags: ['post:a'] };
    expect(classify(page, 79_999, 60_000, {})).toBe('fresh');
    expect(classify(page, 80_000, 60_000, {})).toBe('stale');
    // Rendered after the purge from data fetched before it: the old text (issue 31's resurrection).
    expect(classify(page, 60_000, 60_000, { 'post:a': [30_000] })).toBe('purged');
    expect(classify(page, 60_000, 60_000, { 'post:a': [19_999] })).toBe('fresh');
  });
  it('applies a purge the bound after it was stored, the same instant everywhere, not before', () => {
    expect(classify(meta(5_000), 6_999, 60_000, { home: [6_000] }, 1_000)).toBe('fresh');
    expect(classify(meta(5_000), 7_000, 60_000, { home: [6_000] }, 1_000)).toBe('purged');
    // Data fetched after the purge arrived is the new text: never purged by it.
    expect(classify(meta(6_001), 9_000, 60_000, { home: [6_000] }, 1_000)).toBe('fresh');
  });
  it('keeps a purge in effect while the next one waits for its instant', () => {
    const marks: TagVersions = {};
    // Stored at 10 s and 20 s, each in effect a second later.
    addMark(marks, 'home', 10_000, 9_000);
    addMark(marks, 'home', 20_000, 19_000);
    expect(marks.home).toEqual([10_000, 20_000]);
    // A copy from before the first purge stays purged while the second waits, and after.
    expect(classify(meta(5_000), 20_500, 60_000, marks, 1_000)).toBe('purged');
    expect(classify(meta(15_000), 20_500, 60_000, marks, 1_000)).toBe('fresh');
    expect(classify(meta(15_000), 21_000, 60_000, marks, 1_000)).toBe('purged');
    addMark(marks, 'home', 30_000, 29_000);
    expect(marks.home).toEqual([20_000, 30_000]);
  });
  it('judges each tag of a page by the data behind it: a purge of its post, not its old menus', () => {
    // Rendered at 9 s from the menus fetched at 1 s (site) and the post fetched at 8 s.
    const page = { startedAt: 9_000, dataAt: 1_000, tags: ['site', 'post:a'], tagsAt: [1_000, 8_000] };
    expect(classify(page, 10_000, 60_000, { 'post:a': [5_000] })).toBe('fresh');
    expect(admissible(page, { 'post:a': [5_000] })).toBe(true);
    expect(classify(page, 10_000, 60_000, { 'post:a': [8_000] })).toBe('purged');
    expect(classify(page, 10_000, 60_000, { site: [5_000] })).toBe('purged');
    expect(admissible(page, { site: [5_000] })).toBe(false);
    // Still as old as its oldest data for freshness.
    expect(classify(page, 61_000, 60_000, {})).toBe('stale');
  });
  it('stores only copies built after every mark of their tags, even one not yet in effect', () => {
    const page = { startedAt: 50_000, dataAt: 20_000, tags: ['post:a', 'home'] };
    expect(admissible(page, {})).toBe(true);
    expect(admissible(page, { 'post:a': [19_999], other: [90_000] })).toBe(true);
    expect(admissible(page, { home: [20_000] })).toBe(false);
    expect(admissible(page, { 'post:a': [90_000] })).toBe(false);
  });
  it('forgets marks older than any copy can be', () => {
    const now = KEEP_SECONDS * 1000 * 3;
    expect(pruneVersions({ old: [now - KEEP_SECONDS * 1000 - 1], recent: [now - 1000] }, now)).toEqual({ recent: [now - 1000] });
  });
});
