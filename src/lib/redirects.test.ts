import { describe, expect, it } from 'vitest';
import { isAllowedRedirect } from './redirects';

describe('redirection allow-list', () => {
  it('accepts the federation’s hosts and site paths', () => {
    expect(isAllowedRedirect('https://www.ffr.fr/actualites/x', 'presse.ffr.fr')).toBe(true);
    expect(isAllowedRedirect('https://ffr.fr/', 'presse.ffr.fr')).toBe(true);
    expect(isAllowedRedirect('https://billetterie.ffr.fr/', 'localhost')).toBe(true);
    expect(isAllowedRedirect('/categories/xv-de-france', 'localhost')).toBe(true);
    expect(isAllowedRedirect('http://localhost:8787/x', 'localhost')).toBe(true);
  });
  it('refuses everything else', () => {
    for (const bad of [
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example/x',
      '/\\/evil.example',
      'https://evil.example/ffr.fr',
      'https://ffr.fr.evil.example/',
      'https://notffr.fr/',
      '//evil.example/',
      'javascript:alert(1)',
      'https://user:pw@www.ffr.fr/',
      'pas une url',
      'data:text/html,x',
    ]) {
      expect(isAllowedRedirect(bad, 'presse.ffr.fr'), bad).toBe(false);
    }
  });
});
