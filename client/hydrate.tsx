import { createStore, Provider } from 'jotai';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'preact/compat/client';
import { islandLoaders } from 'virtual:island-loaders';

// The islands of this page. They are written against React's API and rendered on the server by
// React 19; in the browser, Preact's compatibility layer runs them (the client build points `react`
// at `preact/compat`, docs/decisions/012-preact-in-the-browser.md). One jotai store for every
// island, so the burger, the search panel and the modals see the same state.
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
    // One island per task (a yield between islands): no long task blocks the reader. A button
    // pressed before its island was live is pressed again by client/main.tsx.
    hydrateRoot(
      root,
      <Provider store={store}>
        <Component {...props} />
      </Provider>,
    );
    // Says the island is live, for the measurements (npm run audit) and the browser tests, without
    // reading the framework's internals.
    root.dataset.hydrated = '';
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
