import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { tag } from '../../cache/tags.server';
import { ArticleApology, ArticleView } from '../../components/article/ArticlePage';
import { categoryCrumbs } from '../../components/article/crumbs';
import { isDegraded, type Loaded } from '../../data/loaded';
import { breadcrumbLd, newsArticleLd } from '../../feeds/json-ld';
import { htmlToText } from '../../components/article/inline-html';
import { isAllowedRedirect } from '../../lib/redirects';
import { toSitePath } from '../../lib/links';
import { renderPage } from '../../render/render-page.server';
import { canonical, pageTitle, publisher, siteHostname, siteOrigin } from '../../render/site';
import type { Shell } from '../../render/shell.server';
import type { Article } from '../../schemas/article';
import type { Category } from '../../schemas/category';
import { Document } from '../_renderer';

export async function renderArticle(c: Context<AppEnv>, shell: Shell, article: Loaded<Article>, options: { preview?: boolean; categories?: Category[] } = {}) {
  if (article.status === 'success') {
    const a = article.data;
    const target = a.redirection.trim();
    if (target && !options.preview) {
      if (isAllowedRedirect(target, siteHostname(c))) return c.redirect(target, 302);
      console.warn(`[article] redirection refusée vers ${target} (${a.slug})`);
    }
    // One address per article: a wrong category in the path leads to the canonical one.
    const path = toSitePath(a.link);
    if (!options.preview && path.startsWith('/categories/') && path !== c.req.path) return c.redirect(path, 301);
  }

  const origin = siteOrigin(c);
  const s = shell.settings;
  const crumbs = article.status === 'success' ? categoryCrumbs(article.data, options.categories ?? []) : [];
  let head;
  if (article.status === 'success') {
    const a = article.data;
    const description = a.meta_description || a.excerpt || htmlToText(a.blocs.find((b) => b.type === 'paragraph')?.content ?? '').slice(0, 200);
    head = {
      title: pageTitle(a.meta_title || a.title, s),
      description,
      canonical: canonical(c, toSitePath(a.link)),
      image: a.illustration || undefined,
      type: 'article' as const,
      noindex: options.preview,
      jsonLd: [
        newsArticleLd(a, { siteUrl: origin, organization: publisher(s, origin) }),
        breadcrumbLd([
          { name: 'Accueil', url: `${origin}/` },
          ...crumbs.map((crumb) => ({ name: crumb.name, url: `${origin}${crumb.path}` })),
          { name: a.title, url: canonical(c, toSitePath(a.link)) },
        ]),
      ],
    };
  } else {
    head = { title: pageTitle(article.status === 'not-found' ? 'Article introuvable' : 'Un problème est survenu', s), noindex: true };
  }

  const status = article.status === 'success' ? 200 : article.status === 'not-found' ? 404 : 503;
  return renderPage(
    c,
    <Document
      head={head}
      shell={shell}
      page={{
        path: c.req.path,
        notFound: article.status === 'not-found',
        tracking: {
          page_type: article.status === 'success' ? 'article' : 'erreur',
          page_category: article.status === 'success' ? (article.data.category?.name ?? '') : '',
          page_subcategory: '',
          articleThematic: article.status === 'success' ? article.data.tags.filter((t) => t.source === 'tag').map((t) => t.name).join(',') : '',
        },
      }}
    >
      {article.status === 'success' ? (
        <ArticleView article={article.data} crumbs={crumbs} placeholder={shell.placeholder} imageMode={shell.imageMode} readerTools={!options.preview} />
      ) : article.status === 'not-found' ? (
        <ArticleApology kind="not-found" />
      ) : (
        <ArticleApology kind="failure" path={c.req.path} />
      )}
    </Document>,
    {
      status,
      cache: {
        cacheable: !options.preview && !isDegraded(...shell.areas, article),
        tags: article.status === 'success' ? [tag.site, tag.post(article.data.slug), tag.postId(article.data.id)] : [],
      },
    },
  );
}
