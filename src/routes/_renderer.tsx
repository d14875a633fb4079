import type { Context, MiddlewareHandler } from 'hono';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import type { AppEnv } from '../app-env';
import { signInPath } from '../auth/callback-url';
import { tag } from '../cache/tags.server';
import { cacheControl } from '../http/cache-control';
import { parisWallClock } from '../lib/format/date';
import { pageAddress } from '../lib/links';
import { Footer } from '../features/shell/Footer';
import { Header } from '../features/shell/Header';
import { PartnersStrip } from '../features/shell/PartnersStrip';
import { TopBar } from '../features/shell/TopBar';
import { Island } from '../islands/Island';
import { jsonLdScriptContent } from '../features/feeds/json-ld';
import { assets, type FeatureStylesheet } from '../config/assets';
import { RenderContext } from '../render/render-context';
import { loadShell, type Shell } from '../features/shell/shell.server';
import { pageTitle } from '../render/site';
import { shellVisibility } from '../features/shell/visibility';
import type { PageContext } from '../features/tracking/data-layer';
import { log } from '../observability/log.server';

// The one renderer (HonoX's _renderer.tsx, Hono's c.setRenderer): a route loads its own data and
// calls c.render(view, options); this file loads the shell beside it, wraps the document, streams
// it, and decides the status, retry-after and whether the HTML cache may keep the page.

export type PageHead = {
  /** The page's own title: the site's name is added here (after it, or before it on the home page). */
  title: string;
  siteFirst?: boolean;
  description?: string;
  noindex?: boolean;
  canonical?: string;
  image?: string;
  type?: 'website' | 'article';
  jsonLd?: unknown[];
  /** The feature stylesheets this page needs beside site.css. */
  styles?: FeatureStylesheet[];
  alternates?: Array<{ type: string; title: string; href: string }>;
};
/** `address`: path and query, what sign-in comes back to. */
type PageInfo = { path: string; address: string; notFound?: boolean; tracking: PageContext; /** The Paris year now (the footer's « 2023–YYYY »). */ year: number };

export type RenderOptions = {
  head: PageHead;
  /** The data layer's page facts (SPEC §7); the fields left out are empty. */
  tracking: Pick<PageContext, 'page_type'> & Partial<PageContext>;
  /**
   * 503 when the page's own content could not be loaded (with retry-after), 404 when it does not
   * exist; 401, 403, 410 and 429 for a link to an unpublished post (features/previews).
   */
  status?: 200 | 401 | 403 | 404 | 410 | 429 | 503;
  /** 'never' for a reader's own pages, previews and answers to a post; other pages are stored when whole. */
  cache?: 'shared' | 'never';
  /** Purge tags beyond the data read through the content layer (search results follow the post lists). */
  tags?: string[];
  /** One of endless variants of a page (a search, a filtered view): kept briefly where it was asked, never in KV. */
  variant?: boolean;
  /** Where this page's sign-in links come back to, when not to the page itself (the sign-in page). */
  returnTo?: string;
};

/** A « not found » is kept a minute where it was asked (and purged with the lists): a probe of random addresses reaches WordPress once per address. */
const NOT_FOUND_SECONDS = 60;
/** A search or a filtered view: ten minutes where it was asked. */
const VARIANT_SECONDS = 600;

declare module 'hono' {
  interface ContextRenderer {
    (content: ReactNode, options: RenderOptions): Promise<Response>;
  }
}

/**
 * For the HTML pages: starts the shell's data as the route starts its own, and sets the renderer.
 * Machine routes (feeds, calendars, JSON) are registered before it and never pay for the shell.
 */
export const renderer = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  installRenderer(c);
  await next();
};

/** Idempotent: a machine route that answers with the 404 page installs the renderer then. */
export function installRenderer(c: Context<AppEnv>): void {
  if ((c.get('shell') as Promise<Shell> | undefined) !== undefined) return;
  const shell = loadShell(c.get('content'), c.get('config'));
  c.set('shell', shell);
  c.setRenderer(async (content, options) => {
    const status = options.status ?? 200;
    const loaded = await shell;
    const notFound = status === 404;
    c.set('pageCache', {
      cacheable: (status === 200 || notFound) && options.cache !== 'never' && !c.get('content').degraded(),
      // A page depends on everything it read: the purge tags come from the content layer; an
      // address that leads nowhere may lead to what the next publish creates.
      tags: [...new Set([tag.site, ...c.get('content').tagsRead(), ...(options.tags ?? []), ...(notFound ? [tag.lists] : [])])],
      localSeconds: notFound ? NOT_FOUND_SECONDS : options.variant ? VARIANT_SECONDS : undefined,
      notFound,
    });
    const head = { ...options.head, title: pageTitle(options.head.title, loaded.settings, { siteFirst: options.head.siteFirst }) };
    const page: PageInfo = {
      path: c.req.path,
      address: options.returnTo ?? pageAddress(new URL(c.req.url)),
      notFound: status === 404,
      tracking: { page_category: '', page_subcategory: '', articleThematic: '', ...options.tracking },
      year: parisWallClock(c.get('clock').now()).year,
    };
    // The response's CSP nonce is written by React into every script it emits (the bootstrap
    // module, its streaming scripts) and by the document into the JSON-LD: no HTML rewrite pass.
    const nonce = c.get('secureHeadersNonce');
    const stream = await renderToReadableStream(
      <Document head={head} shell={loaded} page={page} nonce={nonce}>
        {content}
      </Document>,
      {
        bootstrapModules: [assets['main.js']],
        nonce,
        identifierPrefix: 'ffr-',
        onError(error) {
          log.error('render.failed', { error: log.describe(error), stack: error instanceof Error ? error.stack : undefined });
        },
      },
    );
    // A reader who leaves mid-page cancels the stream: React aborts the render and rejects
    // allReady, which nobody else awaits; left unhandled it would be an uncaught error.
    stream.allReady.catch(() => undefined);
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (status === 503) headers['retry-after'] = '30';
    if (status === 429) headers['retry-after'] = '60';
    if (options.cache === 'never') headers['cache-control'] = cacheControl.personal;
    return c.body(stream, status, headers);
  });
}

/** The document around every page: head, shell, and the page itself in <main>. */
function Document({ head, shell, page, nonce, children }: { head: PageHead; shell: Shell; page: PageInfo; nonce: string | undefined; children: ReactNode }) {
  const { settings } = shell;
  const show = shellVisibility(page.path, { notFound: page.notFound });
  // Each page's sign-in links come back to it (the islands update them to the exact address).
  const account = { ...shell.account, loginUrl: shell.account.loginUrl || signInPath(page.address) };
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
        {head.alternates?.map((a) => <link key={a.href} rel="alternate" type={a.type} title={a.title} href={a.href} />)}
        {head.jsonLd?.map((ld, i) => (
          // JSON-LD is data, not script: jsonLdScriptContent escapes "<" so it cannot close the tag.
          <script key={i} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdScriptContent(ld) }} />
        ))}
        <meta property="og:site_name" content={settings.title} />
        <meta name="theme-color" content="#002a5c" />
        {settings.favicons['32'] ? <link rel="icon" type="image/svg+xml" sizes="32x32" href={settings.favicons['32']} /> : null}
        {settings.favicons['16'] ? <link rel="icon" type="image/svg+xml" sizes="16x16" href={settings.favicons['16']} /> : null}
        {settings.favicons['180'] ? <link rel="apple-touch-icon" sizes="180x180" href={settings.favicons['180']} /> : null}
        <link rel="stylesheet" href={assets['site.css']} />
        {head.styles?.map((name) => <link key={name} rel="stylesheet" href={assets[`${name}.css`]} />)}
      </head>
      <body>
        {/* A store per request on the server; the browser creates its own, once, in client/main.tsx. */}
        <Provider store={createStore()}>
          <RenderContext.Provider value={{ imageMode: shell.imageMode, placeholder: shell.placeholder }}>
          <a className="skip-link" href="#contenu">
            Aller au contenu
          </a>
          {show.topBar ? <TopBar links={shell.topBar} settings={settings} account={account} /> : null}
          {show.header ? <Header categories={shell.categories} links={shell.topBar} settings={settings} search={shell.search} stories={shell.stories} /> : null}
          <main id="contenu">{children}</main>
          {show.accreditationBanner ? <Island name="AccreditationBanner" props={{}} /> : null}
          {show.partners ? <PartnersStrip partners={shell.partners} /> : null}
          {show.footer ? <Footer categories={shell.categories} settings={settings} year={page.year} account={account} /> : null}
          <Island name="ContactButton" props={{ variant: 'floating' }} />
          <Island name="ModalRoot" props={{ pressContacts: { email: settings.contacts.email, telephone: settings.contacts.telephone, horaires: settings.contacts.horaires } }} />
          <Island name="Snackbar" props={{}} />
          <Island name="SessionSync" props={{}} />
          {/* Same HTML for every visitor (it is cached): the user's id reaches the data layer from the session. */}
          <Island name="Tracking" props={{ containerId: shell.gtmContainerId, page: page.tracking }} />
          </RenderContext.Provider>
        </Provider>
      </body>
    </html>
  );
}
