import { describe, expect, it } from 'vitest';
import { MenusSchema } from './menu';
import { PartnerSchema } from './partner';
import { PostCardListSchema } from './post';
import { DEFAULT_SETTINGS, SettingsSchema } from './settings';

describe('the mapping rule (SPEC §5)', () => {
  it('keeps a value of the default’s type and replaces any other by the default', () => {
    const s = SettingsSchema.parse({ title: 42, description: 'La salle de presse', cat_calendrier_equipes: '7', fb_lien: null });
    expect(s.title).toBe('FFR Presse');
    expect(s.description).toBe('La salle de presse');
    expect(s.cat_calendrier_equipes).toBe(0);
    expect(s.fb_lien).toBe('');
  });

  it('falls back to the federation’s pages when cgu / cookies are not a non-empty string', () => {
    expect(SettingsSchema.parse({ cgu: '  ', cookies: 3 }).cgu).toMatch(/^https:\/\/www\.ffr\.fr\//);
    expect(SettingsSchema.parse({ cookies: 3 }).cookies).toMatch(/^https:\/\/www\.ffr\.fr\//);
    expect(SettingsSchema.parse({ cgu: 'https://presse.ffr.fr/cgu' }).cgu).toBe('https://presse.ffr.fr/cgu');
    expect(DEFAULT_SETTINGS.accreditations).toEqual([]);
  });

  it('turns the accreditations list into label/value pairs', () => {
    expect(SettingsSchema.parse({ accreditations: ['Rencontres internationales', 3] }).accreditations).toEqual([
      { label: 'Rencontres internationales', value: 'Rencontres internationales' },
    ]);
  });

  it('drops list items without an identity and keeps the others', () => {
    const cards = PostCardListSchema.parse([
      { id: 1, title: 'Composition du XV de France', tag_list: 'pas une liste', date: '2026-11-20T18:30:00' },
      { title: 'Sans identifiant' },
      'bruit',
      { id: 2, title: 'Les Bleues à Marcoussis', background_image: 12, label: { name: 'Officiel', slug: 'officiel' } },
    ]);
    expect(cards.map((c) => c.id)).toEqual([1, 2]);
    expect(cards[0]!.tag_list).toEqual([]);
    expect(cards[1]!.background_image).toBe('');
    expect(cards[1]!.label).toEqual({ name: 'Officiel', slug: 'officiel' });
  });

  it('reads nested menus, class strings and unknown types', () => {
    const menus = MenusSchema.parse({
      'top-nav': [
        { id: 1, label: 'La FFR', type: 'inconnu', classes: 'bouton rouge', items: [{ id: 2, label: 'Billetterie' }, { id: 'x' }] },
      ],
      categories: 'cassé',
    });
    expect(menus.topBar[0]!.type).toBe('custom');
    expect(menus.topBar[0]!.classes).toEqual(['bouton', 'rouge']);
    expect(menus.topBar[0]!.items.map((i) => i.label)).toEqual(['Billetterie']);
    expect(menus.categories).toEqual([]);
    expect(menus.footer).toEqual([]);
  });

  it('degrades a partner’s broken illustration to an empty one', () => {
    expect(PartnerSchema.parse({ title: 'GMF', illustration: 'logo.svg', link: 'https://www.gmf.fr' }).illustration).toEqual({
      src: '',
      alt: '',
    });
  });
});
