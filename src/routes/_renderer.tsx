import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { Footer } from '../components/shell/Footer';
import { Header } from '../components/shell/Header';
import { PartnersStrip } from '../components/shell/PartnersStrip';
import { TopBar } from '../components/shell/TopBar';
import { assets } from '../render/assets';
import type { Shell } from '../render/shell.server';

export type PageHead = { title: string; description?: string; noindex?: boolean; canonical?: string };

/** The document around every page: head, shell, and the page itself in <main>. */
export function Document({ head, shell, children }: { head: PageHead; shell: Shell; children: ReactNode }) {
  const { settings } = shell;
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
        <meta property="og:title" content={head.title} />
        <meta property="og:locale" content="fr_FR" />
        {settings.favicons['32'] ? <link rel="icon" sizes="32x32" href={settings.favicons['32']} /> : null}
        {settings.favicons['16'] ? <link rel="icon" sizes="16x16" href={settings.favicons['16']} /> : null}
        {settings.favicons['180'] ? <link rel="apple-touch-icon" href={settings.favicons['180']} /> : null}
        <link rel="stylesheet" href={assets['site.css']} />
      </head>
      <body>
        {/* A store per request on the server; the browser creates its own, once, in client/main.tsx. */}
        <Provider store={createStore()}>
          <a className="skip-link" href="#contenu">
            Aller au contenu
          </a>
          <TopBar links={shell.topBar} settings={settings} />
          <Header categories={shell.categories} settings={settings} />
          <main id="contenu">{children}</main>
          <PartnersStrip partners={shell.partners} />
          <Footer categories={shell.categories} settings={settings} year={new Date().getFullYear()} />
        </Provider>
      </body>
    </html>
  );
}
