import { describe, expect, it } from 'vitest';
import { pageHref } from './links';

describe('a page’s address', () => {
  it('keeps the path of its link, absolute or not, without the permalink’s trailing slash', () => {
    expect(pageHref({ slug: 'xv-de-france-equipe', link: '/equipes-de-france/xv-de-france-equipe' })).toBe(
      '/equipes-de-france/xv-de-france-equipe',
    );
    expect(pageHref({ slug: 'xv-de-france-equipe', link: 'https://www.ffr.fr/equipes-de-france/xv-de-france-equipe/' })).toBe(
      '/equipes-de-france/xv-de-france-equipe',
    );
  });
  it('falls back to /{slug} without a link, and never lets another scheme through', () => {
    expect(pageHref({ slug: 'mentions-legales', link: '' })).toBe('/mentions-legales');
    expect(pageHref({ slug: 'x', link: 'javascript:alert(1)' })).toBe('/');
  });
});
