import { createStore, Provider } from 'jotai';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server.edge';

// The parts of the shell that every page repeats (the menus, the search box, the footer's lists):
// about half of a page's markup, and of its render's CPU (bench:cpu, issue 21). A component whose
// HTML depends on its props alone (no server context, no useId) is rendered once per isolate and
// props, and its HTML written as it is by the page that holds it.

type Html = string | null;
/** By component, then by props (JSON). Bounded: a site has a few variants of each (a menu edited, a year turned). */
const rendered = new Map<ComponentType<never>, Map<string, Html>>();
const MAX_PER_COMPONENT = 50;

/**
 * The HTML of `<Component {...props} />`, rendered alone (a jotai store of its own, as each page
 * has), or null when React would have put something in the page's <head> for it (the preload of an
 * eager image, a hoisted <link> or <meta>): only the page's own render can do that, so such a
 * component is rendered in place. `json`: the props' JSON, when the caller has it already.
 */
export function sharedHtml<P extends object>(Component: ComponentType<P>, props: P, json = JSON.stringify(props)): Html {
  let known = rendered.get(Component as ComponentType<never>);
  if (!known) rendered.set(Component as ComponentType<never>, (known = new Map()));
  let html = known.get(json);
  if (html === undefined) {
    const whole = renderToString(
      <Provider store={createStore()}>
        <div>{createElement(Component, props)}</div>
      </Provider>,
    );
    html = whole.startsWith('<div>') && whole.endsWith('</div>') ? whole.slice('<div>'.length, -'</div>'.length) : null;
    if (known.size >= MAX_PER_COMPONENT) known.clear();
    known.set(json, html);
  }
  return html;
}

type Tag = 'div' | 'header' | 'nav' | 'ul';

/**
 * `<as {...attrs}>` holding `<Component {...props} />`: its HTML is shared by every page that shows
 * the same props (see sharedHtml). The output is the same as rendering it in place.
 */
export function Shared<P extends object>({
  as,
  attrs,
  component,
  props,
}: {
  as: Tag;
  attrs: Record<string, string>;
  component: ComponentType<P>;
  props: P;
}) {
  const html = sharedHtml(component, props);
  if (html === null) return createElement(as, attrs, createElement(component, props));
  return createElement(as, { ...attrs, dangerouslySetInnerHTML: { __html: html } });
}
