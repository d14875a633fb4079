import { describe, expect, it } from 'vitest';
import { PLAYER_ATTRIBUTES, PlayerHitSchema, PlayersResultSchema, SearchHitSchema } from './search-hit';

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
    const hit = PlayerHitSchema.parse({
      ...ramos,
      poste_libelle: 7,
      equipe: null,
      selections: '42',
      image_thumbnail: false,
      _highlightResult: 'x',
    });
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
    const result = PlayersResultSchema.parse({
      hits: [ramos, { objectID: 'joueur-1' }, 'x', { ...ramos, objectID: 'joueur-2', name: 'Maxime Lucu' }],
      nbHits: 3,
    });
    expect(result.hits.map((h) => h.name)).toEqual(['Thomas Ramos', 'Maxime Lucu']);
    expect(PlayersResultSchema.parse({ hits: 'none' }).hits).toEqual([]);
    expect(PlayersResultSchema.safeParse(null).success).toBe(false);
  });

  it('asks Algolia for exactly the attributes it reads', () => {
    expect([...PLAYER_ATTRIBUTES].sort()).toEqual(
      [
        'objectID',
        'name',
        'prenom',
        'nom',
        'poste_libelle',
        'equipe',
        'equipe_url',
        'url_relative',
        'club',
        'selections',
        'image_thumbnail',
      ].sort(),
    );
  });
});

describe('typo counts and highlighted lists (« Vouliez-vous dire »)', () => {
  const post = {
    objectID: 'post-12',
    type: 'post',
    title: 'L’équipe de France',
    url_relative: '/categories/xv-de-france/l-equipe',
    post_tag: ['Six Nations'],
    _highlightResult: {
      title: { value: 'L’\u2063[[équipe]]\u2063 de France', matchLevel: 'full', matchedWords: ['equpe'] },
      post_tag: [{ value: 'Six Nations', matchLevel: 'none', matchedWords: [] }],
      categories: [{ value: '\u2063[[Équipe]]\u2063s de France', matchLevel: 'full', matchedWords: ['equpe'] }],
    },
    _rankingInfo: {
      nbTypos: 1,
      firstMatchedWord: 1,
      proximityDistance: 0,
      userScore: 3,
      geoDistance: 0,
      geoPrecision: 1,
      nbExactWords: 0,
      words: 1,
      filters: 0,
    },
  };

  it('reads nbTypos of getRankingInfo and the highlighted tags and categories', () => {
    const hit = SearchHitSchema.parse(post);
    expect(hit._rankingInfo?.nbTypos).toBe(1);
    expect(hit._highlightResult.categories?.map((h) => h.value)).toEqual(['\u2063[[Équipe]]\u2063s de France']);
    expect(PlayerHitSchema.parse({ ...ramos, _rankingInfo: { nbTypos: 0 } })._rankingInfo?.nbTypos).toBe(0);
  });

  it('leaves the count unknown (null), never 0, when it is missing or unreadable', () => {
    for (const info of [undefined, null, 'x', { nbTypos: -1 }, { nbTypos: 1.5 }, { nbTypos: '1' }]) {
      expect(SearchHitSchema.parse({ ...post, _rankingInfo: info })._rankingInfo, JSON.stringify(info)).toBeNull();
      expect(PlayerHitSchema.parse({ ...ramos, _rankingInfo: info })._rankingInfo, JSON.stringify(info)).toBeNull();
    }
    const { _rankingInfo: _, ...without } = post;
    expect(SearchHitSchema.parse(without)._rankingInfo).toBeNull();
    expect(
      SearchHitSchema.parse({ ...post, _highlightResult: { title: post._highlightResult.title, post_tag: 'x' } })._highlightResult.post_tag,
    ).toEqual([]);
  });
});
