import { createStore, Provider } from 'jotai';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from '../src/islands/registry';
import { islandLoaders } from './island-loaders';

// React, jotai and the islands of this page. One store for every island, so the burger, the
// search panel and the modals see the same state.
const store = createStore();

export async function hydrateIslands(): Promise<void> {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  // Fetch every island of the page at once, then hydrate in document order.
  const loaded = await Promise.all(
    roots.map((root) => {
      const load = islandLoaders[root.dataset.island as IslandName];
      return load ? load().catch(() => null) : Promise.resolve(null);
    }),
  );
  roots.forEach((root, i) => {
    const Component = loaded[i]?.default as ComponentType<Record<string, unknown>> | undefined;
    if (!Component) return;
    let props: Record<string, unknown> = {};
    try {
      props = JSON.parse(root.dataset.props ?? '{}');
    } catch {
      return; // leave the server HTML as it is rather than hydrate with wrong props
    }
    hydrateRoot(
      root,
      <Provider store={store}>
        <Component {...props} />
      </Provider>,
    );
  });
}
