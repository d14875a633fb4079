import { describe, expect, it } from 'vitest';
import { shorten } from './shorten';

describe('shorten', () => {
  it('keeps a short text as it is', () => {
    expect(shorten('Antoine Dupont')).toBe('Antoine Dupont');
  });
  it('cuts a long one at a word, with an ellipsis', () => {
    const long = 'mêlée '.repeat(100);
    const out = shorten(long, 80);
    expect(Array.from(out).length).toBeLessThanOrEqual(81);
    expect(out.endsWith('mêlée…')).toBe(true);
  });
  it('cuts a text without spaces at the limit, never inside an emoji', () => {
    expect(shorten('🏉'.repeat(100), 10)).toBe(`${'🏉'.repeat(10)}…`);
  });
});
