import type { ComponentType } from 'react';
import { sharedIsland } from './shared-html.server';
import type { ComponentProps } from 'react';

/**
 * Every island by name: filled in by the list (islands/registry.ts augments this interface), so
 * that a name is checked here without this module importing the features' islands.
 */
// biome-ignore lint/suspicious/noEmptyInterface: augmented by islands/registry.ts
export interface IslandComponents {}
export type IslandName = keyof IslandComponents;
export type IslandProps<N extends IslandName> = ComponentProps<IslandComponents[N]>;

let table: IslandComponents | null = null;

/**
 * The entry hands over the list of islands (src/index.ts; the unit tests' setup): the list imports
 * every feature's islands, and the features render <Island>, so the list is given to this module
 * rather than imported by it, and no module imports itself back.
 */
export function provideIslands(islands: IslandComponents): void {
  table = islands;
}

/**
 * Server side of an island: its HTML, rendered now, inside a root that carries its name and its
 * props (JSON in an attribute: React escapes it, so no markup can break out). Islands take props,
 * never server context.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  if (!table) throw new Error(`<Island name="${name}">: provideIslands() was not called`);
  const Component = table[name] as unknown as ComponentType<Record<string, unknown>>;
  const { json, html } = SHARED.has(name)
    ? sharedIsland(Component, props as Record<string, unknown>)
    : { json: JSON.stringify(props), html: null };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own output for these props, rendered once per isolate
  if (html !== null) return <div className="island" data-island={name} data-props={json} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div className="island" data-island={name} data-props={json}>
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}

/**
 * The shell's islands: the same props on every page (menus, search, partners, the floating
 * buttons). Their HTML depends on their props alone (no server context, no useId:
 * client/hydrate.tsx hydrates each as its own root), so it is rendered once per isolate and props
 * (render/shared-html.server.tsx, decision 013). Not the islands whose props change with the page
 * or the request (the sign-in link of UserMenu comes back to the page, a form carries its
 * idempotency key): a copy per page would only churn.
 */
const SHARED: ReadonlySet<IslandName> = new Set<IslandName>([
  'AccreditationBanner',
  'CategoriesNav',
  'ConsentLink',
  'ContactButton',
  'HeaderScroll',
  'MobileMenu',
  'ModalRoot',
  'PartnersCarousel',
  'SearchBox',
  'SessionSync',
  'Snackbar',
  'TopBarNav',
  'WhatsappBanner',
]);
