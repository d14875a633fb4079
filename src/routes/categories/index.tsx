import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { settle } from '../../data/loaded';
import { Apology } from '../../ui/Apology';
import type { Category } from '../../schemas/category';
import { notFoundPage } from '../_404';
import { renderArticle } from './article';
import { renderCategory } from './category';

const topLevel = (all: Category[], slug: string) => all.find((x) => x.slug === slug && x.parent === 0);

/** The page's own content could not be loaded and has never been seen: say so, and when to retry. */
const unavailable = (c: Context<AppEnv>) =>
  c.render(<Apology kind="failure" path={c.req.path} />, { status: 503, head: { title: 'Page momentanément indisponible', noindex: true }, tracking: { page_type: 'erreur' } });

/** WordPress keeps slugs (post_name, a term's slug) in 200 characters, non-ASCII percent-encoded (wp_posts schema, sanitize_title). */
const isSlug = (slug: string) => slug.length > 0 && encodeURIComponent(slug).length <= 200;

/** /categories/{slugCategory} */
export async function categoryRoute(c: Context<AppEnv>) {
  const content = c.get('content');
  if (!isSlug(c.req.param('slug')!)) return notFoundPage(c);
  const categories = await settle(content.categories(), 'categories');
  if (categories.status === 'failure') return unavailable(c);
  const category = categories.status === 'success' ? topLevel(categories.data, c.req.param('slug')!) : undefined;
  if (!category || categories.status !== 'success') return notFoundPage(c);
  return renderCategory(c, category, null, categories.data);
}

/**
 * /categories/{slugCategory}/{souscategorie} or /categories/{slugCategory}/{slugPost}: the
 * category list and the article lookup start together, so telling them apart costs no extra
 * round trip (the article request is wasted only on sub-category pages, whose list is cached).
 */
export async function categoryChildRoute(c: Context<AppEnv>) {
  const content = c.get('content');
  const slug = c.req.param('slug')!;
  const second = c.req.param('second')!;
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
  return renderArticle(c, await articleP, { categories: categories.status === 'success' ? categories.data : [] });
}
