import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { tag } from '../../cache/tags.server';
import { CategoryView } from '../../features/reading/category/CategoryView';
import { settle } from '../../data/loaded';
import { breadcrumbLd } from '../../features/feeds/json-ld';
import { Unavailable } from '../../ui/Apology';
import { canonical, parsePage, siteOrigin } from '../../render/site';
import type { Category } from '../../schemas/category';
import { notFoundPage } from '../_404';

/** SPEC §9: a category's first page shows 4 cards; each further page 4 more. */
export const CATEGORY_PAGE_SIZE = 4;

export async function renderCategory(c: Context<AppEnv>, category: Category, parent: Category | null, all: Category[]) {
  const page = parsePage(c.req.query('page'));
  const basePath = parent ? `/categories/${parent.slug}/${category.slug}` : `/categories/${category.slug}`;
  const posts = await settle(c.get('content').postsOfCategory(category.id, page, CATEGORY_PAGE_SIZE), `category ${category.slug}`);
  // A page past the end (WordPress's 400 rest_post_invalid_page_number, or an empty page) is not
  // found; a page that failed to load (timeout, 5xx) is the apology below, with a 503.
  if (page > 1 && (posts.status === 'not-found' || (posts.status === 'success' && posts.data.posts.length === 0))) return notFoundPage(c);
  const children = all.filter((x) => x.parent === category.id).sort((a, b) => a.menuOrder - b.menuOrder || a.name.localeCompare(b.name, 'fr'));
  const origin = siteOrigin(c);
  const crumbs = [{ name: 'Accueil', url: `${origin}/` }, ...(parent ? [{ name: parent.name, url: `${origin}/categories/${parent.slug}` }] : []), { name: category.name, url: `${origin}${basePath}` }];
  const data = posts.status === 'success' ? posts.data : { posts: [], page, total: 0, totalPages: 0, hasNext: false };

  const { settings } = await c.get('shell');
  return c.render(
    posts.status === 'failure' ? (
      <div className="container">
        <h1>{category.name}</h1>
        <Unavailable what="Les contenus de cette rubrique sont momentanément indisponibles." />
      </div>
    ) : (
      <CategoryView category={category} parent={parent} children={children} posts={data} basePath={basePath} />
    ),
    {
      head: {
        title: page > 1 ? `${category.name} — page ${page}` : category.name,
        description: category.description || `Toutes les actualités « ${category.name} » de la Fédération française de rugby.`,
        canonical: canonical(c, page > 1 ? `${basePath}?page=${page}` : basePath),
        image: category.backgroundImage || undefined,
        jsonLd: [breadcrumbLd(crumbs)],
        alternates: [{ type: 'application/rss+xml', title: `${category.name} — ${settings.title}`, href: `/categories/${(parent ?? category).slug}/rss.xml` }],
      },
      tracking: { page_type: 'categorie', page_category: (parent ?? category).name, page_subcategory: parent ? category.name : '' },
      status: posts.status === 'failure' ? 503 : 200,
      // Its address follows the slug, and the parent's listing shows its posts.
      tags: [tag.categorySlug(category.slug), ...(parent ? [tag.category(parent.id)] : [])],
    },
  );
}
