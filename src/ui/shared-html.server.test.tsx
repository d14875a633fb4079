import { createStore, Provider } from 'jotai';
import { renderToString } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../lib/immutable';
import { Shared, sharedHtml, sharedIsland } from './shared-html.server';

function List({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>
          {item} ({items.length})
        </li>
      ))}
    </ul>
  );
}

let renders = 0;
function Counted({ label }: { label: string }) {
  renders++;
  return <p>{label}</p>;
}

/** An eager image: React asks the page's <head> for its preload, which only the page's render can do. */
function Hero({ src }: { src: string }) {
  return <img src={src} alt="" fetchPriority="high" />;
}

const inPlace = (node: React.ReactNode) => renderToString(<Provider store={createStore()}>{node}</Provider>);

describe('sharedHtml', () => {
  it('is the HTML the component renders in place, text separators included', () => {
    const items = ['Top 14', 'Pro D2', 'Élite 1 « féminine »'];
    expect(sharedHtml(List, { items })).toBe(inPlace(<List items={items} />));
  });

  it('renders once per component and props, again when the props change', () => {
    renders = 0;
    sharedHtml(Counted, { label: 'XV de France' });
    sharedHtml(Counted, { label: 'XV de France' });
    expect(renders).toBe(1);
    expect(sharedHtml(Counted, { label: 'France 7' })).toBe('<p>France 7</p>');
    expect(renders).toBe(2);
  });

  it('declines a component that puts something in the head, and Shared renders it in place', () => {
    expect(sharedHtml(Hero, { src: '/une.jpg' })).toBeNull();
    const page = inPlace(<Shared as="div" attrs={{ className: 'hero' }} component={Hero} props={{ src: '/une.jpg' }} />);
    expect(page).toContain('<div class="hero"><img src="/une.jpg"');
  });

  it('Shared writes the same markup as the tree it stands for', () => {
    const items = ['Actualités', 'Communiqués'];
    const shared = inPlace(
      <Shared
        as="nav"
        attrs={{ className: 'footer__categories', 'aria-label': 'Toutes les catégories' }}
        component={List}
        props={{ items }}
      />,
    );
    const direct = inPlace(
      <nav className="footer__categories" aria-label="Toutes les catégories">
        <List items={items} />
      </nav>,
    );
    expect(shared).toBe(direct);
  });

  it('knows a deeply frozen prop by its identity, anything else by its JSON', () => {
    let listed = 0;
    function Menu({ items }: { items: readonly { label: string }[] }) {
      listed++;
      return (
        <ul>
          {items.map((i) => (
            <li key={i.label}>{i.label}</li>
          ))}
        </ul>
      );
    }
    const copy = deepFreeze([{ label: 'Top 14' }, { label: 'Pro D2' }]);
    const html = sharedHtml(Menu, { items: copy });
    expect(sharedHtml(Menu, { items: copy })).toBe(html);
    expect(listed).toBe(1);
    // The same content in another frozen copy (a publish that changed nothing): rendered again, alike.
    expect(sharedHtml(Menu, { items: deepFreeze([{ label: 'Top 14' }, { label: 'Pro D2' }]) })).toBe(html);
    expect(listed).toBe(2);
    // Not frozen: it could change under the same identity, so its JSON tells.
    const live = [{ label: 'Top 14' }];
    expect(sharedHtml(Menu, { items: live })).toBe('<ul><li>Top 14</li></ul>');
    live.push({ label: 'Élite 1' });
    expect(sharedHtml(Menu, { items: live })).toBe('<ul><li>Top 14</li><li>Élite 1</li></ul>');
    expect(() => (copy as { label: string }[]).push({ label: 'Nationale' })).toThrow(TypeError);
  });

  it("keeps an island's props JSON with its HTML", () => {
    const links = deepFreeze([{ href: '/contact', label: 'Contacts « presse »' }]);
    const first = sharedIsland(List, { items: links.map((l) => l.label) });
    expect(first.json).toBe(JSON.stringify({ items: ['Contacts « presse »'] }));
    expect(sharedIsland(List, { items: ['Contacts « presse »'] })).toEqual(first);
  });
});
