import { describe, expect, it } from 'vitest';
import { PLAYER_ATTRIBUTES, PlayerHitSchema, PlayersResultSchema } from './search-hit';

// A record as the federation's indexer writes it to the players index (dev/search-index.ts).
const ramos = {
  objectID: 'joueur-3034',
  type: 'joueur',
  nom: 'Ramos',
  prenom: 'Thomas',
  name: 'Thomas Ramos',
  poste: 'arriere',
  poste_libelle: 'Arrière',
  equipe: 'XV de France',
  equipe_url: '/equipes-de-france/xv-de-france-equipe',
  club: 'Stade Toulousain',
  selections: 42,
  image_thumbnail: 'https://www.ffr.fr/wp-content/uploads/joueurs/thomas-ramos.jpg',
  url_relative: '/equipes-de-france/xv-de-france-equipe#joueur-thomas-ramos',
  _highlightResult: { name: { value: 'Thomas \u2063[[Ramos]]\u2063', matchLevel: 'full', matchedWords: ['ramos'] } },
};

describe('PlayerHitSchema', () => {
  it('reads a player record with its highlighted name', () => {
    const hit = PlayerHitSchema.parse(ramos);
    expect(hit).toMatchObject({
      objectID: 'joueur-3034',
      name: 'Thomas Ramos',
      poste_libelle: 'Arrière',
      equipe: 'XV de France',
      equipe_url: '/equipes-de-france/xv-de-france-equipe',
      url_relative: '/equipes-de-france/xv-de-france-equipe#joueur-thomas-ramos',
      selections: 42,
      image_thumbnail: 'https://www.ffr.fr/wp-content/uploads/joueurs/thomas-ramos.jpg',
    });
    expect(hit._highlightResult.name.value).toBe('Thomas \u2063[[Ramos]]\u2063');
  });

  it('gives a field of the wrong type its default (SPEC §5), the rest of the player kept', () => {
    const hit = PlayerHitSchema.parse({ ...ramos, poste_libelle: 7, equipe: null, selections: '42', image_thumbnail: false, _highlightResult: 'x' });
    expect(hit.poste_libelle).toBe('');
    expect(hit.equipe).toBe('');
    expect(hit.selections).toBe(0);
    expect(hit.image_thumbnail).toBe('');
    expect(hit._highlightResult.name.value).toBe('');
    expect(hit.name).toBe('Thomas Ramos');
  });

  it('names the player from first and last name when the record has no full name', () => {
    expect(PlayerHitSchema.parse({ ...ramos, name: 12 }).name).toBe('Thomas Ramos');
    expect(PlayerHitSchema.parse({ ...ramos, name: '  ', prenom: '' }).name).toBe('Ramos');
  });

  it('leaves out a record that has no id, no name or no page to link to', () => {
    expect(PlayerHitSchema.safeParse({ ...ramos, objectID: '' }).success).toBe(false);
    expect(PlayerHitSchema.safeParse({ ...ramos, name: '', prenom: '', nom: null }).success).toBe(false);
    expect(PlayerHitSchema.safeParse({ ...ramos, url_relative: 3, equipe_url: '' }).success).toBe(false);
    // Either address is enough: the team page without the anchor still leads to the player.
    expect(PlayerHitSchema.safeParse({ ...ramos, url_relative: '' }).success).toBe(true);
  });

  it('keeps the readable players of a result and drops the others one by one', () => {
    const result = PlayersResultSchema.parse({ hits: [ramos, { objectID: 'joueur-1' }, 'x', { ...ramos, objectID: 'joueur-2', name: 'Maxime Lucu' }], nbHits: 3 });
    expect(result.hits.map((h) => h.name)).toEqual(['Thomas Ramos', 'Maxime Lucu']);
    expect(PlayersResultSchema.parse({ hits: 'none' }).hits).toEqual([]);
    expect(PlayersResultSchema.safeParse(null).success).toBe(false);
  });

  it('asks Algolia for exactly the attributes it reads', () => {
    expect([...PLAYER_ATTRIBUTES].sort()).toEqual(
      ['objectID', 'name', 'prenom', 'nom', 'poste_libelle', 'equipe', 'equipe_url', 'url_relative', 'club', 'selections', 'image_thumbnail'].sort(),
    );
  });
});
