// Hand-written newsroom records for the tests of this folder (independent of dev/content).

import type { SearchRecord } from '../content/types';

let next = 1;

/** A post record; `date_timestamp` grows with each call unless given, so later = newer. */
export function post(fields: Partial<SearchRecord> & { title: string }): SearchRecord {
  const id = next++;
  const timestamp = fields.date_timestamp ?? 1_760_000_000 + id * 3600;
  return {
    objectID: `post-${id}`,
    type: 'post',
    url_relative: `/categories/actualites/article-${id}`,
    post_tag: [],
    categories: [],
    image_thumbnail: '',
    date: new Date(timestamp * 1000).toISOString().slice(0, 19),
    date_timestamp: timestamp,
    content: '',
    distinct_key: `post-${id}`,
    ...fields,
  };
}

export function category(name: string, fields: Partial<SearchRecord> = {}): SearchRecord {
  const id = next++;
  return {
    objectID: `category-${id}`,
    type: 'category',
    title: name,
    url_relative: `/categories/${id}`,
    post_tag: [],
    categories: [name],
    image_thumbnail: '',
    date: '',
    date_timestamp: 0,
    content: '',
    distinct_key: `category-${id}`,
    ...fields,
  };
}

/** A small newsroom: matches, squads, a category. */
export function newsroomFixture(): SearchRecord[] {
  return [
    post({
      title: "Le XV de France affronte l'Équipe d'Afrique du Sud",
      post_tag: ['Six Nations', 'Antoine Dupont'],
      categories: ['XV de France', 'Équipes de France'],
      content: 'Le sélectionneur Fabien Galthié a retenu 42 joueurs pour la tournée de novembre.',
      date_timestamp: 1_763_000_000,
    }),
    post({
      title: 'Sélection des Bleues pour le Tournoi',
      post_tag: ['Rugby féminin', 'Six Nations'],
      categories: ['France féminine'],
      content: "L'équipe de France féminine prépare le Tournoi des Six Nations.",
      date_timestamp: 1_763_100_000,
    }),
    post({
      title: 'Antoine Dupont élu meilleur joueur',
      post_tag: ['Antoine Dupont'],
      categories: ['XV de France'],
      content: 'Le demi de mêlée toulousain est récompensé pour sa saison.',
      date_timestamp: 1_762_000_000,
    }),
    post({
      title: 'Arbitrage : les nouvelles règles du jeu au sol',
      post_tag: ['Arbitrage'],
      categories: ['Fédération'],
      content: 'La commission œuvre à clarifier les règles.',
      date_timestamp: 1_761_000_000,
    }),
    category('Équipes de France', { content: 'Toutes les sélections nationales.' }),
  ];
}
