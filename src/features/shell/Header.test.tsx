import { createStore, Provider } from 'jotai';
import { renderToString } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../schemas/settings';
import { Header } from './Header';

const categories = [{ id: 1, label: 'XV de France', href: '/categories/xv-de-france', external: false, children: [] }];
const search = { appId: 'APP', apiKey: 'key', host: null, indexName: 'news', latestIndexName: 'news_recent', playersIndexName: 'players' };

function page(logo: string) {
  const settings = { ...DEFAULT_SETTINGS, title: 'FFR Presse', logo };
  return renderToString(
    <html lang="fr">
      <head />
      <body>
        <Provider store={createStore()}>
          <Header categories={categories} links={[]} settings={settings} search={search} stories={[]} />
        </Provider>
      </body>
    </html>,
  );
}

describe('Header', () => {
  it('is shared HTML, with the logo as React writes an <img> and its preload in the <head>', () => {
    const html = page('https://presse.ffr.fr/logo.svg?v=1&t=2');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" href="https://presse.ffr.fr/logo.svg?v=1&amp;t=2" as="image"/>');
    expect(html).toContain(
      '<a class="header__logo" href="/" aria-label="FFR Presse — accueil"><img src="https://presse.ffr.fr/logo.svg?v=1&amp;t=2" alt="" width="160" height="48"/></a>',
    );
    // The islands are inside, as every page shows them.
    expect(html).toContain('data-island="MobileMenu"');
    expect(html).toContain('data-island="SearchBox"');
    // The same header on a second page: written from the isolate's copy, the preload asked again.
    expect(page('https://presse.ffr.fr/logo.svg?v=1&t=2')).toBe(html);
  });

  it('names the site when there is no logo, and asks for no preload', () => {
    const html = page('');
    expect(html).toContain('<a class="header__logo" href="/" aria-label="FFR Presse — accueil"><span>FFR Presse</span></a>');
    expect(html).not.toContain('rel="preload"');
  });

  it('escapes what the logo address carries', () => {
    const html = page('https://presse.ffr.fr/x.svg"><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<img src="https://presse.ffr.fr/x.svg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" alt=""');
  });
});
