// The floor and the document of the CPU benches (bench:cpu in Node, bench:cpu:workerd in workerd),
// as TSX source bundled with the worker's own modules (esbuild stdin, resolved from the project root).
// The floor: the article view the route renders (features/reading/article/article.page.tsx), inside the
// providers the document gives it (features/shell/Document.tsx: a jotai store, the render facts), its data
// read through the same schemas as the worker's upstream clients. No shell, no Hono, no cache.
// The document: the same view inside the worker's Document (head, JSON-LD, shell, islands, the
// bootstrap script) as features/shell/renderer.server.tsx streams it, the shell's data loaded once.
export const FLOOR_SOURCE = `
import { createStore, Provider } from 'jotai';
import { renderToReadableStream } from 'react-dom/server.edge';
import * as z from 'zod';
import { ArticleView } from './src/features/reading/article/ArticleView';
import { Document } from './src/features/shell/Document';
import { loadShell } from './src/features/shell/shell.server';
import { deepFreeze } from './src/lib/immutable';
import { assets } from './src/config/assets';
import { readConfig } from './src/config/env.server';
import { breadcrumbLd, newsArticleLd, publisher } from './src/render/json-ld';
import { pageTitle } from './src/render/site';
import { toSitePath } from './src/lib/links';
import { parisWallClock } from './src/lib/format/date';
import { provideIslands } from './src/ui/Island';
import { islands } from './src/islands/registry';
import { categoryCrumbs } from './src/features/reading/article/crumbs';
import { placeholderFor } from './src/lib/images';
import { RenderContext } from './src/ui/render-context';
import { ArticleSchema } from './src/schemas/article';
import { CategorySchema } from './src/schemas/category';
import { list } from './src/schemas/mapping';
import { SettingsSchema } from './src/schemas/settings';

// As the worker's entry does: the article's islands (favourites, visit) render with it.
provideIslands(islands);

/** As upstream/wordpress.server.ts and static-lists.server.ts read them. */
export function prepare({ posts, categories, settings, hostname, imageMode }) {
  const article = z.array(z.unknown()).pipe(list(ArticleSchema)).parse(posts)[0];
  if (!article) throw new Error('floor: no article in the upstream answer');
  const all = z.array(z.unknown()).pipe(list(CategorySchema)).parse(categories);
  const s = z.object({}).loose().pipe(SettingsSchema).parse(settings);
  return prepareFromCopies({ article, categories: all, settings: s, hostname, imageMode });
}

/** The same input from the worker's own copies in KV (already read through those schemas). */
export function prepareFromCopies({ article, categories, settings, hostname, imageMode }) {
  return { article, crumbs: categoryCrumbs(article, categories), facts: { imageMode, placeholder: placeholderFor(hostname, settings.placeholder) } };
}

/**
 * The shell as the renderer loads it, from the worker's own copies of its data (once), frozen as the
 * worker's store hands copies over (cache/entry-store.server.ts): its parts then find their shared
 * HTML by reference, as in the worker (ui/shared-html.server.tsx).
 */
export function prepareShell({ env, settings, menus, partners }) {
  const [s, m, p] = [settings, menus, partners].map(deepFreeze);
  const content = { settings: async () => s, menus: async () => m, partners: async () => p };
  return loadShell(content, readConfig(env));
}

/** As features/reading/article/article.page.tsx and features/shell/renderer.server.tsx build the page. */
export function renderDocument({ article, crumbs }, shell, origin) {
  const path = toSitePath(article.link);
  const head = {
    title: pageTitle(article.meta_title || article.title, shell.settings),
    description: article.meta_description || article.excerpt,
    canonical: origin + path,
    image: article.illustration || undefined,
    type: 'article',
    jsonLd: [
      newsArticleLd(article, { siteUrl: origin, organization: publisher(shell.settings, origin) }),
      breadcrumbLd([{ name: 'Accueil', url: origin + '/' }, ...crumbs.map((c) => ({ name: c.name, url: origin + c.href })), { name: article.title, url: origin + path }]),
    ],
  };
  const page = { path, address: path, tracking: { page_type: 'article', page_category: '', page_subcategory: '', articleThematic: '' }, year: parisWallClock(Date.now()).year };
  const nonce = 'bench-cpu-nonce';
  return renderToReadableStream(
    <Document head={head} shell={shell} page={page} nonce={nonce}>
      <ArticleView article={article} crumbs={crumbs} readerTools={true} />
    </Document>,
    { bootstrapModules: [assets['main.js']], nonce, identifierPrefix: 'ffr-', onError(error) { console.error('[document]', error); } },
  );
}

export function render({ article, crumbs, facts }) {
  return renderToReadableStream(
    <Provider store={createStore()}>
      <RenderContext.Provider value={facts}>
        <ArticleView article={article} crumbs={crumbs} readerTools={true} />
      </RenderContext.Provider>
    </Provider>,
    { identifierPrefix: 'ffr-', onError(error) { console.error('[floor]', error); } },
  );
}
`;
