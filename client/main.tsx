import { createStore, Provider } from 'jotai';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islands, type IslandName } from '../src/islands/registry';

// One store for every island, so the burger, the search panel and the modals see the same state.
const store = createStore();

for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = root.dataset.island as IslandName;
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>> | undefined;
  if (!Component) continue;
  let props: Record<string, unknown> = {};
  try {
    props = JSON.parse(root.dataset.props ?? '{}');
  } catch {
    continue; // leave the server HTML as it is rather than hydrate with wrong props
  }
  hydrateRoot(
    root,
    <Provider store={store}>
      <Component {...props} />
    </Provider>,
  );
}
