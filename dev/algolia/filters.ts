// Algolia's filter language: the `filters` string (SQL-like) and the array forms `facetFilters`,
// `numericFilters` and `tagFilters`, compiled to one tree and evaluated per record.
//
// The grammar, its quirks and its error messages follow Algolia's own reference parser
// (github.com/algolia/algolia-filters-js-syntax-validator), which live probes of the API agree
// with: OR binds tighter than AND ("a AND b OR c" is "a AND (b OR c)"), operators are upper-case
// only, "(X AND Y) OR Z" and "NOT (…)" are refused, one OR may not mix facet, tag and numeric
// filters, and errors read "Unexpected token string(b) expected end of filter at col 1".

import { badRequest } from './errors';

export type NumericOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type FilterNode =
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'facet'; attribute: string; value: string; negated: boolean }
  | { kind: 'tag'; value: string; negated: boolean }
  | { kind: 'numeric'; attribute: string; op: NumericOp; value: number; negated: boolean }
  | { kind: 'range'; attribute: string; low: number; high: number; negated: boolean };

/** What a filter needs to know about one record. */
export type FilterTarget = {
  /** Trimmed, lower-cased string forms of a facet attribute's values; undefined when not facetable. */
  facetValues(attribute: string): readonly string[] | undefined;
  numericValues(attribute: string): readonly number[];
  tags(): readonly string[];
};

// ---------------------------------------------------------------------------------------------
// Lexer

type TokenType =
  | 'string'
  | 'num'
  | 'emptyStr'
  | 'incompleteStr'
  | 'colon'
  | 'to'
  | 'open'
  | 'close'
  | 'or'
  | 'and'
  | 'not'
  | 'eof'
  | 'lt'
  | 'gt'
  | 'comma'
  | 'op';

type Token = { type: TokenType; value: string; raw: string; pos: number };

// How Algolia names tokens in its messages.
const TOKEN_NAMES: Record<TokenType | 'filter', string> = {
  emptyStr: 'empty string',
  incompleteStr: 'incomplete string',
  filter: 'filter',
  string: 'string',
  num: 'numeric',
  colon: "':'",
  to: "'TO'",
  open: "'('",
  close: "')'",
  or: "'OR'",
  and: "'AND'",
  not: "'NOT'",
  eof: 'end of filter',
  lt: '<',
  gt: '>',
  comma: ',',
  op: 'numeric operator',
};

class FilterSyntaxError extends Error {}

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const isSeparator = (c: string): boolean =>
  isSpace(c) || c === '(' || c === ')' || c === '<' || c === '>' || c === '=' || c === '!' || c === ':' || c === "'" || c === '"';

function readWord(s: string, i: number): Token {
  let end = i;
  let onlyNum = true;
  let dots = 0;
  for (; end < s.length && !isSeparator(s[end]!); end++) {
    const c = s[end]!;
    onlyNum &&= (c >= '0' && c <= '9') || (end === i && c === '-') || (end > i && c === '.' && ++dots === 1);
  }
  const word = s.slice(i, end);
  const keyword = ({ OR: 'or', TO: 'to', NOT: 'not', AND: 'and' } as const)[word as 'OR'];
  if (keyword) return { type: keyword, value: word, raw: word, pos: i };
  // "-" alone or "-." are not numbers.
  const type = onlyNum && /\d/.test(word) ? 'num' : 'string';
  return { type, value: word, raw: word, pos: i };
}

function readQuoted(s: string, i: number): Token {
  const quote = s[i]!;
  let escaped = false;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j]!;
    if (c === quote && !escaped) {
      if (j === i + 1) return { type: 'emptyStr', value: '', raw: quote + quote, pos: j };
      const inner = s.slice(i + 1, j).replace(/\\([\\"'])/g, '$1');
      return { type: 'string', value: inner, raw: s.slice(i, j + 1), pos: i };
    }
    escaped = c === '\\' ? !escaped : false;
  }
  return { type: 'incompleteStr', value: s.slice(i + 1), raw: s.slice(i), pos: i };
}

function lex(s: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (isSpace(c)) {
      i++;
      continue;
    }
    const next = s[i + 1];
    let token: Token;
    if (c === '=') token = { type: 'op', value: '=', raw: '=', pos: i };
    else if (c === '<')
      token = next === '=' ? { type: 'op', value: '<=', raw: '<=', pos: i } : { type: 'lt', value: '<', raw: '<', pos: i };
    else if (c === '>')
      token = next === '=' ? { type: 'op', value: '>=', raw: '>=', pos: i } : { type: 'gt', value: '>', raw: '>', pos: i };
    else if (c === '!') {
      if (next !== '=') throw new FilterSyntaxError(`Not allowed ! at col ${i}`);
      token = { type: 'op', value: '!=', raw: '!=', pos: i };
    } else if (c === '(') token = { type: 'open', value: '(', raw: '(', pos: i };
    else if (c === ')') token = { type: 'close', value: ')', raw: ')', pos: i };
    else if (c === ':') token = { type: 'colon', value: ':', raw: ':', pos: i };
    else if (c === ',') token = { type: 'comma', value: ',', raw: ',', pos: i };
    else if (c === '"' || c === "'") token = readQuoted(s, i);
    else token = readWord(s, i);
    tokens.push(token);
    // An empty string token is positioned on its closing quote but spans both quotes.
    i = token.type === 'emptyStr' ? token.pos + 1 : i + token.raw.length;
  }
  tokens.push({ type: 'eof', value: '', raw: '', pos: s.length });
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Parser

type TermType = 'none' | 'facet' | 'tag' | 'numeric';

const SAME_OR_ERRORS: Record<Exclude<TermType, 'none'>, string> = {
  numeric:
    'Different types are not allowed in the same OR.\nExpected a numeric filter which needs to have one of the following form:' +
    '\n - numeric_attr_name=10\n - numeric_attr_name>10\n - numeric_attr_name>=10\n - numeric_attr_name<10' +
    '\n - numeric_attr_name<=10\n - numeric_attr_name!=10\n - numeric_attr_name:10 TO 20',
  facet:
    'Different types are not allowed in the same OR.\nExpected a facet filter which needs to have this form:\n - facet_name:facet_value',
  tag: 'Different types are not allowed in the same OR.\nExpected a tag filter which needs to have this form:\n - _tags:tag_value\n - tag_value',
};

class Parser {
  private pos = 0;
  private termType: TermType = 'none';
  // Operator of each group being parsed (innermost last), and of the last group closed: Algolia
  // refuses an OR that follows a closed AND group, and an AND inside an open OR group.
  private readonly groups: Array<Token | null> = [];
  private lastGroup: Token | null = null;

  constructor(private readonly tokens: Token[]) {}

  // A method, not a getter: TypeScript would otherwise keep a narrowed type across `pos++`.
  private current(): Token {
    return this.tokens[Math.min(this.pos, this.tokens.length - 1)]!;
  }

  private peek(offset: number): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!;
  }

  private unexpected(token: Token, expected: TokenType | 'filter' | string): never {
    let message = `Unexpected token ${TOKEN_NAMES[token.type]}`;
    if (token.value.length > 0 && (token.type === 'string' || token.type === 'num')) {
      message += `(${token.value.replace(/\n/g, '\u21b5')})`;
    }
    const name = (TOKEN_NAMES as Record<string, string>)[expected] ?? expected;
    throw new FilterSyntaxError(`${message} expected ${name} at col ${token.pos}`);
  }

  parseFilter(): FilterNode {
    const node = this.parseAnd();
    if (this.current().type !== 'eof') this.unexpected(this.current(), 'eof');
    return node;
  }

  private parseAnd(): FilterNode {
    this.groups.push(null);
    const children: FilterNode[] = [];
    for (;;) {
      children.push(this.parseOr());
      if (this.current().type !== 'and') break;
      this.groups[this.groups.length - 1] = this.current();
      this.pos++;
      if (this.groups.slice(0, -1).some((g) => g?.type === 'or')) {
        throw new FilterSyntaxError('filter X OR (Y AND Z) is not allowed, only X AND (Y OR Z) is allowed');
      }
    }
    const op = this.groups.pop();
    if (op) this.lastGroup = op;
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }

  private parseOr(): FilterNode {
    this.groups.push(null);
    const children: FilterNode[] = [];
    let previousType: TermType = 'none';
    for (;;) {
      children.push(this.parseTerm());
      if (previousType !== 'none' && this.termType !== previousType) {
        throw new FilterSyntaxError(SAME_OR_ERRORS[previousType]);
      }
      previousType = this.termType;
      if (this.current().type !== 'or') break;
      this.groups[this.groups.length - 1] = this.current();
      this.pos++;
      if (this.lastGroup?.type === 'and') {
        throw new FilterSyntaxError('filter (X AND Y) OR Z is not allowed, only (X OR Y) AND Z is allowed');
      }
    }
    const op = this.groups.pop();
    if (op) this.lastGroup = op;
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  }

  private parseTerm(): FilterNode {
    this.termType = 'none';
    if (this.current().type === 'open') {
      this.pos++;
      const inner = this.parseAnd();
      if (this.current().type !== 'close') this.unexpected(this.current(), 'close');
      this.pos++;
      return inner;
    }

    let negated = false;
    if (this.current().type === 'not') {
      this.pos++;
      negated = true;
    }
    if (this.current().type !== 'string' && this.current().type !== 'num') this.unexpected(this.current(), 'filter');

    const name = this.current();
    this.pos++;
    const t = this.current();

    if (t.type === 'op' || t.type === 'lt' || t.type === 'gt') {
      if (t.type === 'lt' && this.peek(1).value === 'score') {
        // "tag<score=2>": a tag with an optional-filter score, which plain filters ignore.
        this.parseOptions();
        this.termType = 'tag';
        return tagNode(name.value, negated);
      }
      this.pos++;
      if (this.current().type !== 'num') this.unexpected(this.current(), 'num');
      const value = Number(this.current().value);
      this.pos++;
      this.termType = 'numeric';
      return { kind: 'numeric', attribute: name.value, op: t.value as NumericOp, value, negated };
    }

    if (t.type === 'colon') {
      this.pos++;
      const valueToken = this.current();
      if (valueToken.type !== 'string' && valueToken.type !== 'num') this.unexpected(valueToken, 'string');
      this.pos++;
      if (valueToken.type === 'num' && this.current().type === 'to') {
        this.pos++;
        if (this.current().type !== 'num') this.unexpected(this.current(), 'num');
        const high = Number(this.current().value);
        this.pos++;
        this.termType = 'numeric';
        return { kind: 'range', attribute: name.value, low: Number(valueToken.value), high, negated };
      }
      this.parseOptions();
      if (name.value === '_tags') {
        this.termType = 'tag';
        return tagNode(valueToken.value, negated);
      }
      this.termType = 'facet';
      return { kind: 'facet', attribute: name.value, value: unescapeDash(valueToken.value), negated };
    }

    // A bare value is a tag filter.
    this.termType = 'tag';
    return tagNode(name.value, negated);
  }

  // "<score=N>" after a facet or tag value.
  private parseOptions(): void {
    if (this.current().type !== 'lt') return;
    this.pos++;
    for (;;) {
      const option = this.current();
      if (option.type !== 'string') this.unexpected(option, 'string');
      this.pos++;
      if (option.value !== 'score') this.unexpected(option, '\\"score\\"');
      if (this.current().type !== 'op' || this.current().value !== '=') this.unexpected(this.current(), '\\"=\\"');
      this.pos++;
      if (this.current().type !== 'num') this.unexpected(this.current(), 'num');
      this.pos++;
      if (this.current().type !== 'comma') break;
      this.pos++;
    }
    if (this.current().type !== 'gt') this.unexpected(this.current(), 'gt');
    this.pos++;
  }
}

function tagNode(value: string, negated: boolean): FilterNode {
  return { kind: 'tag', value: unescapeDash(value), negated };
}

// "\-value" means the literal "-value".
function unescapeDash(value: string): string {
  return value.startsWith('\\-') ? value.slice(1) : value;
}

/** Parses a `filters` string; an empty or blank string means no filter (null). */
export function parseFilters(filters: string): FilterNode | null {
  if (filters.trim() === '') return null;
  try {
    return new Parser(lex(filters)).parseFilter();
  } catch (e) {
    if (e instanceof FilterSyntaxError) throw badRequest(`filters: ${e.message}`);
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Array forms: ["a:b", ["c:d", "c:e"]] is a:b AND (c:d OR c:e).

type ArrayFilterName = 'facetFilters' | 'numericFilters' | 'tagFilters';

function arrayForm(name: ArrayFilterName, input: unknown): Array<string | string[]> {
  let value = input;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return [];
    if (trimmed.startsWith('[')) {
      try {
        value = JSON.parse(trimmed);
      } catch {
        throw badRequest(`${name}: invalid JSON array`);
      }
    } else {
      // Legacy string form: comma-separated conjunction, parentheses for a disjunction.
      return splitLegacy(trimmed);
    }
  }
  if (!Array.isArray(value))
    throw badRequest(`Invalid value for "${name}" parameter, expected array of strings or array of arrays of strings`);
  return value.map((item) => {
    if (typeof item === 'string') return item;
    if (Array.isArray(item) && item.every((x) => typeof x === 'string')) return item as string[];
    throw badRequest(`Invalid value for "${name}" parameter, expected array of strings or array of arrays of strings`);
  });
}

function splitLegacy(s: string): Array<string | string[]> {
  const out: Array<string | string[]> = [];
  for (const part of s.match(/\([^)]*\)|[^,]+/g) ?? []) {
    const p = part.trim();
    if (p.startsWith('('))
      out.push(
        p
          .slice(1, -1)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      );
    else if (p) out.push(p);
  }
  return out;
}

function facetFilterNode(filter: string): FilterNode {
  const colon = filter.indexOf(':');
  if (colon <= 0) {
    throw badRequest(`facetFilters: invalid facet filter "${filter}", expected facet_name:facet_value`);
  }
  const attribute = filter.slice(0, colon).trim();
  let value = filter.slice(colon + 1);
  let negated = false;
  if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) {
    value = value.slice(1);
  }
  if (attribute === '_tags') return { kind: 'tag', value, negated };
  return { kind: 'facet', attribute, value, negated };
}

function numericFilterNode(filter: string): FilterNode {
  let node: FilterNode;
  try {
    node = new Parser(lex(filter)).parseFilter();
  } catch (e) {
    if (e instanceof FilterSyntaxError) throw badRequest(`numericFilters: ${e.message}`);
    throw e;
  }
  if (node.kind !== 'numeric' && node.kind !== 'range') {
    throw badRequest(`numericFilters: invalid numeric filter "${filter}"`);
  }
  return node;
}

function tagFilterNode(filter: string): FilterNode {
  if (filter.startsWith('-')) return { kind: 'tag', value: filter.slice(1), negated: true };
  return { kind: 'tag', value: unescapeDash(filter), negated: false };
}

const ARRAY_FORMS: Record<ArrayFilterName, (filter: string) => FilterNode> = {
  facetFilters: facetFilterNode,
  numericFilters: numericFilterNode,
  tagFilters: tagFilterNode,
};

/** Compiles one of the array filter parameters; null when empty. */
export function parseArrayFilters(name: ArrayFilterName, input: unknown): FilterNode | null {
  if (input === undefined || input === null) return null;
  const build = ARRAY_FORMS[name];
  const children = arrayForm(name, input).map((item): FilterNode => {
    if (typeof item === 'string') return build(item);
    return { kind: 'or', children: item.map(build) };
  });
  if (children.length === 0) return null;
  return children.length === 1 ? children[0]! : { kind: 'and', children };
}

/** ANDs the non-null filters together. */
export function combineFilters(nodes: Array<FilterNode | null>): FilterNode | null {
  const present = nodes.filter((n): n is FilterNode => n !== null);
  if (present.length === 0) return null;
  return present.length === 1 ? present[0]! : { kind: 'and', children: present };
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** The form facet values are compared in: Algolia compares facet values case-insensitively. */
export function facetKey(value: string): string {
  return value.trim().toLowerCase();
}

function compare(op: NumericOp, a: number, b: number): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

function matchesLeaf(node: Exclude<FilterNode, { kind: 'and' | 'or' }>, target: FilterTarget): boolean {
  switch (node.kind) {
    case 'facet': {
      // An attribute missing from attributesForFaceting filters everything out, as on Algolia.
      const values = target.facetValues(node.attribute);
      return values?.includes(facetKey(node.value)) ?? false;
    }
    case 'tag':
      return target.tags().includes(node.value); // tags are case-sensitive
    case 'numeric':
      return target.numericValues(node.attribute).some((v) => compare(node.op, v, node.value));
    case 'range':
      return target.numericValues(node.attribute).some((v) => v >= node.low && v <= node.high);
  }
}

export function matchesFilter(node: FilterNode, target: FilterTarget): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((c) => matchesFilter(c, target));
    case 'or':
      return node.children.some((c) => matchesFilter(c, target));
    default: {
      const hit = matchesLeaf(node, target);
      return node.negated ? !hit : hit;
    }
  }
}
