import { describe, expect, it } from 'vitest';
import type { Config } from '../../config/env.server';
import type { Content } from '../../data/content.server';
import { deepFreeze, isDeeplyFrozen } from '../../lib/immutable';
import { MenusSchema } from '../../schemas/menu';
import { DEFAULT_SETTINGS } from '../../schemas/settings';
import { loadShell } from './shell.server';

const config = {
  PUBLIC_ORIGIN: 'https://presse.ffr.fr',
  GTM_CONTAINER_ID: null,
  IMAGE_RESIZING: 'off',
  ALGOLIA_APP_ID: 'FFRLOCAL',
  ALGOLIA_SEARCH_KEY: 'k',
  ENVIRONMENT: 'development',
} as unknown as Config;

const menus = () =>
  MenusSchema.parse({
    'top-nav': [{ id: 1, label: 'Billetterie', type: 'external', url: 'https://billetterie.ffr.fr/' }],
    categories: [{ id: 2, label: 'XV de France', type: 'taxonomy', object_slug: 'xv-de-france' }],
    footer: [],
  });
const partners = () => [
  { title: 'Société Générale', illustration: { src: '/sg.png', alt: 'Société Générale' }, target: '_blank', link: '' },
];
/** The content layer as a cold render sees it: `copies`, the values its store hands over (frozen when read from KV). */
const contentOf = (copies: { settings: unknown; menus: unknown; partners: unknown }) =>
  ({ settings: async () => copies.settings, menus: async () => copies.menus, partners: async () => copies.partners }) as unknown as Content;

describe('loadShell', () => {
  it('derives the shell once per isolate and copies, frozen with them', async () => {
    const copies = {
      settings: deepFreeze(structuredClone(DEFAULT_SETTINGS)),
      menus: deepFreeze(menus()),
      partners: deepFreeze(partners()),
    };
    const first = await loadShell(contentOf(copies), config);
    const again = await loadShell(contentOf(copies), config);
    expect(again.categories).toBe(first.categories);
    expect(again.search).toBe(first.search);
    expect(isDeeplyFrozen(first.categories) && isDeeplyFrozen(first.account)).toBe(true);
    expect(first.categories.map((l) => l.label)).toEqual(['XV de France']);
    // Each request its own load states (a degraded shell is never cached).
    expect(again.areas).not.toBe(first.areas);
    // A new copy (a publish): derived again.
    const published = await loadShell(contentOf({ ...copies, menus: deepFreeze(menus()) }), config);
    expect(published.categories).not.toBe(first.categories);
    expect(published.categories).toEqual(first.categories);
  });

  it('leaves values just fetched as they are, and derives them each time', async () => {
    const fetched = { settings: structuredClone(DEFAULT_SETTINGS), menus: menus(), partners: partners() };
    const first = await loadShell(contentOf(fetched), config);
    const again = await loadShell(contentOf(fetched), config);
    expect(Object.isFrozen(fetched.menus) || Object.isFrozen(first.categories)).toBe(false);
    expect(again.categories).not.toBe(first.categories);
  });
});
