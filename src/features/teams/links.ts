import { toSitePath } from '../../lib/links';
import type { PageRef } from '../../schemas/page';

/**
 * A page of the tree at its own address (`link`), or at its slug when WordPress sent none. A page's
 * permalink is its ancestors' slugs then its own (get_page_uri, wp-includes/post.php), absolute and
 * with a trailing slash when the permalink structure has one (user_trailingslashit,
 * wp-includes/link-template.php): the site keeps the path, without that slash (the worker's
 * trailing-slash redirect would otherwise answer first).
 */
export const pageHref = (ref: Pick<PageRef, 'slug' | 'link'>) =>
  ref.link ? toSitePath(ref.link).replace(/(.)\/+$/, '$1') : `/${ref.slug}`;
