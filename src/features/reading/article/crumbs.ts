import { toSitePath } from '../../../lib/links';
import type { Article } from '../../../schemas/article';
import type { Category } from '../../../schemas/category';

/** A step of the breadcrumb above an article's title. */
export type Crumb = { name: string; path: string };

/**
 * The article's category, and its parent first when the category is a sub-category: the top
 * category is the one its address names (`/categories/{top}/{slug}`), its name from the list.
 */
export function categoryCrumbs(a: Article, categories: Category[]): Crumb[] {
  const top = toSitePath(a.link).split('/')[2];
  if (!a.category || !top) return [];
  const parent = categories.find((x) => x.slug === top && x.parent === 0);
  const topCrumb = { name: parent?.name ?? a.category.name, path: `/categories/${top}` };
  if (a.category.slug === top) return [topCrumb];
  return [...(parent ? [topCrumb] : []), { name: a.category.name, path: `/categories/${top}/${a.category.slug}` }];
}
