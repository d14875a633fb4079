import { describe, expect, it } from 'vitest';
import {
  assertIndexName,
  cleanQuery,
  defaultSort,
  facetFilter,
  filtersFor,
  MAX_QUERY_BYTES,
  newsroomIndex,
  parseSort,
  playersIndex,
} from './search-request';

describe('search parameters', () => {
  it('chooses indexes by host and sort', () => {
    expect(newsroomIndex('presse.ffr.fr')).toBe('newsroom');
    expect(newsroomIndex('presse.ffr.fr', 'recent')).toBe('newsroom_date_desc');
    expect(newsroomIndex('pp.presse.ffr.fr', 'ancien')).toBe('newsroom_pp_date_asc');
    expect(newsroomIndex('localhost')).toBe('newsroom_pp');
    expect(playersIndex('presse.ffr.fr')).toBe('joueurs');
    expect(playersIndex('127.0.0.1')).toBe('joueurs_pp');
  });
  it('validates index names', () => {
    expect(assertIndexName('a')).toBe('a');
    expect(assertIndexName('x'.repeat(64))).toHaveLength(64);
    for (const bad of ['', 'x'.repeat(65), 'news room', 'news/room', 'é', 'a*']) expect(() => assertIndexName(bad)).toThrow(/invalide/);
  });
  it('reads the sort: relevance by default for words typed, the most recent for a listing without words', () => {
    for (const r of [{ query: 'dupont' }, { query: '' }]) {
      expect(parseSort('pertinence', r)).toBe('pertinence');
      expect(parseSort('recent', r)).toBe('recent');
      expect(parseSort('ancien', r)).toBe('ancien');
    }
    expect(parseSort(undefined, { query: 'dupont' })).toBe('pertinence');
    expect(parseSort('DROP TABLE', { query: 'dupont' })).toBe('pertinence');
    expect(parseSort(undefined, { query: '' })).toBe('recent');
    expect(parseSort('DROP TABLE', { query: '' })).toBe('recent');
    expect(defaultSort({ query: 'equipe' })).toBe('pertinence');
    expect(defaultSort({ query: '' })).toBe('recent');
  });
  it('cleans absurd queries', () => {
    expect(cleanQuery('  équipe\u0000 de\tFrance\n ')).toBe('équipe de France');
    const long = cleanQuery('é'.repeat(10_000));
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(MAX_QUERY_BYTES);
    expect(long).toBe('é'.repeat(256));
    expect(cleanQuery(null)).toBe('');
  });
  it('quotes facet values so that quotes cannot break out of the filter', () => {
    expect(facetFilter('post_tag', 'Six Nations')).toBe('post_tag:"Six Nations"');
    expect(facetFilter('post_tag', 'a" OR type:"category')).toBe('post_tag:"a\\" OR type:\\"category"');
    expect(filtersFor({ tag: 'Antoine Dupont', category: '' })).toBe('type:"post" AND post_tag:"Antoine Dupont"');
    expect(filtersFor({ tag: '', category: 'XV de France' })).toBe('type:"post" AND categories:"XV de France"');
  });
});
