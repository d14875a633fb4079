import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import type { AppEnv, PageCachePolicy } from '../app-env';
import { assets } from './assets';

/**
 * Streams a page. `cache` tells the HTML cache whether this exact HTML may be served to the next
 * anonymous visitor (never when a part of the page failed) and which purge tags it depends on.
 */
export async function renderPage(
  c: Context<AppEnv>,
  element: ReactElement,
  options: { status?: 200 | 404 | 503; cache: PageCachePolicy },
): Promise<Response> {
  const status = options.status ?? 200;
  const cacheable = options.cache.cacheable && status === 200 && !c.var.content.fellBack();
  c.set('pageCache', { ...options.cache, cacheable });
  const stream = await renderToReadableStream(element, {
    bootstrapModules: [assets['main.js']],
    identifierPrefix: 'ffr-',
    onError(error) {
      console.error('[render]', error);
    },
  });
  // A reader who leaves mid-page cancels the stream: React aborts the render and rejects allReady,
  // which nobody else awaits; left unhandled it would be an uncaught error in the isolate.
  stream.allReady.catch(() => undefined);
  const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
  // The page's own content could not be loaded: a French page that says so, and when to come back.
  if (status === 503) headers['retry-after'] = '30';
  return c.body(stream, status, headers);
}
