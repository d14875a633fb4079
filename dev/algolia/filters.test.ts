import { describe, expect, it } from 'vitest';
import { AlgoliaError } from './errors';
import { matchesFilter, parseArrayFilters, parseFilters, type FilterNode, type FilterTarget } from './filters';

function target(record: { facets?: Record<string, string[]>; numbers?: Record<string, number[]>; tags?: string[] }): FilterTarget {
  return {
    facetValues: (a) => record.facets?.[a]?.map((v) => v.trim().toLowerCase()),
    numericValues: (a) => record.numbers?.[a] ?? [],
    tags: () => record.tags ?? [],
  };
}

const article = target({
  facets: { type: ['post'], post_tag: ['Six Nations', 'Antoine Dupont'], categories: ['XV de France'] },
  numbers: { date_timestamp: [1_763_000_000] },
});
const categoryRecord = target({ facets: { type: ['category'], post_tag: [], categories: ['Équipes de France'] } });

const matches = (filters: string, t: FilterTarget): boolean => matchesFilter(parseFilters(filters)!, t);

function errorOf(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AlgoliaError);
    return { status: (e as AlgoliaError).status, message: (e as AlgoliaError).message };
  }
  throw new Error('expected an error');
}

describe('parseFilters: accepted syntax', () => {
  it('reads facet filters, quoted values and names', () => {
    expect(parseFilters('type:post')).toEqual({ kind: 'facet', attribute: 'type', value: 'post', negated: false });
    expect(parseFilters('post_tag:"Six Nations"')).toEqual({ kind: 'facet', attribute: 'post_tag', value: 'Six Nations', negated: false });
    expect(parseFilters("'post_tag':'Antoine Dupont'")).toMatchObject({ attribute: 'post_tag', value: 'Antoine Dupont' });
    expect(parseFilters('categories:"Arbitrage \\"vidéo\\""')).toMatchObject({ value: 'Arbitrage "vidéo"' });
  });

  it('reads numeric comparisons and ranges', () => {
    expect(parseFilters('date_timestamp >= 1700000000')).toEqual({
      kind: 'numeric',
      attribute: 'date_timestamp',
      op: '>=',
      value: 1_700_000_000,
      negated: false,
    });
    expect(parseFilters('date_timestamp:1 TO 2')).toEqual({ kind: 'range', attribute: 'date_timestamp', low: 1, high: 2, negated: false });
    expect(parseFilters('date_timestamp<5')).toMatchObject({ op: '<', value: 5 });
  });

  it('gives OR precedence over AND, as Algolia does', () => {
    const node = parseFilters('type:post AND post_tag:a OR post_tag:b') as Extract<FilterNode, { kind: 'and' }>;
    expect(node.kind).toBe('and');
    expect(node.children[1]).toMatchObject({ kind: 'or' });
  });

  it('treats blank filters as no filter, and bare values as tags', () => {
    expect(parseFilters('')).toBeNull();
    expect(parseFilters('   ')).toBeNull();
    expect(parseFilters('published')).toEqual({ kind: 'tag', value: 'published', negated: false });
    expect(parseFilters('NOT _tags:draft')).toEqual({ kind: 'tag', value: 'draft', negated: true });
  });

  it('accepts tabs and newlines as spaces', () => {
    expect(parseFilters('type:post\nAND\tpost_tag:x')).toMatchObject({ kind: 'and' });
  });
});

describe('parseFilters: Algolia error messages', () => {
  const cases: Array<[string, string]> = [
    ['type:', 'filters: Unexpected token end of filter expected string at col 5'],
    ['type:post AND', 'filters: Unexpected token end of filter expected filter at col 13'],
    [':post', "filters: Unexpected token ':' expected filter at col 0"],
    ['post_tag:"Six Nations', 'filters: Unexpected token incomplete string expected string at col 9'],
    ['type:""', 'filters: Unexpected token empty string expected string at col 6'],
    ['type:post and post_tag:x', 'filters: Unexpected token string(and) expected end of filter at col 10'],
    ['type:post)', "filters: Unexpected token ')' expected end of filter at col 9"],
    ['(type:post', "filters: Unexpected token end of filter expected ')' at col 10"],
    ['NOT (type:post OR type:category)', "filters: Unexpected token '(' expected filter at col 4"],
    ['date_timestamp > abc', 'filters: Unexpected token string(abc) expected numeric at col 17'],
    ['type:a!b', 'filters: Not allowed ! at col 6'],
    ['type:a=b', 'filters: Unexpected token numeric operator expected end of filter at col 6'],
    ['(type:post AND post_tag:a) OR post_tag:b', 'filters: filter (X AND Y) OR Z is not allowed, only (X OR Y) AND Z is allowed'],
    ['post_tag:a OR (post_tag:b AND type:post)', 'filters: filter X OR (Y AND Z) is not allowed, only X AND (Y OR Z) is allowed'],
  ];
  it.each(cases)('%s', (filters, message) => {
    expect(errorOf(() => parseFilters(filters))).toEqual({ status: 400, message });
  });

  it('refuses mixing filter families in one OR', () => {
    expect(errorOf(() => parseFilters('type:post OR date_timestamp > 3')).message).toMatch(
      /^filters: Different types are not allowed in the same OR\.\nExpected a facet filter/,
    );
  });
});

describe('matchesFilter', () => {
  it('matches facet values exactly apart from case and surrounding spaces', () => {
    expect(matches('type:post', article)).toBe(true);
    expect(matches('type:category', article)).toBe(false);
    expect(matches('post_tag:"six nations"', article)).toBe(true);
    expect(matches('post_tag:" Six Nations "', article)).toBe(true);
    expect(matches('post_tag:"Six"', article)).toBe(false);
    // accents are not folded
    expect(matches('categories:"Equipes de France"', categoryRecord)).toBe(false);
    expect(matches('categories:"Équipes de France"', categoryRecord)).toBe(true);
  });

  it('combines AND, OR and NOT', () => {
    expect(matches('type:post AND (post_tag:"Six Nations" OR post_tag:Arbitrage)', article)).toBe(true);
    expect(matches('type:post AND NOT post_tag:"Antoine Dupont"', article)).toBe(false);
    expect(matches('type:category OR type:post', categoryRecord)).toBe(true);
  });

  it('compares numbers', () => {
    expect(matches('date_timestamp > 1762999999', article)).toBe(true);
    expect(matches('date_timestamp:1 TO 1762999999', article)).toBe(false);
    expect(matches('NOT date_timestamp = 1763000000', article)).toBe(false);
  });

  it('filters out everything on an attribute that is not facetable', () => {
    expect(matches('title:x', article)).toBe(false);
    expect(matches('NOT title:x', article)).toBe(true);
  });
});

describe('parseArrayFilters', () => {
  it('reads the array forms: AND of items, OR inside nested arrays', () => {
    const node = parseArrayFilters('facetFilters', ['type:post', ['post_tag:Six Nations', 'post_tag:Arbitrage']])!;
    expect(matchesFilter(node, article)).toBe(true);
    expect(matchesFilter(node, categoryRecord)).toBe(false);
  });

  it('reads the JSON text of the params string and negations', () => {
    const node = parseArrayFilters('facetFilters', '["type:post","post_tag:-Antoine Dupont"]')!;
    expect(matchesFilter(node, article)).toBe(false);
    expect(parseArrayFilters('facetFilters', 'type:post')).toEqual({ kind: 'facet', attribute: 'type', value: 'post', negated: false });
    expect(parseArrayFilters('facetFilters', [])).toBeNull();
  });

  it('reads numericFilters and rejects bad items', () => {
    expect(matchesFilter(parseArrayFilters('numericFilters', ['date_timestamp>1'])!, article)).toBe(true);
    expect(errorOf(() => parseArrayFilters('numericFilters', ['type:post'])).status).toBe(400);
    expect(errorOf(() => parseArrayFilters('facetFilters', [{ a: 1 }])).status).toBe(400);
    expect(errorOf(() => parseArrayFilters('facetFilters', 'novalue')).status).toBe(400);
    expect(errorOf(() => parseArrayFilters('facetFilters', '[oops')).status).toBe(400);
  });
});
