import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from './callback-url';

const origin = 'https://presse.ffr.fr';

describe('callbackUrl', () => {
  it('keeps paths of this site', () => {
    expect(safeCallbackPath('/espace-presse', origin)).toBe('/espace-presse');
    expect(safeCallbackPath('/recherche?query=a#b', origin)).toBe('/recherche?query=a#b');
    expect(safeCallbackPath('https://presse.ffr.fr/contact', origin)).toBe('/contact');
  });
  it('refuses every other destination', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'http://presse.ffr.fr.evil.example/',
      'https://presse.ffr.fr@evil.example/',
    ]) {
      expect(safeCallbackPath(bad, origin), bad).toBe('/');
    }
    expect(safeCallbackPath('', origin)).toBe('/');
    expect(safeCallbackPath(null, origin)).toBe('/');
    expect(safeCallbackPath('%ZZ', origin)).toBe('/'); // Auth.js would fail to decode it (found by npm run fuzz)
  });
});
