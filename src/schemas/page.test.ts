import { describe, expect, it } from 'vitest';
import { isDisplayable, PageSchema } from './page';

// SPEC §3 Page, field by field, under the mapping rule of SPEC §5: a value of the default's type
// is kept, anything else becomes the default, and a list keeps the items it can read.

const base = { id: 215, title: 'XV de France', slug: 'xv-de-france-equipe' };
const parse = (fields: Record<string, unknown>) => PageSchema.parse({ ...base, ...fields });

const player = {
  id: 3002,
  prenom: 'Cyril',
  nom: 'Baille',
  slug: 'cyril-baille',
  poste: 'pilier-gauche',
  poste_libelle: 'Pilier gauche',
  poste_ordre: 1,
  ligne: 'avants',
  club: 'Stade Toulousain',
  selections: 52,
  photo: 'https://www.ffr.fr/baille.jpg',
  capitaine: false,
};

describe('Page fields (SPEC §3) under the mapping rule', () => {
  it('keeps the text fields of the right type and defaults the others', () => {
    const good = parse({
      link: '/equipes-de-france/xv-de-france-equipe',
      template: 'equipe',
      genre: 'masculin',
      classe_age: 'senior',
      rencontre_background: 'https://www.ffr.fr/sdf.jpg',
      sidebar_content: '<p>Contact</p>',
    });
    expect(good).toMatchObject({
      link: '/equipes-de-france/xv-de-france-equipe',
      template: 'equipe',
      genre: 'masculin',
      classe_age: 'senior',
      rencontre_background: 'https://www.ffr.fr/sdf.jpg',
      sidebar_content: '<p>Contact</p>',
    });
    const bad = parse({
      link: 7,
      template: ['equipe'],
      genre: null,
      classe_age: 20,
      rencontre_background: { src: 'x' },
      sidebar_content: false,
    });
    expect(bad).toMatchObject({ link: '', template: '', genre: '', classe_age: '', rencontre_background: '', sidebar_content: '' });
  });

  it('reads effectif player by player', () => {
    const page = parse({
      effectif: [
        player,
        { ...player, id: 3003, slug: 'sans-nombres', selections: '12', poste_ordre: null, capitaine: 'oui', photo: 0 },
        { id: 3004, prenom: 'Sans slug' },
        'bruit',
      ],
    });
    expect(page.effectif.map((p) => p.slug)).toEqual(['cyril-baille', 'sans-nombres']);
    expect(page.effectif[0]).toEqual(player);
    expect(page.effectif[1]).toMatchObject({ selections: 0, poste_ordre: 0, capitaine: false, photo: '', club: 'Stade Toulousain' });
    expect(parse({ effectif: { 0: player } }).effectif).toEqual([]);
  });

  it('reads compte_joueurs, dropping counts that are not numbers', () => {
    const page = parse({
      compte_joueurs: [
        { cle: 'total', libelle: 'Joueurs', nombre: 35 },
        { cle: 'avants', libelle: 'Avants', nombre: '19' },
        { cle: 3, libelle: 'Arrières', nombre: 16 },
      ],
    });
    expect(page.compte_joueurs).toEqual([
      { cle: 'total', libelle: 'Joueurs', nombre: 35 },
      { cle: '', libelle: 'Arrières', nombre: 16 },
    ]);
    expect(parse({ compte_joueurs: 'Joueurs : 35' }).compte_joueurs).toEqual([]);
  });

  it('reads staff and competitions', () => {
    const page = parse({
      staff: [
        { id: 3401, prenom: 'Fabien', nom: 'Galthié', slug: 'fabien-galthie', role: 'Sélectionneur', photo: '' },
        { prenom: 'Sans id' },
        { id: 3402, nom: 'Servat', role: 5 },
      ],
      competitions: [
        { nom: 'Tournoi des Six Nations 2027', saison: '2026-2027', lien: '/categories/xv-de-france/tournoi-des-six-nations' },
        { nom: '', lien: '/x' },
        { nom: 'Tests d’automne 2026', lien: 12 },
      ],
    });
    expect(page.staff).toEqual([
      { id: 3401, prenom: 'Fabien', nom: 'Galthié', slug: 'fabien-galthie', role: 'Sélectionneur', photo: '' },
      { id: 3402, prenom: '', nom: 'Servat', slug: '', role: '', photo: '' },
    ]);
    expect(page.competitions).toEqual([
      { nom: 'Tournoi des Six Nations 2027', saison: '2026-2027', lien: '/categories/xv-de-france/tournoi-des-six-nations' },
      { nom: 'Tests d’automne 2026', saison: '', lien: '' },
    ]);
    expect(parse({ staff: null, competitions: 'Six Nations' })).toMatchObject({ staff: [], competitions: [] });
  });

  it('reads albums_saisons and albums_filtres', () => {
    const album = {
      id: 7001,
      titre: 'En images : France – Nouvelle-Zélande',
      date: '2026-11-22T23:10:00',
      couverture: 'https://www.ffr.fr/a.jpg',
      photos: 69,
      lien: 'https://www.flickr.com/photos/ffrugby/albums/1',
      competition: 'tests-d-automne',
    };
    const page = parse({
      albums_saisons: [
        { saison: '2026-2027', albums: [album, { ...album, id: 'x' }, { ...album, id: 7002, photos: '69', lien: null }] },
        { saison: 2026, albums: [album] },
        { saison: '2025-2026', albums: 'aucun' },
      ],
      albums_filtres: [
        {
          cle: 'saison',
          libelle: 'Saison',
          options: [
            { valeur: '2026-2027', libelle: 'Saison 2026-2027' },
            { valeur: '', libelle: 'Vide' },
            { valeur: '2025-2026', libelle: 4 },
          ],
        },
        { cle: 'competition', libelle: 'Compétition', options: 'toutes' },
      ],
    });
    expect(page.albums_saisons).toEqual([
      { saison: '2026-2027', albums: [album, { ...album, id: 7002, photos: 0, lien: '' }] },
      { saison: '2025-2026', albums: [] },
    ]);
    expect(page.albums_filtres).toEqual([
      {
        cle: 'saison',
        libelle: 'Saison',
        options: [
          { valeur: '2026-2027', libelle: 'Saison 2026-2027' },
          { valeur: '2025-2026', libelle: '' },
        ],
      },
      { cle: 'competition', libelle: 'Compétition', options: [] },
    ]);
    expect(parse({ albums_saisons: {}, albums_filtres: 1 })).toMatchObject({ albums_saisons: [], albums_filtres: [] });
  });

  it('reads liste_enfants, liste_freres, news and future_events', () => {
    const page = parse({
      liste_enfants: [
        { title: 'France 7', slug: 'france-7-equipe', link: '/equipes-de-france/france-7-equipe' },
        { title: 'Sans slug' },
        { title: 'France U20', slug: 'france-u20-equipe', link: null },
      ],
      liste_freres: 'XV de France',
      news: [{ id: 1, title: 'Composition' }, { title: 'Sans id' }],
      future_events: [
        { id: 9021, startDate: '2026-11-25T11:00:00', title: 'Conférence de presse', slug: 'conference' },
        { id: 9022, title: 'Sans date', slug: 'x' },
      ],
    });
    expect(page.liste_enfants).toEqual([
      { title: 'France 7', slug: 'france-7-equipe', link: '/equipes-de-france/france-7-equipe' },
      { title: 'France U20', slug: 'france-u20-equipe', link: '' },
    ]);
    expect(page.liste_freres).toEqual([]);
    expect(page.news.map((n) => n.id)).toEqual([1]);
    expect(page.future_events.map((e) => e.id)).toEqual([9021]);
  });

  it('keeps niveau and parent only as numbers, and judges displayability with them', () => {
    expect(parse({ niveau: 2, parent: 214 })).toMatchObject({ niveau: 2, parent: 214 });
    const bad = parse({ niveau: '2', parent: '214' });
    expect(bad).toMatchObject({ niveau: 0, parent: 0 });
    expect(isDisplayable(bad)).toBe(false);
    expect(isDisplayable(parse({ niveau: 3, template: 'equipe-7' }))).toBe(true);
  });
});
