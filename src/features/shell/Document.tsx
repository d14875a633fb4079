import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { signInPath } from '../../auth/callback-url';
import { assets } from '../../config/assets';
import { Island } from '../../ui/Island';
import type { PageContext, PageHead } from '../../render/page';
import { RenderContext } from '../../ui/render-context';
import { jsonLdScriptContent } from '../../render/json-ld';
import { Footer } from './Footer';
import { Header } from './Header';
import { PartnersStrip } from './PartnersStrip';
import type { Shell } from './shell.server';
import { TopBar } from './TopBar';
import { shellVisibility } from './visibility';

/** `address`: path and query, what sign-in comes back to. */
export type PageInfo = {
  path: string;
  address: string;
  notFound?: boolean;
  tracking: PageContext /** The Paris year now (the footer's « 2023–YYYY »). */;
  year: number;
  /** Whether the tag manager may load here (render/page.ts `thirdParties`). */
  thirdParties: boolean;
};

/** The document around every page: head, shell, and the page itself in <main>. */
export function Document({
  head,
  shell,
  page,
  nonce,
  children,
}: {
  head: PageHead;
  shell: Shell;
  page: PageInfo;
  nonce: string | undefined;
  children: ReactNode;
}) {
  const { settings } = shell;
  const show = shellVisibility(page.path, { notFound: page.notFound });
  // Each page's sign-in links come back to it (the islands update them to the exact address).
  const loginUrl = shell.account.loginUrl || signInPath(page.address);
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
        {head.description ? <meta property="og:description" content={head.description} /> : null}
        {head.image ? <meta property="og:image" content={head.image} /> : null}
        <meta property="og:type" content={head.type ?? 'website'} />
        {head.canonical ? <meta property="og:url" content={head.canonical} /> : null}
        <meta property="og:locale" content="fr_FR" />
        <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={head.title} />
        {head.description ? <meta name="twitter:description" content={head.description} /> : null}
        {head.image ? <meta name="twitter:image" content={head.image} /> : null}
        <link rel="alternate" type="application/rss+xml" title={`${settings.title} — toutes les actualités`} href="/rss.xml" />
        {head.alternates?.map((a) => (
          <link key={a.href} rel="alternate" type={a.type} title={a.title} href={a.href} />
        ))}
        {head.jsonLd?.map((ld, i) => (
          // JSON-LD is data, not script: jsonLdScriptContent escapes "<" so it cannot close the tag.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON, escaped by jsonLdScriptContent
          <script key={i} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdScriptContent(ld) }} />
        ))}
        <meta property="og:site_name" content={settings.title} />
        <meta name="theme-color" content="#002a5c" />
        {settings.favicons['32'] ? <link rel="icon" type="image/svg+xml" sizes="32x32" href={settings.favicons['32']} /> : null}
        {settings.favicons['16'] ? <link rel="icon" type="image/svg+xml" sizes="16x16" href={settings.favicons['16']} /> : null}
        {settings.favicons['180'] ? <link rel="apple-touch-icon" sizes="180x180" href={settings.favicons['180']} /> : null}
        <link rel="stylesheet" href={assets['site.css']} />
        {head.styles?.map((name) => (
          <link key={name} rel="stylesheet" href={assets[`${name}.css`]} />
        ))}
      </head>
      <body>
        {/* A store per request on the server; the browser creates its own, once, in client/main.tsx. */}
        <Provider store={createStore()}>
          <RenderContext.Provider value={{ imageMode: shell.imageMode, placeholder: shell.placeholder }}>
            <a className="skip-link" href="#contenu">
              Aller au contenu
            </a>
            {show.topBar ? <TopBar links={shell.topBar} settings={settings} account={shell.account} loginUrl={loginUrl} /> : null}
            {show.header ? (
              <Header
                categories={shell.categories}
                links={shell.topBar}
                settings={settings}
                search={shell.search}
                stories={shell.stories}
              />
            ) : null}
            <main id="contenu">{children}</main>
            {show.accreditationBanner ? <Island name="AccreditationBanner" props={{}} /> : null}
            {show.partners ? <PartnersStrip partners={shell.partners} /> : null}
            {show.footer ? (
              <Footer categories={shell.categories} settings={settings} year={page.year} account={shell.account} loginUrl={loginUrl} />
            ) : null}
            <Island name="ContactButton" props={{ variant: 'floating' }} />
            <Island
              name="ModalRoot"
              props={{
                pressContacts: {
                  email: settings.contacts.email,
                  telephone: settings.contacts.telephone,
                  horaires: settings.contacts.horaires,
                },
              }}
            />
            <Island name="Snackbar" props={{}} />
            <Island name="SessionSync" props={{}} />
            {/* Same HTML for every visitor (it is cached): the user's id reaches the data layer from the session. */}
            <Island name="Tracking" props={{ containerId: page.thirdParties ? shell.gtmContainerId : null, page: page.tracking }} />
          </RenderContext.Provider>
        </Provider>
      </body>
    </html>
  );
}
