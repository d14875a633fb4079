import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { ArticleView, type Unpublished } from '../../features/reading/article/ArticlePage';
import type { Loaded } from '../../data/loaded';
import { Apology } from '../../ui/Apology';
import { categoryCrumbs } from '../../features/reading/article/crumbs';
import { breadcrumbLd, newsArticleLd, publisher } from '../../features/feeds/json-ld';
import { htmlToText } from '../../lib/html/inline-html';
import { isAllowedRedirect } from '../../lib/redirects';
import { toSitePath } from '../../lib/links';
import { canonical, siteHostname, siteOrigin } from '../../render/site';
import type { Article } from '../../schemas/article';
import type { Category } from '../../schemas/category';
import { log } from '../../observability/log.server';

/** `unpublished`: shown before its publication (features/previews): never cached, never indexed, no redirect. */
export async function renderArticle(c: Context<AppEnv>, article: Loaded<Article>, options: { unpublished?: Unpublished; categories?: Category[] } = {}) {
  const preview = options.unpublished !== undefined;
  if (article.status === 'success') {
    const a = article.data;
    const target = a.redirection.trim();
    if (target && !preview) {
      if (isAllowedRedirect(target, siteHostname(c))) return c.redirect(target, 302);
      log.warn('article.redirect_refused', { target, slug: a.slug });
    }
    // One address per article: a wrong category in the path leads to the canonical one.
    const path = toSitePath(a.link);
    if (!preview && path.startsWith('/categories/') && path !== c.req.path) return c.redirect(path, 301);
  }

  const origin = siteOrigin(c);
  const shell = await c.get('shell');
  if (article.status !== 'success') {
    const missing = article.status === 'not-found';
    return c.render(missing ? <Apology kind="not-found" subject="article" /> : <Apology kind="failure" subject="article" path={c.req.path} />, {
      status: missing ? 404 : 503,
      head: { title: missing ? 'Article introuvable' : 'Un problème est survenu', noindex: true },
      tracking: { page_type: 'erreur' },
      cache: preview ? 'never' : 'shared',
    });
  }
  const a = article.data;
  const crumbs = categoryCrumbs(a, options.categories ?? []);
  const description = a.meta_description || a.excerpt || htmlToText(a.blocs.find((b) => b.type === 'paragraph')?.content ?? '').slice(0, 200);
  return c.render(<ArticleView article={a} crumbs={crumbs} readerTools={!preview} unpublished={options.unpublished} />, {
    head: {
      title: preview ? `${options.unpublished!.kind === 'embargo' ? 'Sous embargo' : 'Aperçu'}\u00a0: ${a.title}` : a.meta_title || a.title,
      description,
      canonical: canonical(c, toSitePath(a.link)),
      image: a.illustration || undefined,
      type: 'article',
      noindex: preview,
      // An unpublished article is no news yet: nothing for search engines to read.
      jsonLd: preview
        ? []
        : [
        newsArticleLd(a, { siteUrl: origin, organization: publisher(shell.settings, origin) }),
        breadcrumbLd([
          { name: 'Accueil', url: `${origin}/` },
          ...crumbs.map((crumb) => ({ name: crumb.name, url: `${origin}${crumb.path}` })),
          { name: a.title, url: canonical(c, toSitePath(a.link)) },
        ]),
      ],
    },
    tracking: { page_type: 'article', page_category: a.category?.name ?? '', articleThematic: a.tags.filter((t) => t.source === 'tag').map((t) => t.name).join(',') },
    cache: preview ? 'never' : 'shared',
  });
}
