import { Tokenizer } from 'htmlparser2';
import { InlineHtml } from '../lib/html/inline-html';

// Page bodies and event sidebars arrive as simple HTML. Block elements we know are rebuilt as
// React elements and their content goes through the inline allow-list; anything else is text.
// An HTML tokenizer finds the tags, so a tag written inside a comment, an attribute value or a
// <script> is not taken for one.

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'blockquote']);
const LISTS = new Set(['ul', 'ol']);
/** Elements that can contain themselves: they end at the end tag that balances them. */
const NESTING = new Set(['ul', 'ol', 'blockquote']);
/** Lists nested deeper than this are read as words (InlineHtml), so hostile nesting stays flat. */
const MAX_LIST_DEPTH = 8;

type Part = { tag: string; inner: string };
type Tag = { name: string; closing: boolean; start: number; end: number };
type Found = { name: string; start: number; end: number; inner: string };

/** Start and end tags as an HTML tokenizer reads them (positions in `html`, end exclusive). */
function readTags(html: string): Tag[] {
  const tags: Tag[] = [];
  let open: Tag | null = null;
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        open = { name: html.slice(start, end).toLowerCase(), closing: false, start: start - 1, end: -1 };
      },
      onopentagend(end) {
        if (open) tags.push({ ...open, end: end + 1 });
        open = null;
      },
      onselfclosingtag(end) {
        // "<ul/>" opens a list in HTML, as the tokenizer reads it.
        if (open) tags.push({ ...open, end: end + 1 });
        open = null;
      },
      onclosetag(start, end) {
        // The tokenizer skips whatever follows an end tag's name up to its ">".
        const gt = html.indexOf('>', end);
        if (gt !== -1) tags.push({ name: html.slice(start, end).toLowerCase(), closing: true, start: start - 2, end: gt + 1 });
      },
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      onattribname() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return tags;
}

/**
 * The end tag of each start tag (by index), if any. <p> and headings cannot contain themselves in
 * HTML, so their first end tag ends them; a list, a quote or an item ends at its balancing end tag
 * (an item's count stops at the lists inside it). When nothing balances, the first end tag does.
 */
function endTags(tags: Tag[]): (number | undefined)[] {
  const ends: (number | undefined)[] = [];
  const next = new Map<string, number>();
  for (let k = tags.length - 1; k >= 0; k--) {
    const tag = tags[k]!;
    if (tag.closing) next.set(tag.name, k);
    else ends[k] = next.get(tag.name);
  }
  const open = new Map<string, number[]>();
  const items: number[][] = [[]]; // <li> start tags of each list level
  const balance = (stack: number[], k: number) => {
    if (!tags[k]!.closing) stack.push(k);
    else {
      const start = stack.pop();
      if (start !== undefined) ends[start] = k;
    }
  };
  for (let k = 0; k < tags.length; k++) {
    const { name, closing } = tags[k]!;
    if (name === 'li') balance(items[items.length - 1]!, k);
    if (LISTS.has(name)) {
      if (!closing) items.push([]);
      else if (items.length > 1) items.pop();
    }
    if (NESTING.has(name)) {
      if (!open.has(name)) open.set(name, []);
      balance(open.get(name)!, k);
    }
  }
  return ends;
}

/** The outermost elements named in `names`, with their content as written. */
function findElements(html: string, names: ReadonlySet<string>): Found[] {
  const tags = readTags(html);
  const ends = endTags(tags);
  const found: Found[] = [];
  for (let k = 0; k < tags.length; k++) {
    const tag = tags[k]!;
    const end = ends[k];
    if (tag.closing || !names.has(tag.name) || end === undefined) continue;
    found.push({ name: tag.name, start: tag.start, end: tags[end]!.end, inner: html.slice(tag.end, tags[end]!.start) });
    k = end;
  }
  return found;
}

export function splitBlocks(html: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const block of findElements(html, BLOCKS)) {
    const before = html.slice(last, block.start).trim();
    if (before) parts.push({ tag: 'p', inner: before });
    parts.push({ tag: block.name, inner: block.inner });
    last = block.end;
  }
  const rest = html.slice(last).trim();
  if (rest) for (const para of rest.split(/\n{2,}/)) if (para.trim()) parts.push({ tag: 'p', inner: para.trim() });
  return parts;
}

/** A list's items (what is between them is dropped); a list inside an item stays a list. */
function List({ tag, inner, depth }: { tag: string; inner: string; depth: number }) {
  const ListTag = tag as 'ul' | 'ol';
  return (
    <ListTag>
      {findElements(inner, new Set(['li'])).map((item, j) => (
        <li key={j}>
          <Item html={item.inner} depth={depth} />
        </li>
      ))}
    </ListTag>
  );
}

function Item({ html, depth }: { html: string; depth: number }) {
  const lists = depth < MAX_LIST_DEPTH ? findElements(html, LISTS) : [];
  if (lists.length === 0) return <InlineHtml html={html} />;
  const children = [];
  let last = 0;
  for (const [k, list] of lists.entries()) {
    if (list.start > last) children.push(<InlineHtml key={`t${k}`} html={html.slice(last, list.start)} />);
    children.push(<List key={`l${k}`} tag={list.name} inner={list.inner} depth={depth + 1} />);
    last = list.end;
  }
  if (last < html.length) children.push(<InlineHtml key="t" html={html.slice(last)} />);
  return <>{children}</>;
}

export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className}>
      {splitBlocks(html).map((part, i) => {
        // biome-ignore lint/correctness/useJsxKeyInIterable: a child of the keyed element returned below, not an item of the list
        const inline = <InlineHtml html={part.inner} />;
        switch (part.tag) {
          case 'h2':
            return <h2 key={i}>{inline}</h2>;
          case 'h3':
            return <h3 key={i}>{inline}</h3>;
          case 'h4':
            return <h4 key={i}>{inline}</h4>;
          case 'blockquote':
            return <blockquote key={i}>{inline}</blockquote>;
          case 'ul':
          case 'ol':
            return <List key={i} tag={part.tag} inner={part.inner} depth={1} />;
          default:
            return <p key={i}>{inline}</p>;
        }
      })}
    </div>
  );
}
