import { createStore, Provider } from 'jotai';
import { startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandLoaders } from 'virtual:island-loaders';

// React, jotai and the islands of this page. One store for every island, so the burger, the
// search panel and the modals see the same state.
const store = createStore();

export async function hydrateIslands(): Promise<void> {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  // Fetch every island of the page at once, then hydrate in document order.
  const loaded = await Promise.all(
    roots.map((root) => {
      const load = islandLoaders[root.dataset.island ?? ''];
      return load ? load().catch(() => null) : Promise.resolve(null);
    }),
  );
  for (const [i, root] of roots.entries()) {
    const Component = loaded[i]?.default as ComponentType<Record<string, unknown>> | undefined;
    if (!Component) continue;
    let props: Record<string, unknown> = {};
    try {
      props = JSON.parse(root.dataset.props ?? '{}');
    } catch {
      continue; // leave the server HTML as it is rather than hydrate with wrong props
    }
    // One island per task, as a transition React may interrupt: no long task blocks the reader
    // (React still replays a click that lands on an island not yet hydrated).
    startTransition(() => {
      hydrateRoot(
        root,
        <Provider store={store}>
          <Component {...props} />
        </Provider>,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
