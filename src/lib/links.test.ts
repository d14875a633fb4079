import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../schemas/menu';
import { menuColumns, toNavLinks, toSitePath } from './links';

const item = (over: Partial<MenuItem>): MenuItem => ({
  id: 1,
  parent: 0,
  order: 0,
  type: 'custom',
  type_name: '',
  type_slug: '',
  object_id: 0,
  object_slug: '',
  slug_complet: '',
  label: 'Élément',
  url: '',
  title: '',
  target: '',
  description: '',
  classes: [],
  items: [],
  ...over,
});

describe('menu mapping', () => {
  it('sorts by order and skips items of class bouton', () => {
    const links = toNavLinks([
      item({ id: 1, order: 3, label: 'Trois' }),
      item({ id: 2, order: 1, label: 'Un' }),
      item({ id: 3, order: 2, label: 'Bouton', classes: ['bouton'] }),
    ]);
    expect(links.map((l) => l.label)).toEqual(['Un', 'Trois']);
  });
  it('maps each item type to a link', () => {
    const [tax, post, ext, custom, click] = toNavLinks([
      item({ id: 1, order: 1, type: 'taxonomy', object_slug: 'xv-de-france', slug_complet: 'categories/xv-de-france' }),
      item({ id: 2, order: 2, type: 'post_type', url: 'https://api.ffr.fr/mentions-legales/' }),
      item({ id: 3, order: 3, type: 'external', url: 'https://www.ffr.fr', target: '_blank' }),
      item({ id: 4, order: 4, type: 'custom', url: '/evenements' }),
      item({ id: 5, order: 5, type: 'clickable' }),
    ]);
    expect(tax).toMatchObject({ href: '/categories/xv-de-france', external: false });
    expect(post).toMatchObject({ href: '/mentions-legales/', external: false });
    expect(ext).toMatchObject({ href: 'https://www.ffr.fr', external: true });
    expect(custom).toMatchObject({ href: '/evenements' });
    expect(click).toMatchObject({ href: '#' });
  });
  it('turns WordPress URLs into site paths, never into another host', () => {
    expect(toSitePath('https://api.ffr.fr/categories/a/b?x=1')).toBe('/categories/a/b?x=1');
    expect(toSitePath('categories/a')).toBe('/categories/a');
    for (const link of [
      'https://presse.ffr.fr//evil.example/x',
      'https://presse.ffr.fr/\\evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
    ]) {
      const path = toSitePath(link);
      expect(new URL(path, 'https://presse.ffr.fr').host, link).toBe('presse.ffr.fr');
    }
  });
  it('keeps external menu links only as http(s) addresses', () => {
    const links = toNavLinks([
      item({ id: 1, order: 1, type: 'external', url: 'javascript:alert(1)' }),
      item({ id: 2, order: 2, type: 'external', url: ' java\tscript:alert(1)' }),
      item({ id: 3, order: 3, type: 'custom', url: 'data:text/html,x', target: '_blank' }),
      item({ id: 4, order: 4, type: 'external', url: 'https://boutique.ffr.fr' }),
    ]);
    expect(links.map((l) => l.href)).toEqual(['#', '#', '#', 'https://boutique.ffr.fr']);
  });
  it('splits sub-menus of more than 7 items into columns of 6 then 7', () => {
    const n = (k: number) => Array.from({ length: k }, (_, i) => i);
    expect(menuColumns(n(7))).toEqual([n(7)]);
    expect(menuColumns(n(8)).map((c) => c.length)).toEqual([6, 2]);
    expect(menuColumns(n(13)).map((c) => c.length)).toEqual([6, 7]);
    expect(menuColumns(n(15)).map((c) => c.length)).toEqual([6, 7, 2]);
  });
});
