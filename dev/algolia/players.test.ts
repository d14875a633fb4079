import { describe, expect, it } from 'vitest';
import { generateContent } from '../content/generate';
import type { PlayerRecord } from '../content/types';
import { playerRecords } from './search-index';
import { createSearchEngine, type SearchResponse } from './engine';
import { PLAYERS_SETTINGS } from './settings';
import { TEST_NOW } from '../../test/support/clock';

// The players index (joueurs / joueurs_pp) built from the team pages, searched as the worker will.

const content = generateContent({ baseUrl: 'http://127.0.0.1:8790', articleCount: 20, now: new Date(TEST_NOW) });
const records = playerRecords(content.pages);
const engine = createSearchEngine();
engine.createIndex('joueurs', PLAYERS_SETTINGS, {});
engine.setRecords('joueurs', records);
const search = (query: string, extra: Record<string, unknown> = {}) => engine.search('joueurs', { query, ...extra });
const hits = (r: SearchResponse) => r.hits as unknown as PlayerRecord[];

describe('player records', () => {
  it('hold one record per player of every team page, linking to the team page', () => {
    const teams = content.pages.filter((pg) => pg.effectif.length > 0);
    expect(teams.map((t) => t.title)).toEqual(['XV de France', 'France féminine', 'France 7', 'France U20']);
    expect(records).toHaveLength(teams.reduce((n, t) => n + t.effectif.length, 0));
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    const dupont = records.find((r) => r.name === 'Antoine Dupont');
    expect(dupont).toMatchObject({
      type: 'joueur',
      nom: 'Dupont',
      prenom: 'Antoine',
      poste: 'demi-de-melee',
      poste_libelle: 'Demi de mêlée',
      equipe: 'XV de France',
      equipe_url: '/equipes-de-france/xv-de-france-equipe',
      club: 'Stade Toulousain',
      selections: 57,
      genre: 'masculin',
      classe_age: 'senior',
      url_relative: '/equipes-de-france/xv-de-france-equipe#joueur-antoine-dupont',
    });
    expect(dupont?.objectID).toMatch(/^joueur-\d+$/);
    expect(dupont?.image_thumbnail).toMatch(/^http:\/\/127\.0\.0\.1:8790\/wp-content\/uploads\/joueurs\/.+\.svg$/);
    expect(records.some((r) => r.image_thumbnail === '')).toBe(true);
    for (const r of records) expect(r.url_relative.startsWith(`${r.equipe_url}#joueur-`)).toBe(true);
  });
});

describe('searching the players index', () => {
  it('finds « Dupont » whatever the case and accents', () => {
    for (const query of ['dupont', 'Dupont', 'DUPONT', 'dupônt', 'Dupônt', 'antoine dupont', 'Antoine Dup']) {
      const r = search(query);
      expect(r.nbHits, query).toBe(1);
      expect(hits(r)[0]?.name, query).toBe('Antoine Dupont');
    }
    expect(hits(search('dupnot'))[0]?.name).toBe('Antoine Dupont'); // one typo from 4 letters
    expect(
      hits(search('Menager'))
        .map((h) => h.name)
        .sort(),
    ).toEqual(['Marine Ménager', 'Romane Ménager']);
    expect(hits(search('gael fickou'))[0]?.name).toBe('Gaël Fickou');
  });

  it('searches clubs and positions, the most capped first among equals', () => {
    const toulouse = hits(search('stade toulousain', { hitsPerPage: 100 }));
    expect(toulouse.length).toBeGreaterThan(10);
    for (const h of toulouse) expect(h.club).toBe('Stade Toulousain');
    const caps = toulouse.map((h) => h.selections);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    const scrumHalves = hits(search('demi de melee', { hitsPerPage: 100 }));
    expect(scrumHalves.every((h) => h.poste === 'demi-de-melee')).toBe(true);
    expect(scrumHalves.length).toBeGreaterThanOrEqual(6);
  });

  it('filters by team and gender', () => {
    const sevens = search('', { filters: 'equipe:"France 7"', hitsPerPage: 100 });
    expect(sevens.nbHits).toBe(14);
    const women = search('', { facetFilters: ['genre:feminin'], hitsPerPage: 100 });
    expect(hits(women).every((h) => h.equipe === 'France féminine')).toBe(true);
    expect(search('', { facets: ['equipe'] }).facets?.equipe).toEqual({
      'XV de France': 35,
      'France féminine': 25,
      'France 7': 14,
      'France U20': 30,
    });
  });

  it('has no date replicas: players are only sorted by relevance', () => {
    expect(engine.hasIndex('joueurs')).toBe(true);
    expect(engine.hasIndex('joueurs_date_desc')).toBe(false);
  });
});
