// `_highlightResult`: each attribute value with the matched words wrapped in the highlight tags.
// As on Algolia, the record text is NOT escaped: only the tags are inserted, so a title containing
// "<script>" comes back as "<script>" (escaping is a client choice: InstantSearch's escapeHTML
// option, algolia/instantsearch packages/instantsearch.js/src/lib/utils/escape-highlight.ts).

import { matchWord, type QueryWord } from './query';
import { originalPrefixLength, tokenize, type Token } from './text';

export type MatchLevel = 'none' | 'partial' | 'full';

export type HighlightResult = {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
};

export type HighlightTree = HighlightResult | HighlightTree[] | { [key: string]: HighlightTree };

export type HighlightOptions = {
  pre: string;
  post: string;
  /** The attribute is searchable: its words are in the index vocabulary (faster matching). */
  indexed: boolean;
};

// The same record texts are highlighted query after query (the top hits): keep their words.
const tokenCache = new Map<string, Token[]>();
const TOKEN_CACHE_SIZE = 5000;

function cachedTokens(text: string): Token[] {
  let tokens = tokenCache.get(text);
  if (!tokens) {
    tokens = tokenize(text);
    if (tokenCache.size >= TOKEN_CACHE_SIZE) tokenCache.clear();
    tokenCache.set(text, tokens);
  }
  return tokens;
}

export function highlightText(text: string, words: QueryWord[], tags: HighlightOptions): HighlightResult {
  if (words.length === 0) return { value: text, matchLevel: 'none', matchedWords: [] };
  const tokens = cachedTokens(text);
  const matched = new Set<number>();
  let out = '';
  let cursor = 0;
  let everyWordFull = tokens.length > 0;

  for (const token of tokens) {
    // NFKD may split one written word into several (e.g. '½'): highlight it once.
    if (token.start < cursor) continue;
    // The query word giving the longest highlight wins (a whole word beats a prefix).
    let hit: { end: number } | null = null;
    for (let index = 0; index < words.length; index++) {
      const m = matchWord(words[index]!, token.norm, tags.indexed);
      if (!m) continue;
      matched.add(index);
      const original = text.slice(token.start, token.end);
      // The record's own word is wrapped, whether it matched exactly, as a prefix or with typos:
      // « equpe » highlights « <em>équipe</em> » (the original word from the record, as
      // algolia.com/doc/api-reference/api-parameters/replaceSynonymsInHighlight puts it when false).
      const end = m.prefix ? token.start + originalPrefixLength(original, m.length) : token.end;
      if (!hit || end > hit.end) hit = { end };
    }
    if (!hit) {
      everyWordFull = false;
      continue;
    }
    if (hit.end < token.end) everyWordFull = false;
    out += text.slice(cursor, token.start) + tags.pre + text.slice(token.start, hit.end) + tags.post;
    cursor = hit.end;
  }
  out += text.slice(cursor);

  // « List of words from the query that matched the object » (specs/common/schemas/HighlightResult.yml
  // in algolia/api-clients-automation): the query's words as typed, not the record's.
  const matchedWords = [...matched].sort((a, b) => a - b).map((i) => words[i]!.raw);
  const uniqueWords = [...new Set(matchedWords)];
  if (matched.size === 0) return { value: out, matchLevel: 'none', matchedWords: [] };
  const allMatched = words.every((_, i) => matched.has(i));
  return {
    value: out,
    matchLevel: allMatched ? 'full' : 'partial',
    matchedWords: uniqueWords,
    // Whole value highlighted: every word fully wrapped and nothing but separators left over.
    fullyHighlighted: everyWordFull && allMatched,
  };
}

/** Highlights any attribute value: strings, numbers, arrays and nested objects. */
export function highlightValue(value: unknown, words: QueryWord[], tags: HighlightOptions): HighlightTree | undefined {
  if (typeof value === 'string') return highlightText(value, words, tags);
  if (typeof value === 'number' || typeof value === 'boolean') return highlightText(String(value), words, tags);
  if (Array.isArray(value)) {
    return value.map((v) => highlightValue(v, words, tags)).filter((v): v is HighlightTree => v !== undefined);
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, HighlightTree> = {};
    for (const [k, v] of Object.entries(value)) {
      const h = highlightValue(v, words, tags);
      if (h !== undefined) out[k] = h;
    }
    return out;
  }
  return undefined;
}
