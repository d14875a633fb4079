import { toSitePath } from '../../../lib/links';
import type { Article } from '../../../schemas/article';
import type { Category } from '../../../schemas/category';
import { htmlToText } from '../../../lib/html/inline-html';
import type { Crumb } from '../../../ui/Breadcrumb';

/**
 * The breadcrumb above an article's title: the article's category, and its parent first when the category is a sub-category: the top
 * category is the one its address names (`/categories/{top}/{slug}`), its name from the list.
 */
export function categoryCrumbs(a: Article, categories: Category[]): Crumb[] {
  const top = toSitePath(a.link).split('/')[2];
  if (!a.category || !top) return [];
  const parent = categories.find((x) => x.slug === top && x.parent === 0);
  const topCrumb = { name: htmlToText(parent?.name ?? a.category.name), href: `/categories/${top}` };
  if (a.category.slug === top) return [topCrumb];
  return [...(parent ? [topCrumb] : []), { name: htmlToText(a.category.name), href: `/categories/${top}/${a.category.slug}` }];
}
