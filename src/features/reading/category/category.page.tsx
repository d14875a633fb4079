import type { Context } from 'hono';
import type { AppEnv } from '../../../app-env';
import { tag } from '../../../cache/tags.server';
import { CategoryView } from './CategoryView';
import { settle } from '../../../data/loaded';
import { Unavailable } from '../../../ui/Apology';
import { canonical, parsePage } from '../../../render/site';
import type { Category } from '../../../schemas/category';
import { notFoundPage, unavailablePage } from '../../../render/apology';
import { articlePage } from '../article/article.page';

/** SPEC §9: a category's first page shows 4 cards; each further page 4 more. */
export const CATEGORY_PAGE_SIZE = 4;

async function renderCategory(c: Context<AppEnv>, category: Category, parent: Category | null, all: Category[]) {
  const page = parsePage(c.req.query('page'));
  const basePath = parent ? `/categories/${parent.slug}/${category.slug}` : `/categories/${category.slug}`;
  const posts = await settle(c.get('content').postsOfCategory(category.id, page, CATEGORY_PAGE_SIZE), `category ${category.slug}`);
  // A page past the end (WordPress's 400 rest_post_invalid_page_number, or an empty page) is not
  // found; a page that failed to load (timeout, 5xx) is the apology below, with a 503.
  if (page > 1 && (posts.status === 'not-found' || (posts.status === 'success' && posts.data.posts.length === 0))) return notFoundPage(c);
  const subcategories = all
    .filter((x) => x.parent === category.id)
    .sort((a, b) => a.menuOrder - b.menuOrder || a.name.localeCompare(b.name, 'fr'));
  const crumbs = [
    { name: 'Accueil', href: '/' },
    ...(parent ? [{ name: parent.name, href: `/categories/${parent.slug}` }] : []),
    { name: category.name, href: basePath },
  ];
  const data = posts.status === 'success' ? posts.data : { posts: [], page, total: 0, totalPages: 0, hasNext: false };

  const { settings } = await c.get('shell');
  return c.render(
    posts.status === 'failure' ? (
      <div className="container">
        <h1>{category.name}</h1>
        <Unavailable what="Les contenus de cette rubrique sont momentanément indisponibles." />
      </div>
    ) : (
      <CategoryView category={category} parent={parent} subcategories={subcategories} posts={data} basePath={basePath} />
    ),
    {
      head: {
        title: page > 1 ? `${category.name} — page ${page}` : category.name,
        description: category.description || `Toutes les actualités « ${category.name} » de la Fédération française de rugby.`,
        canonical: canonical(c, page > 1 ? `${basePath}?page=${page}` : basePath),
        image: category.backgroundImage || undefined,
        breadcrumb: crumbs,
        alternates: [
          {
            type: 'application/rss+xml',
            title: `${category.name} — ${settings.title}`,
            href: `/categories/${(parent ?? category).slug}/rss.xml`,
          },
        ],
      },
      tracking: { page_type: 'categorie', page_category: (parent ?? category).name, page_subcategory: parent ? category.name : '' },
      status: posts.status === 'failure' ? 503 : 200,
      // Its address follows the slug, and the parent's listing shows its posts.
      tags: [tag.categorySlug(category.slug), ...(parent ? [tag.category(parent.id)] : [])],
    },
  );
}

const topLevel = (all: Category[], slug: string) => all.find((x) => x.slug === slug && x.parent === 0);

/** WordPress keeps slugs (post_name, a term's slug) in 200 characters, non-ASCII percent-encoded (wp_posts schema, sanitize_title). */
const isSlug = (slug: string) => slug.length > 0 && encodeURIComponent(slug).length <= 200;

/** /categories/{slugCategory} */
export async function categoryPage(c: Context<AppEnv>, slug: string) {
  const content = c.get('content');
  if (!isSlug(slug)) return notFoundPage(c);
  const categories = await settle(content.categories(), 'categories');
  if (categories.status === 'failure') return unavailablePage(c, { title: 'Page momentanément indisponible' });
  const category = categories.status === 'success' ? topLevel(categories.data, slug) : undefined;
  if (!category || categories.status !== 'success') return notFoundPage(c);
  return renderCategory(c, category, null, categories.data);
}

/**
 * /categories/{slugCategory}/{souscategorie} or /categories/{slugCategory}/{slugPost}: the
 * category list and the article lookup start together, so telling them apart costs no extra
 * round trip (the article request is wasted only on sub-category pages, whose list is cached).
 */
export async function categoryChildPage(c: Context<AppEnv>, slug: string, second: string) {
  const content = c.get('content');
  if (!isSlug(slug) || !isSlug(second)) return notFoundPage(c);
  const categoriesP = settle(content.categories(), 'categories');
  const articleP = settle(content.article(second), `article ${second}`);
  const categories = await categoriesP;

  if (categories.status === 'success') {
    const parent = topLevel(categories.data, slug);
    const child = parent && categories.data.find((x) => x.slug === second && x.parent === parent.id);
    if (parent && child) {
      articleP.catch(() => undefined);
      return renderCategory(c, child, parent, categories.data);
    }
  }
  // An article has no pages: `?page=` there would only be another copy of it.
  if (c.req.query('page') !== undefined) return c.redirect(new URL(c.req.url).pathname, 301);
  return articlePage(c, await articleP, { categories: categories.status === 'success' ? categories.data : [] });
}
