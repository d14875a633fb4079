import type { Context } from 'hono';
import { renderToReadableStream } from 'react-dom/server.edge';
import type { AppEnv } from '../../app-env';
import { tag } from '../../cache/tags.server';
import { assets } from '../../config/assets';
import { cacheControl } from '../../http/cache-control';
import { parisWallClock } from '../../lib/format/date';
import { pageAddress } from '../../lib/links';
import { log } from '../../observability/log.server';
import type { PageHead } from '../../render/page';
import { pageTitle } from '../../render/site';
import { breadcrumbLd } from '../../render/json-ld';
import { Document, type PageInfo } from './Document';
import { loadShell, type Shell } from './shell.server';

// The one renderer (HonoX's _renderer.tsx, Hono's c.setRenderer): a page loads its own data and
// calls c.render(view, options) (render/page.ts); this loads the shell beside it, wraps the
// document, streams it, and decides the status, retry-after and whether the HTML cache may keep it.

/** A « not found » is kept a minute where it was asked (and purged with the lists): a probe of random addresses reaches WordPress once per address. */
const NOT_FOUND_SECONDS = 60;
/** A search or a filtered view: ten minutes where it was asked. */
const VARIANT_SECONDS = 600;

/** The breadcrumb's JSON-LD, after the page's own, from the same crumbs the page shows. */
function withBreadcrumb(head: PageHead, origin: string): unknown[] | undefined {
  if (!head.breadcrumb) return head.jsonLd;
  const absolute = (href: string) => (href.startsWith('/') ? `${origin}${href}` : href);
  return [...(head.jsonLd ?? []), breadcrumbLd(head.breadcrumb.map((crumb) => ({ name: crumb.name, url: absolute(crumb.href) })))];
}

/**
 * Starts the shell's data as the page starts its own, and sets the renderer. Idempotent: a machine
 * route that answers with the 404 page installs it then (routes/_404.tsx).
 */
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
    const head = {
      ...options.head,
      title: pageTitle(options.head.title, loaded.settings, { siteFirst: options.head.siteFirst }),
      jsonLd: withBreadcrumb(options.head, c.get('config').PUBLIC_ORIGIN),
    };
    const page: PageInfo = {
      path: c.req.path,
      address: options.returnTo ?? pageAddress(new URL(c.req.url)),
      notFound: status === 404,
      tracking: { page_category: '', page_subcategory: '', articleThematic: '', ...options.tracking },
      year: parisWallClock(c.get('clock').now()).year,
      thirdParties: options.thirdParties !== false,
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
