import { describe, expect, it } from 'vitest';
import { partnerWindow, visibleCount } from './partners-window';

describe('partners rotation window', () => {
  it('shows 8 logos, 3 up to 750 px', () => {
    expect(visibleCount(1280)).toBe(8);
    expect(visibleCount(751)).toBe(8);
    expect(visibleCount(750)).toBe(3);
    expect(visibleCount(375)).toBe(3);
  });
  it('advances and wraps to the start', () => {
    expect(partnerWindow(12, 0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(partnerWindow(12, 5, 8)).toEqual([5, 6, 7, 8, 9, 10, 11, 0]);
    expect(partnerWindow(12, 12, 3)).toEqual([0, 1, 2]);
    expect(partnerWindow(12, 11, 3)).toEqual([11, 0, 1]);
  });
  it('never repeats a logo when there are fewer partners than places', () => {
    expect(partnerWindow(2, 1, 8)).toEqual([1, 0]);
    expect(partnerWindow(0, 3, 8)).toEqual([]);
  });
});
