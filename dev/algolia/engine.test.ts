import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../content/types';
import { AlgoliaError, createSearchEngine, type SearchEngine, type SearchResponse } from './engine';
import { category, newsroomFixture, post } from './fixtures';
import type { HighlightResult } from './highlight';

const ids = (r: SearchResponse): string[] => r.hits.map((h) => h.objectID);
const titles = (r: SearchResponse): unknown[] => r.hits.map((h) => h.title);

function engineWith(records: SearchRecord[], index = 'newsroom'): SearchEngine {
  const engine = createSearchEngine();
  engine.setRecords(index, records);
  return engine;
}

function errorOf(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AlgoliaError);
    return { status: (e as AlgoliaError).status, message: (e as AlgoliaError).message };
  }
  throw new Error('expected an error');
}

describe('matching', () => {
  const engine = engineWith(newsroomFixture());
  const search = (query: string, extra: Record<string, unknown> = {}) => engine.search('newsroom', { query, ...extra });

  it('ignores case and accents, both ways', () => {
    const plain = search('equipe');
    const accented = search('ÉQUIPE');
    expect(plain.nbHits).toBeGreaterThanOrEqual(2);
    expect(ids(accented)).toEqual(ids(plain));
    expect(titles(search('selection des bleues'))).toEqual(['Sélection des Bleues pour le Tournoi']);
  });

  it('folds œ: "oeuvre" finds "œuvre"', () => {
    expect(titles(search('commission oeuvre'))).toEqual(['Arbitrage : les nouvelles règles du jeu au sol']);
  });

  it('searches the last word as a prefix', () => {
    expect(search('sélec').nbHits).toBeGreaterThanOrEqual(2); // sélection, sélectionneur, sélections
    expect(titles(search('arbit'))).toEqual(['Arbitrage : les nouvelles règles du jeu au sol']);
  });

  it('does not search earlier words, nor a finished last word, as prefixes', () => {
    expect(search('arbit regles').nbHits).toBe(0);
    expect(search('arbit ').nbHits).toBe(0);
    expect(search('arbitrage ').nbHits).toBe(1);
  });

  it('tolerates one typo from 4 letters, two from 8, none below', () => {
    expect(titles(search('dupnot elu'))).toEqual(['Antoine Dupont élu meilleur joueur']); // transposition
    expect(search('dupmot elu').nbHits).toBe(0); // two typos in a 6-letter word
    expect(search('selectoinneru').nbHits).toBe(1); // two typos in a 13-letter word
    expect(search('xc de france').nbHits).toBe(0); // 'xc' ≠ 'xv': too short for a typo
    expect(search('dupnot', { typoTolerance: false }).nbHits).toBe(0);
  });

  it('requires every query word', () => {
    expect(search('dupont arbitrage').nbHits).toBe(0);
    expect(search('dupont toulousain').nbHits).toBe(1);
  });

  it('returns everything for an empty or separator-only query', () => {
    expect(search('').nbHits).toBe(5);
    expect(search('  ,;  ').nbHits).toBe(5);
  });

  it('survives control characters and unbalanced quotes', () => {
    expect(titles(search('"dupont\u0000 élu'))).toEqual(['Antoine Dupont élu meilleur joueur']);
    expect(search("l'équipe d'").nbHits).toBeGreaterThanOrEqual(1);
    expect(search('((("').nbHits).toBe(5);
  });

  it('restricts the searched attributes on demand', () => {
    expect(search('toulousain', { restrictSearchableAttributes: ['title'] }).nbHits).toBe(0);
    expect(search('toulousain', { restrictSearchableAttributes: ['content'] }).nbHits).toBe(1);
  });
});

describe('ranking', () => {
  it('puts fewer typos first, whatever the date', () => {
    const exact = post({ title: 'Dupont capitaine', date_timestamp: 1 });
    const typo = post({ title: 'Dupond capitaine', date_timestamp: 2 });
    const engine = engineWith([typo, exact]);
    expect(ids(engine.search('newsroom', { query: 'dupont ' }))).toEqual([exact.objectID, typo.objectID]);
  });

  it('ranks by attribute: title > post_tag > categories > content', () => {
    const inContent = post({ title: 'Un autre sujet', content: 'Mêlée', date_timestamp: 40 });
    const inCategories = post({ title: 'Un autre sujet', categories: ['Mêlée'], date_timestamp: 30 });
    const inTags = post({ title: 'Un autre sujet', post_tag: ['Mêlée'], date_timestamp: 20 });
    const inTitle = post({ title: 'Mêlée', date_timestamp: 10 });
    const engine = engineWith([inContent, inCategories, inTags, inTitle]);
    expect(ids(engine.search('newsroom', { query: 'melee' }))).toEqual([inTitle, inTags, inCategories, inContent].map((r) => r.objectID));
  });

  it('prefers words close together (proximity) before attribute position', () => {
    const apart = post({ title: 'Antoine a rejoint le club de Dupont', date_timestamp: 20 });
    const together = post({ title: 'Il a vu Antoine Dupont', date_timestamp: 10 });
    const engine = engineWith([apart, together]);
    expect(ids(engine.search('newsroom', { query: 'antoine dupont' }))).toEqual([together.objectID, apart.objectID]);
  });

  it('prefers exact words to prefixes', () => {
    const prefix = post({ title: 'XV Franceville', date_timestamp: 20 });
    const exact = post({ title: 'XV France', date_timestamp: 10 });
    const engine = engineWith([prefix, exact]);
    expect(ids(engine.search('newsroom', { query: 'xv france' }))).toEqual([exact.objectID, prefix.objectID]);
  });

  it('counts a one-word query as exact only on a whole attribute value (exactOnSingleWordQuery)', () => {
    const inLongerTag = post({ title: 'Zzz', post_tag: ['Dupont Antoine'], date_timestamp: 20 });
    const wholeTag = post({ title: 'Zzz', post_tag: ['Dupont'], date_timestamp: 10 });
    const engine = engineWith([inLongerTag, wholeTag]);
    expect(ids(engine.search('newsroom', { query: 'dupont' }))).toEqual([wholeTag.objectID, inLongerTag.objectID]);
    expect(ids(engine.search('newsroom', { query: 'dupont', exactOnSingleWordQuery: 'word' }))).toEqual([
      inLongerTag.objectID,
      wholeTag.objectID,
    ]);
  });

  it('breaks textual ties with the custom ranking: newest first', () => {
    const old = post({ title: 'Tournoi des Six Nations', date_timestamp: 100 });
    const recent = post({ title: 'Tournoi des Six Nations', date_timestamp: 300 });
    const middle = post({ title: 'Tournoi des Six Nations', date_timestamp: 200 });
    const engine = engineWith([old, recent, middle]);
    expect(ids(engine.search('newsroom', { query: 'tournoi' }))).toEqual([recent, middle, old].map((r) => r.objectID));
    expect(ids(engine.search('newsroom', { query: '' }))).toEqual([recent, middle, old].map((r) => r.objectID));
  });

  it('sorts standard replicas by date first, then by relevance', () => {
    const typoOld = post({ title: 'Dupond', date_timestamp: 100 });
    const exactNew = post({ title: 'Dupont', date_timestamp: 300 });
    const exactMid = post({ title: 'Dupont', date_timestamp: 200 });
    const engine = engineWith([typoOld, exactNew, exactMid]);
    expect(ids(engine.search('newsroom', { query: 'dupont ' }))).toEqual([exactNew, exactMid, typoOld].map((r) => r.objectID));
    expect(ids(engine.search('newsroom_date_asc', { query: 'dupont ' }))).toEqual([typoOld, exactMid, exactNew].map((r) => r.objectID));
    expect(ids(engine.search('newsroom_date_desc', { query: 'dupont ' }))).toEqual([exactNew, exactMid, typoOld].map((r) => r.objectID));
    const sameDate = [post({ title: 'Dupond', date_timestamp: 5 }), post({ title: 'Dupont', date_timestamp: 5 })];
    const tie = engineWith(sameDate);
    expect(ids(tie.search('newsroom_date_asc', { query: 'dupont ' }))).toEqual([sameDate[1]!.objectID, sameDate[0]!.objectID]);
  });
});

describe('index management', () => {
  it('shares writes between a primary and its replicas', () => {
    const engine = engineWith([post({ title: 'Premier', date_timestamp: 1 })]);
    const second = post({ title: 'Second', date_timestamp: 2 });
    engine.upsert('newsroom', second);
    expect(ids(engine.search('newsroom_date_asc', {}))).toHaveLength(2);
    engine.upsert('newsroom', { ...second, title: 'Deuxième' });
    expect(titles(engine.search('newsroom_date_desc', { query: 'deuxieme' }))).toEqual(['Deuxième']);
    expect(engine.search('newsroom', { query: 'second' }).nbHits).toBe(0);
    expect(engine.remove('newsroom', second.objectID)).toBe(true);
    expect(engine.remove('newsroom', second.objectID)).toBe(false);
    expect(engine.search('newsroom_date_desc', {}).nbHits).toBe(1);
  });

  it('answers unknown indexes and objects with Algolia 404s', () => {
    const engine = engineWith([]);
    expect(engine.search('newsroom', {}).nbHits).toBe(0);
    expect(errorOf(() => engine.search('inconnu', {}))).toEqual({ status: 404, message: 'Index does not exist' });
    expect(errorOf(() => engine.getObject('newsroom', 'nope'))).toEqual({ status: 404, message: 'ObjectID does not exist' });
  });

  it('returns one object, with attributesToRetrieve', () => {
    const record = post({ title: 'Un article' });
    const engine = engineWith([record]);
    expect(engine.getObject('newsroom_date_asc', record.objectID)).toEqual(record);
    expect(engine.getObject('newsroom', record.objectID, ['title'])).toEqual({ title: 'Un article', objectID: record.objectID });
  });

  it('stays consistent through many upserts and removals (compaction)', () => {
    const engine = engineWith([]);
    for (let round = 0; round < 30; round++) {
      for (let i = 0; i < 20; i++) engine.upsert('newsroom', { ...post({ title: `Article ${i} tour ${round}` }), objectID: `a${i}` });
    }
    const r = engine.search('newsroom', { query: 'article tour', hitsPerPage: 100 });
    expect(r.nbHits).toBe(20);
    expect(engine.search('newsroom', { query: 'tour 29' }).nbHits).toBe(20);
    expect(engine.search('newsroom', { query: 'tour 28 ' }).nbHits).toBe(0);
  });
});

describe('filters and distinct', () => {
  const engine = engineWith(newsroomFixture());

  it('applies filters and facetFilters (both forms)', () => {
    expect(engine.search('newsroom', { filters: 'type:post' }).nbHits).toBe(4);
    expect(engine.search('newsroom', { filters: 'type:category' }).nbHits).toBe(1);
    expect(engine.search('newsroom', { facetFilters: ['type:post', ['post_tag:Arbitrage', 'post_tag:Rugby féminin']] }).nbHits).toBe(2);
    expect(engine.search('newsroom', { facetFilters: '["post_tag:Antoine Dupont"]' }).nbHits).toBe(2);
    expect(engine.search('newsroom', { query: 'france', filters: 'post_tag:"Six Nations" AND NOT type:category' }).nbHits).toBe(2);
    expect(engine.search('newsroom', { numericFilters: ['date_timestamp >= 1763000000'] }).nbHits).toBe(2);
  });

  it('answers bad filters with 400', () => {
    expect(errorOf(() => engine.search('newsroom', { filters: 'type:post AND' }))).toEqual({
      status: 400,
      message: 'filters: Unexpected token end of filter expected filter at col 13',
    });
  });

  it('keeps one hit per distinct_key when distinct is on', () => {
    const a1 = post({ title: 'Compte rendu du match, première partie', distinct_key: 'match-1', date_timestamp: 20 });
    const a2 = post({ title: 'Compte rendu du match, seconde partie', distinct_key: 'match-1', date_timestamp: 10 });
    const b = post({ title: 'Compte rendu du match retour', distinct_key: 'match-2', date_timestamp: 5 });
    const e = engineWith([a1, a2, b]);
    const on = e.search('newsroom', { query: 'compte rendu', distinct: true });
    expect(ids(on)).toEqual([a1.objectID, b.objectID]);
    expect(on.nbHits).toBe(2);
    expect(e.search('newsroom', { query: 'compte rendu', distinct: 1 }).nbHits).toBe(2);
    expect(e.search('newsroom', { query: 'compte rendu', distinct: 'true' }).nbHits).toBe(2);
    expect(e.search('newsroom', { query: 'compte rendu', distinct: false }).nbHits).toBe(3);
    expect(e.search('newsroom', { query: 'compte rendu', distinct: 0 }).nbHits).toBe(3);
    expect(e.search('newsroom', { query: 'compte rendu' }).nbHits).toBe(3);
    expect(e.search('newsroom', { query: 'compte rendu', distinct: 2 }).nbHits).toBe(3);
    // the best of a group represents it: the second part matches better
    expect(ids(e.search('newsroom', { query: 'seconde', distinct: true }))).toEqual([a2.objectID]);
    expect(ids(e.search('newsroom', { distinct: true, hitsPerPage: 1, page: 1 }))).toEqual([b.objectID]);
  });

  it('counts facets on demand', () => {
    const r = engine.search('newsroom', { facets: ['type', 'post_tag'] });
    expect(r.facets).toEqual({
      type: { post: 4, category: 1 },
      post_tag: { 'Six Nations': 2, 'Antoine Dupont': 2, Arbitrage: 1, 'Rugby féminin': 1 },
    });
    expect(engine.search('newsroom', { facets: ['*'] }).facets).toHaveProperty('categories');
  });
});

describe('pagination and parameters', () => {
  const records = Array.from({ length: 25 }, (_, i) => post({ title: `Résultat numéro ${i}`, date_timestamp: 1000 - i }));
  const engine = engineWith(records);

  it('pages 0-based and keeps nbPages past the end', () => {
    const first = engine.search('newsroom', { query: 'resultat', hitsPerPage: 10 });
    expect(first).toMatchObject({ nbHits: 25, nbPages: 3, page: 0, hitsPerPage: 10 });
    expect(ids(first)).toEqual(records.slice(0, 10).map((r) => r.objectID));
    const last = engine.search('newsroom', { query: 'resultat', hitsPerPage: 10, page: 2 });
    expect(ids(last)).toEqual(records.slice(20).map((r) => r.objectID));
    const past = engine.search('newsroom', { query: 'resultat', hitsPerPage: 10, page: 7 });
    expect(past).toMatchObject({ hits: [], nbHits: 25, nbPages: 3, page: 7 });
    expect(engine.search('newsroom', { query: 'resultat' }).hitsPerPage).toBe(20);
    expect(engine.search('newsroom', { hitsPerPage: 0 })).toMatchObject({ hits: [], nbHits: 25, nbPages: 0 });
  });

  it('accepts the string forms of the params string', () => {
    const r = engine.search('newsroom', { query: 'resultat', hitsPerPage: '5', page: '1', attributesToRetrieve: '["title"]' });
    expect(r).toMatchObject({ page: 1, hitsPerPage: 5, nbPages: 5 });
    expect(Object.keys(r.hits[0]!).sort()).toEqual(['_highlightResult', 'objectID', 'title']);
  });

  it('serves no hit past paginationLimitedTo (1000)', () => {
    const big = engineWith(Array.from({ length: 1200 }, (_, i) => post({ title: `Brève ${i}` })));
    const r = big.search('newsroom', { hitsPerPage: 1000, page: 1 });
    expect(r).toMatchObject({ nbHits: 1200, nbPages: 1, hits: [] });
    expect(big.search('newsroom', { hitsPerPage: 500, page: 1 }).hits).toHaveLength(500);
    expect(big.search('newsroom', { hitsPerPage: 500, page: 2 }).hits).toHaveLength(0);
  });

  it('rejects out-of-range and malformed parameters like Algolia', () => {
    expect(errorOf(() => engine.search('newsroom', { hitsPerPage: 1001 }))).toEqual({
      status: 400,
      message: 'Invalid value for "hitsPerPage" parameter, expected integer between 0 and 1000',
    });
    expect(errorOf(() => engine.search('newsroom', { hitsPerPage: -1 })).status).toBe(400);
    expect(errorOf(() => engine.search('newsroom', { hitsPerPage: 'dix' })).status).toBe(400);
    expect(errorOf(() => engine.search('newsroom', { page: -1 })).status).toBe(400);
    expect(errorOf(() => engine.search('newsroom', { query: { $ne: 1 } })).status).toBe(400);
    expect(errorOf(() => engine.search('newsroom', { bogus: 1 }))).toEqual({ status: 400, message: 'Unknown parameter: bogus' });
  });

  it('accepts and ignores analytics parameters', () => {
    const r = engine.search('newsroom', { query: 'resultat', analytics: false, clickAnalytics: true, userToken: 'u1' });
    expect(r.nbHits).toBe(25);
    expect(r.queryID).toMatch(/^[0-9a-f]{32}$/);
  });

  it('echoes the query and the params', () => {
    const r = engine.search('newsroom', { query: 'résultat', hitsPerPage: 2, facetFilters: ['type:post'] });
    expect(r.query).toBe('résultat');
    expect(r.index).toBe('newsroom');
    expect(r.params).toBe('query=r%C3%A9sultat&hitsPerPage=2&facetFilters=%5B%22type%3Apost%22%5D');
    expect(r).toMatchObject({ exhaustiveNbHits: true, exhaustiveTypo: true });
    expect(r.processingTimeMS).toBeGreaterThanOrEqual(1);
  });
});

describe('long queries', () => {
  const engine = engineWith(newsroomFixture());

  it('answers a query over 512 bytes with Algolia 400, at once', () => {
    const started = Date.now();
    expect(errorOf(() => engine.search('newsroom', { query: 'a'.repeat(10_000) }))).toEqual({
      status: 400,
      message: 'Invalid value for "query" parameter, expected string shorter than 512 bytes',
    });
    expect(engine.search('newsroom', { query: 'dupont '.repeat(73) }).nbHits).toBe(2); // 511 bytes
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('can truncate instead, without hanging', () => {
    const truncating = createSearchEngine({ longQueries: 'truncate' });
    truncating.setRecords('newsroom', newsroomFixture());
    const started = Date.now();
    for (const query of ['x'.repeat(10_000), 'dupont '.repeat(1500), 'é'.repeat(10_000), 'ab '.repeat(3000)]) {
      const r = truncating.search('newsroom', { query });
      expect(new TextEncoder().encode(r.query).length).toBeLessThanOrEqual(512);
    }
    expect(truncating.search('newsroom', { query: 'dupont '.repeat(1500) }).nbHits).toBe(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('highlighting', () => {
  let engine: SearchEngine;
  const dangerous = post({
    title: 'Le <script>alert("XSS")</script> & les Bleus',
    post_tag: ['Antoine Dupont', 'Six Nations'],
    content: "Un joueur d'exception.",
  });
  beforeEach(() => {
    engine = engineWith([dangerous, category('Équipes de France')]);
  });
  const hl = (r: SearchResponse, attribute: string) => r.hits[0]!._highlightResult![attribute];

  it('leaves the record text as it is (no HTML escaping) and wraps only the matched word', () => {
    const r = engine.search('newsroom', { query: 'script' });
    expect(hl(r, 'title')).toEqual({
      value: 'Le <<em>script</em>>alert("XSS")</<em>script</em>> & les Bleus',
      matchLevel: 'full',
      matchedWords: ['script'],
      fullyHighlighted: false,
    });
    // the raw attribute is untouched
    expect(r.hits[0]!.title).toBe(dangerous.title);
  });

  it('highlights arrays element by element, and reports match levels', () => {
    const r = engine.search('newsroom', { query: 'dupont exception' });
    expect(hl(r, 'post_tag')).toEqual([
      { value: 'Antoine <em>Dupont</em>', matchLevel: 'partial', matchedWords: ['dupont'], fullyHighlighted: false },
      { value: 'Six Nations', matchLevel: 'none', matchedWords: [] },
    ]);
    expect(hl(r, 'content')).toMatchObject({ value: "Un joueur d'<em>exception</em>.", matchLevel: 'partial' });
  });

  it('highlights only the typed part of a prefix, accents kept', () => {
    const r = engine.search('newsroom', { query: 'equi' });
    expect(hl(r, 'title')).toMatchObject({ value: '<em>Équi</em>pes de France', matchLevel: 'full', matchedWords: ['equi'] });
  });

  it('marks a fully highlighted value', () => {
    const r = engine.search('newsroom', { query: 'antoine dupont' });
    expect((hl(r, 'post_tag') as HighlightResult[])[0]).toEqual({
      value: '<em>Antoine</em> <em>Dupont</em>',
      matchLevel: 'full',
      matchedWords: ['antoine', 'dupont'],
      fullyHighlighted: true,
    });
  });

  it('returns the raw values with matchLevel none for an empty query', () => {
    const r = engine.search('newsroom', { query: '', filters: 'type:post' });
    expect(hl(r, 'title')).toEqual({ value: 'Le <script>alert("XSS")</script> & les Bleus', matchLevel: 'none', matchedWords: [] });
  });

  it('follows attributesToHighlight and custom tags', () => {
    const r = engine.search('newsroom', {
      query: 'bleus',
      attributesToHighlight: ['title', 'url_relative'],
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    });
    expect(Object.keys(r.hits[0]!._highlightResult!)).toEqual(['title', 'url_relative']);
    expect((hl(r, 'title') as HighlightResult).value).toContain('<mark>Bleus</mark>');
    expect(engine.search('newsroom', { query: 'bleus', attributesToHighlight: [] }).hits[0]).not.toHaveProperty('_highlightResult');
  });
});

// What the site reads to say « Vouliez-vous dire … ? » (src/features/search/correction.ts): the typo
// count of each hit, and the record's own spelling of the word a typo was corrected to.
describe('typos, as getRankingInfo and the highlight report them', () => {
  const engine = engineWith(newsroomFixture());
  const search = (query: string, extra: Record<string, unknown> = {}) =>
    engine.search('newsroom', { query, getRankingInfo: true, ...extra });

  it('counts the typos of each hit, and highlights the word the typo was corrected to as the record spells it', () => {
    const exact = search('dupont');
    expect(exact.hits.map((h) => h._rankingInfo!.nbTypos)).toEqual(exact.hits.map(() => 0));
    const typo = search('dupnt', { attributesToHighlight: ['post_tag'] });
    expect(typo.nbHits).toBe(exact.nbHits);
    for (const hit of typo.hits) {
      expect(hit._rankingInfo!.nbTypos).toBe(1);
      expect(hit._highlightResult!.post_tag).toContainEqual(
        expect.objectContaining({ value: 'Antoine <em>Dupont</em>', matchedWords: ['dupnt'] }),
      );
    }
    const equipe = search('equpe', { restrictSearchableAttributes: ['title'], filters: 'type:post' });
    expect(equipe.hits[0]!._highlightResult!.title).toMatchObject({
      value: "Le XV de France affronte l'<em>Équipe</em> d'Afrique du Sud",
      matchedWords: ['equpe'],
    });
    expect(equipe.hits[0]!._rankingInfo!.nbTypos).toBe(1);
  });

  it('counts a mistake on the first letter as two typos, accepted only where two are', () => {
    // « fupont », 6 letters: one typo allowed, and a wrong first letter counts two.
    expect(search('fupont').nbHits).toBe(0);
    const wider = search('fupont', { minWordSizefor2Typos: 5 });
    expect(wider.nbHits).toBeGreaterThan(0);
    expect(wider.hits.map((h) => h._rankingInfo!.nbTypos)).toEqual(wider.hits.map(() => 2));
    // From 8 letters, up to three when the first letter is one of them.
    expect(search('zelectionneur').hits[0]!._rankingInfo!.nbTypos).toBe(2);
    expect(search('zelectoinneur').hits[0]!._rankingInfo!.nbTypos).toBe(3);
    expect(search('zelectoinnuer').nbHits).toBe(0);
  });

  it('finds with more typos when the query lowers minWordSizefor1Typo / minWordSizefor2Typos', () => {
    expect(search('ekipe').nbHits).toBe(0); // two typos in a 5-letter word
    const r = search('ekipe', { minWordSizefor2Typos: 5, attributesToHighlight: ['title', 'categories'] });
    expect(r.nbHits).toBeGreaterThan(0);
    expect(r.hits[0]!._rankingInfo!.nbTypos).toBe(2);
    expect(JSON.stringify(r.hits[0]!._highlightResult)).toMatch(/<em>Équipe<\/em>/);
  });

  it('encodes the best attribute and word position in firstMatchedWord, and adds the root fields', () => {
    // « dupont » is word 1 of the title of one post (attribute 0), and only in post_tag (attribute 1) of the other.
    const r = search('dupont');
    const byTitle = (t: string) => r.hits.find((h) => String(h.title).startsWith(t))!._rankingInfo!;
    expect(byTitle('Antoine Dupont élu').firstMatchedWord).toBe(1);
    expect(Math.floor(byTitle('Le XV de France').firstMatchedWord / 1000)).toBe(1);
    expect(r).toMatchObject({ serverUsed: expect.any(String), indexUsed: 'newsroom', parsedQuery: 'dupont' });
    expect(r.hits[0]!._rankingInfo).not.toHaveProperty('promoted');
    expect(engine.search('newsroom', { query: 'dupont' })).not.toHaveProperty('parsedQuery');
  });
});

describe('performance', () => {
  it('answers queries over 10 000 records (timed by npm run bench:search, not here)', () => {
    const words = [
      'match',
      'France',
      'Toulouse',
      'mêlée',
      'sélection',
      'joueurs',
      'entraîneur',
      'Tournoi',
      'essai',
      'Bleus',
      'victoire',
      'défaite',
    ];
    const records = Array.from({ length: 10_000 }, (_, i) =>
      post({
        title: `${words[i % 12]} ${words[(i * 7) % 12]} numéro ${i}`,
        post_tag: [words[(i * 5) % 12]!],
        categories: [words[(i * 3) % 12]!],
        content: Array.from({ length: 30 }, (_, k) => words[(i + k * 11) % 12]).join(' '),
        type: i % 10 === 0 ? 'category' : 'post',
      }),
    );
    const engine = engineWith(records);
    const queries = ['', 'selec', 'toulouse victoire', 'entraineru', 'f', 'numero 4242'];
    for (const query of queries) {
      const r = engine.search('newsroom', { query, filters: 'type:post', distinct: true, hitsPerPage: 10 });
      expect(r.hits.length).toBeGreaterThan(0);
    }
  });
});
