import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { tag } from '../../cache/tags.server';
import { CategoryView } from '../../components/category/CategoryView';
import { isDegraded, settle } from '../../data/loaded';
import { breadcrumbLd } from '../../feeds/json-ld';
import { renderPage } from '../../render/render-page.server';
import { canonical, pageTitle, parsePage, siteOrigin } from '../../render/site';
import type { Shell } from '../../render/shell.server';
import type { Category } from '../../schemas/category';
import { Document } from '../_renderer';
import { notFoundPage } from '../_404';

/** SPEC §9: a category's first page shows 4 cards; each further page 4 more. */
export const CATEGORY_PAGE_SIZE = 4;

export async function renderCategory(c: Context<AppEnv>, shell: Shell, category: Category, parent: Category | null, all: Category[]) {
  const page = parsePage(c.req.query('page'));
  const basePath = parent ? `/categories/${parent.slug}/${category.slug}` : `/categories/${category.slug}`;
  const posts = await settle(c.var.content.postsOfCategory(category.id, page, CATEGORY_PAGE_SIZE), `category ${category.slug}`);
  // A page past the end (WordPress's 400 rest_post_invalid_page_number, or an empty page) is not
  // found; a page that failed to load (timeout, 5xx) is the apology below, with a 503.
  if (page > 1 && (posts.status === 'not-found' || (posts.status === 'success' && posts.data.posts.length === 0))) return notFoundPage(c);
  const children = all.filter((x) => x.parent === category.id).sort((a, b) => a.menuOrder - b.menuOrder || a.name.localeCompare(b.name, 'fr'));
  const origin = siteOrigin(c);
  const crumbs = [{ name: 'Accueil', url: `${origin}/` }, ...(parent ? [{ name: parent.name, url: `${origin}/categories/${parent.slug}` }] : []), { name: category.name, url: `${origin}${basePath}` }];
  const data = posts.status === 'success' ? posts.data : { posts: [], page, total: 0, totalPages: 0, hasNext: false };

  return renderPage(
    c,
    <Document
      head={{
        title: pageTitle(page > 1 ? `${category.name} — page ${page}` : category.name, shell.settings),
        description: category.description || `Toutes les actualités « ${category.name} » de la Fédération française de rugby.`,
        canonical: canonical(c, page > 1 ? `${basePath}?page=${page}` : basePath),
        image: category.backgroundImage || undefined,
        jsonLd: [breadcrumbLd(crumbs)],
        alternates: [{ type: 'application/rss+xml', title: `${category.name} — ${shell.settings.title}`, href: `/categories/${(parent ?? category).slug}/rss.xml` }],
      }}
      shell={shell}
      page={{
        path: c.req.path,
        tracking: { page_type: 'categorie', page_category: (parent ?? category).name, page_subcategory: parent ? category.name : '', articleThematic: '' },
      }}
    >
      {posts.status === 'failure' ? (
        <div className="container">
          <h1>{category.name}</h1>
          <p className="notice">Les contenus de cette rubrique sont momentanément indisponibles. Merci de rafraîchir la page dans quelques instants.</p>
        </div>
      ) : (
        <CategoryView category={category} parent={parent} children={children} posts={data} basePath={basePath} />
      )}
    </Document>,
    {
      status: posts.status === 'failure' ? 503 : 200,
      cache: {
        cacheable: !isDegraded(...shell.areas, posts),
        tags: [tag.site, tag.category(category.id), tag.categorySlug(category.slug), ...(parent ? [tag.category(parent.id)] : [])],
      },
    },
  );
}
