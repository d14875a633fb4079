import { createStore, Provider } from 'jotai';
import { renderToString } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { Shared, sharedHtml } from './shared-html.server';

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
});
