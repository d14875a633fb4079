import { createElement, Fragment, type ReactNode } from 'react';
import { decodeAttribute, decodeEntities } from './entities';
import { isExternal, safeHref } from './urls';
import { FRENCH_PHONE, frenchSpaces, KEEP_TOGETHER } from '../format/typography';
import { displayPhone, telHref } from '../format/phone';

// WordPress puts a little inline HTML in block text (bold, italics, links, line breaks). Rather than
// trusting it with dangerouslySetInnerHTML, a small tokenizer rebuilds it as React elements from an
// allow-list: React escapes every text and attribute, so whatever WordPress sends, only these
// elements and these attributes (checked) can reach the page. Pure string work: no DOM, so the
// same code runs in workerd and in the browser, and it never throws on broken markup.

type Formatting = 'strong' | 'b' | 'em' | 'i' | 'u' | 'sup' | 'sub' | 'a';
type LinkAttrs = { href: string; title?: string; target?: '_blank'; rel?: 'noopener' };
type Element = { tag: Formatting; link?: LinkAttrs; children: InlineNode[] };
export type InlineNode = string | { tag: 'br' } | Element;

const FORMATTING = new Set<string>(['strong', 'b', 'em', 'i', 'u', 'sup', 'sub', 'a']);
/** Elements whose content is code or a document, never text for the reader: dropped whole. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'noscript', 'textarea', 'title', 'xmp', 'noembed', 'noframes']);
/** Block elements dropped from inline text still separate words: "a</p><p>b" reads "a b". */
const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'table',
  'tr',
  'td',
  'th',
  'figure',
  'figcaption',
  'section',
  'article',
  'header',
  'footer',
  'hr',
]);
/** Past this depth formatting tags are ignored, so hostile nesting cannot blow React's stack. */
const MAX_DEPTH = 24;

// ---------------------------------------------------------------------------------------------
// Tokenizer

type Tag = { name: string; closing: boolean; attrs: Map<string, string>; end: number };

const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
const isLetter = (c: string | undefined) => c !== undefined && /[a-zA-Z]/.test(c);

/**
 * Reads the tag starting at `start` (html[start] is "<"). Returns null when it is not a tag
 * ("3 < 5", "</>") or never ends: the "<" then stays as text, so no word is lost.
 */
function readTag(html: string, start: number): Tag | null {
  const closing = html[start + 1] === '/';
  let i = start + (closing ? 2 : 1);
  if (!isLetter(html[i])) return null;
  const nameStart = i;
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(nameStart, i).toLowerCase();
  const attrs = new Map<string, string>();
  while (i < html.length) {
    const c = html[i];
    if (c === '>') return { name, closing, attrs, end: i + 1 };
    if (isSpace(c) || c === '/') {
      i++;
      continue;
    }
    // An attribute name runs to a space, "/", ">" or "=" (a leading "=" belongs to the name).
    const attrStart = i;
    i++;
    while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    // As in browsers, the first of duplicated attributes wins.
    if (!attrs.has(attrName)) attrs.set(attrName, decodeAttribute(value));
  }
  return null;
}

/** Index just past the end tag of a raw-text element (`</script >`), or the end of the input. */
function skipRawText(html: string, from: number, name: string): number {
  const closer = new RegExp(`</${name}(?=[\\s/>])[^>]*>`, 'ig');
  closer.lastIndex = from;
  const m = closer.exec(html);
  return m ? m.index + m[0].length : html.length;
}

function linkAttrs(attrs: Map<string, string>): LinkAttrs | null {
  const href = safeHref(attrs.get('href') ?? '');
  if (!href) return null;
  const link: LinkAttrs = { href };
  const title = attrs.get('title')?.trim();
  if (title) link.title = title;
  const blank = attrs.get('target')?.trim().toLowerCase() === '_blank';
  if (blank) link.target = '_blank';
  // A page opened from the newsroom must not get a handle on it (window.opener).
  if (blank || isExternal(href)) link.rel = 'noopener';
  return link;
}

/** Parses inline HTML into a small tree of allowed nodes. Exposed for tests and plain-text uses. */
export function parseInlineHtml(html: string): InlineNode[] {
  const root: Element = { tag: 'b', children: [] }; // a container only: its tag is never rendered
  const stack: Element[] = [root];
  const top = () => stack[stack.length - 1]!;

  const pushText = (text: string) => {
    if (!text) return;
    const children = top().children;
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + text;
    else children.push(text);
  };
  const separateWords = () => {
    const children = top().children;
    const last = children[children.length - 1];
    if (last !== undefined && !(typeof last === 'string' && /\s$/.test(last))) pushText(' ');
  };
  const closeTo = (tag: string) => {
    for (let d = stack.length - 1; d > 0; d--) {
      if (stack[d]!.tag === tag) {
        stack.length = d;
        return;
      }
    }
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      pushText(decodeEntities(html.slice(i)));
      break;
    }
    pushText(decodeEntities(html.slice(i, lt)));
    i = lt;

    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      // <!DOCTYPE>, <![CDATA[…]]>, <?xml?>: never content.
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) {
      pushText('<');
      i++;
      continue;
    }
    i = tag.end;
    const { name } = tag;

    if (name === 'br') {
      // "</br>" is a line break too, as in browsers.
      top().children.push({ tag: 'br' });
    } else if (tag.closing) {
      if (FORMATTING.has(name)) closeTo(name);
      else if (BLOCKS.has(name)) separateWords();
      // Any other end tag (span, font, unknown) had no element: nothing to close.
    } else if (DROPPED_WITH_CONTENT.has(name)) {
      i = skipRawText(html, i, name);
    } else if (FORMATTING.has(name) && stack.length <= MAX_DEPTH) {
      let link: LinkAttrs | undefined;
      if (name === 'a') {
        // Links do not nest: a new one ends the previous (browsers do the same).
        closeTo('a');
        link = linkAttrs(tag.attrs) ?? undefined;
        // A link to a refused address is dropped; its text stays.
        if (!link) continue;
      }
      const el: Element = { tag: name as Formatting, link, children: [] };
      top().children.push(el);
      stack.push(el);
    } else if (BLOCKS.has(name)) {
      separateWords();
    }
    // <span> and every other tag: dropped, its children are read as if it were not there.
  }
  return root.children;
}

// ---------------------------------------------------------------------------------------------
// Output

/**
 * Text as a French reader expects it (lib/format/typography.ts): its spaces before « : ? ! ; » set,
 * and, outside a link, a phone number a link to dial it, kept on one line.
 */
function textNodes(text: string, inLink: boolean): ReactNode {
  const set = frenchSpaces(text);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of inLink ? [] : set.matchAll(FRENCH_PHONE)) {
    parts.push(...together(set.slice(last, m.index), m.index));
    parts.push(
      <a key={`tel-${m.index}`} className="nowrap" href={telHref(m[0])}>
        {displayPhone(m[0])}
      </a>,
    );
    last = m.index + m[0].length;
  }
  parts.push(...together(set.slice(last), last));
  return parts.length === 1 ? parts[0] : parts;
}

/** A score or a hyphenated name on one line (lib/format/typography.ts KEEP_TOGETHER). */
function together(text: string, at: number): ReactNode[] {
  return text.split(KEEP_TOGETHER).map((part, i) =>
    i % 2 === 1 ? (
      <span key={`k-${at}-${i}`} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

function toReact(nodes: InlineNode[], inLink = false): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return <Fragment key={i}>{textNodes(node, inLink)}</Fragment>;
    if (node.tag === 'br') return <br key={i} />;
    if (node.tag === 'a') {
      // A link without text (its image was dropped, say) would be an empty link for screen readers.
      if (!toText(node.children).trim()) return createElement(Fragment, { key: i }, ...toReact(node.children, inLink));
      return createElement('a', { key: i, ...node.link }, ...toReact(node.children, true));
    }
    return createElement(node.tag, { key: i }, ...toReact(node.children, inLink));
  });
}

function toText(nodes: InlineNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : node.tag === 'br' ? ' ' : toText(node.children))).join('');
}

/** Block text from WordPress (limited inline HTML) as React nodes, without raw HTML. */
export function InlineHtml({ html }: { html: string }) {
  return <>{toReact(parseInlineHtml(html))}</>;
}

/** The reader-visible text of inline HTML, for alt, title and aria-label attributes. */
export function htmlToText(html: string): string {
  return toText(parseInlineHtml(html))
    .replace(/[ \t\n\r\f]+/g, ' ')
    .trim();
}
