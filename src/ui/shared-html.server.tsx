import { createStore, Provider } from 'jotai';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { isDeeplyFrozen } from '../lib/immutable';

// The parts of the shell that every page repeats (the top bar, the header and its menus, the
// partners, the footer): most of a page's markup, and much of its render's CPU (bench:cpu, issues
// 21 and 34). A component whose HTML depends on its props alone (no server context, no useId) is
// rendered once per isolate and props, and its HTML written as it is by the page that holds it.

type Html = string | null;
/**
 * `json`: the props' JSON, made when an island first needs it for its data-props. `cut`: the HTML
 * cut at its holes' marks (text, hole index, text, …), made when a page first fills them.
 */
type Entry = { html: Html; json?: string; cut?: string[] };
/** By component, then by props (keyOf). Bounded: a site has a few variants of each (a menu edited, a year turned). */
const rendered = new Map<ComponentType<never>, Map<string, Entry>>();
const MAX_PER_COMPONENT = 50;

const ids = new WeakMap<object, number>();
let lastId = 0;
function idOf(value: object): number {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = ++lastId));
  return id;
}

/**
 * What tells two props apart: a deeply frozen value (the shell and the data copies it is made of:
 * lib/immutable.ts) by its identity, anything else by its JSON. The header's props alone are
 * ~15 KB of JSON, which every page would otherwise write out to find its HTML.
 */
function keyOf(props: object): string {
  let key = '';
  for (const [name, value] of Object.entries(props)) key += `${name}=${isDeeplyFrozen(value) ? `#${idOf(value)}` : JSON.stringify(value)};`;
  return key;
}

function entryFor<P extends object>(Component: ComponentType<P>, props: P): Entry {
  let known = rendered.get(Component as ComponentType<never>);
  if (!known) rendered.set(Component as ComponentType<never>, (known = new Map()));
  const key = keyOf(props);
  let entry = known.get(key);
  if (entry === undefined) {
    const whole = renderToString(
      <Provider store={createStore()}>
        <div>{createElement(Component, props)}</div>
      </Provider>,
    );
    entry = { html: whole.startsWith('<div>') && whole.endsWith('</div>') ? whole.slice('<div>'.length, -'</div>'.length) : null };
    if (known.size >= MAX_PER_COMPONENT) known.clear();
    known.set(key, entry);
  }
  return entry;
}

/**
 * The HTML of `<Component {...props} />`, rendered alone (a jotai store of its own, as each page
 * has), or null when React would have put something in the page's <head> for it (the preload of an
 * eager image, a hoisted <link> or <meta>): only the page's own render can do that, so such a
 * component is rendered in place.
 */
export function sharedHtml<P extends object>(Component: ComponentType<P>, props: P): Html {
  return entryFor(Component, props).html;
}

/** An island's shared HTML (see sharedHtml) and its props' JSON, both kept once per isolate and props. */
export function sharedIsland<P extends object>(Component: ComponentType<P>, props: P): { html: Html; json: string } {
  const entry = entryFor(Component, props);
  entry.json ??= JSON.stringify(props);
  return { html: entry.html, json: entry.json };
}

/**
 * Holes: strings of the props that change with the page (the sign-in link that comes back to it)
 * in HTML that is otherwise the same on every page. The HTML is rendered once with a mark in each
 * hole, and each page writes its own values where the marks came out. A value is written as it is,
 * so it may only hold what neither HTML nor JSON (an island's data-props) escapes; and the
 * component must only write it out, never look into it (the mark is never empty). Any other value
 * is rendered in place.
 */
const UNESCAPED = /^[^&<>"'\\\u0000-\u001f\u007f\u2028\u2029\ud800-\udfff]+$/;
// Drawn on first use (Workers allow no random values at global scope): no content can carry it.
let markBase = '';
const mark = () => (markBase ||= `h${crypto.randomUUID().replaceAll('-', '')}`);

function filled<P extends object>(component: ComponentType<P>, props: P, holes: readonly (keyof P & string)[]): Html {
  const values = holes.map((name) => props[name]);
  if (!values.every((v) => typeof v === 'string' && UNESCAPED.test(v))) return null;
  const marked = { ...props };
  holes.forEach((name, i) => {
    (marked as Record<string, unknown>)[name] = `${mark()}${i}z`;
  });
  const entry = entryFor(component, marked);
  if (entry.html === null) return null;
  entry.cut ??= entry.html.split(new RegExp(`${mark()}(\\d+)z`));
  let html = '';
  entry.cut.forEach((part, i) => {
    html += i % 2 ? (values[Number(part)] as string) : part;
  });
  return html;
}

type Tag = 'div' | 'footer' | 'header' | 'nav' | 'section';

/**
 * `<as {...attrs}>` holding `<Component {...props} />`: its HTML is shared by every page that shows
 * the same props (see sharedHtml), the `holes` written in for each page (see filled). The output
 * is the same as rendering it in place.
 */
export function Shared<P extends object>({
  as,
  attrs,
  component,
  props,
  holes,
}: {
  as: Tag;
  attrs: Record<string, string>;
  component: ComponentType<P>;
  props: P;
  holes?: readonly (keyof P & string)[];
}) {
  const html = holes ? filled(component, props, holes) : sharedHtml(component, props);
  if (html === null) return createElement(as, attrs, createElement(component, props));
  return createElement(as, { ...attrs, dangerouslySetInnerHTML: { __html: html } });
}
