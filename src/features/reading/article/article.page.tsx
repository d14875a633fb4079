import type { Context } from 'hono';
import type { AppEnv } from '../../../app-env';
import { ArticleView, type Unpublished } from './ArticleView';
import type { Loaded } from '../../../data/loaded';
import { notFoundPage, unavailablePage } from '../../../render/apology';
import { categoryCrumbs } from './crumbs';
import { newsArticleLd, publisher } from '../../../render/json-ld';
import { htmlToText } from '../../../lib/html/inline-html';
import { isAllowedRedirect } from '../../../lib/redirects';
import { toSitePath } from '../../../lib/links';
import { canonical, siteHostname, siteOrigin } from '../../../render/site';
import type { Article } from '../../../schemas/article';
import type { Category } from '../../../schemas/category';
import { log } from '../../../observability/log.server';

/** `unpublished`: shown before its publication (features/previews): never cached, never indexed, no redirect. */
export async function articlePage(
  c: Context<AppEnv>,
  article: Loaded<Article>,
  options: { unpublished?: Unpublished; categories?: Category[] } = {},
) {
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
    const cache = preview ? 'never' : 'shared';
    return article.status === 'not-found'
      ? notFoundPage(c, { subject: 'article', title: 'Article introuvable', tracking: { page_type: 'erreur' }, cache })
      : unavailablePage(c, { subject: 'article', cache });
  }
  const a = article.data;
  const crumbs = categoryCrumbs(a, options.categories ?? []);
  const description =
    a.meta_description || a.excerpt || htmlToText(a.blocs.find((b) => b.type === 'paragraph')?.content ?? '').slice(0, 200);
  return c.render(<ArticleView article={a} crumbs={crumbs} readerTools={!preview} unpublished={options.unpublished} />, {
    head: {
      title: preview ? `${options.unpublished!.kind === 'embargo' ? 'Sous embargo' : 'Aperçu'}\u00a0: ${a.title}` : a.meta_title || a.title,
      description,
      canonical: canonical(c, toSitePath(a.link)),
      image: a.illustration || undefined,
      type: 'article',
      noindex: preview,
      // An unpublished article is no news yet: nothing for search engines to read.
      jsonLd: preview ? [] : [newsArticleLd(a, { siteUrl: origin, organization: publisher(shell.settings, origin) })],
      breadcrumb: preview ? undefined : [{ name: 'Accueil', href: '/' }, ...crumbs, { name: a.title, href: toSitePath(a.link) }],
    },
    tracking: {
      page_type: 'article',
      page_category: a.category?.name ?? '',
      articleThematic: a.tags
        .filter((t) => t.source === 'tag')
        .map((t) => t.name)
        .join(','),
    },
    cache: preview ? 'never' : 'shared',
    // The address of a preview or an embargo is its signed link.
    ...(preview ? { thirdParties: false as const } : {}),
  });
}
