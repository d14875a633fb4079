import { describe, expect, it } from 'vitest';
import { afterVisit, favoriteIds, postIds, VISITED_KEPT, withFavorite } from './reading-list';

describe('reading lists', () => {
  it('reads ids from numbers and numeric strings, dropping the rest and repeats', () => {
    expect(postIds([3, '7', 'abc', -1, 0, 3, 1.5, null, ' 9 '])).toEqual([3, 7, 9]);
    expect(postIds('1,2')).toEqual([]);
    expect(favoriteIds({ favorite_newsroom_post_ids: [5, 6] })).toEqual([5, 6]);
    expect(favoriteIds(null)).toEqual([]);
  });

  it('adds a favourite first and removes it wherever it is', () => {
    expect(withFavorite([1, 2], 3, true)).toEqual([3, 1, 2]);
    expect(withFavorite([1, 2, 3], 2, true)).toEqual([2, 1, 3]);
    expect(withFavorite([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(withFavorite([1], 9, false)).toEqual([1]);
  });

  it('moves a visited post to the front, keeps a bounded list, and skips a repeat visit', () => {
    expect(afterVisit([1, 2, 3], 3)).toEqual([3, 1, 2]);
    expect(afterVisit([3, 1], 3)).toBeNull();
    const long = Array.from({ length: VISITED_KEPT }, (_, i) => i + 1);
    const next = afterVisit(long, 999)!;
    expect(next).toHaveLength(VISITED_KEPT);
    expect(next[0]).toBe(999);
    expect(next).not.toContain(VISITED_KEPT);
  });
});
