import { htmlToText } from './html/inline-html';
import type { Author } from '../schemas/article';
import type { PostAuthor, WpUser } from '../schemas/author';
import type { PostPage } from '../schemas/post';

// An author's page is at /auteurs/{slug}, where {slug} is the WordPress user's nicename: the same
// segment that ends the `author_link` WordPress gives (/author/{nicename}/), in French.

/**
 * A user_nicename as WordPress stores it: sanitize_title() of a login that sanitize_user(…, true)
 * already cut down to ASCII, at most 50 characters (wp_insert_user, wp-includes/user.php;
 * sanitize_title_with_dashes, wp-includes/formatting.php: lowercase letters, digits, - and _).
 */
export const AUTHOR_SLUG = /^[a-z0-9_-]{1,50}$/;

export const authorPath = (slug: string) => `/auteurs/${slug}`;

/**
 * The nicename in an `author_link`. get_author_posts_url() (wp-includes/author-template.php) ends
 * the author permastruct (front, author base — « author » unless changed — then %author%) with the
 * nicename; with plain permalinks it is `/?author={id}`, which names no slug: no page to link to.
 */
export function authorSlugFromLink(link: string): string | null {
  const raw = link.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://site.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.searchParams.has('author')) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // At least the author base and the nicename.
  if (segments.length < 2) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(segments[segments.length - 1]!).toLowerCase();
  } catch {
    return null;
  }
  return AUTHOR_SLUG.test(slug) ? slug : null;
}

/** The site's page of the author of an `author_link`, or null when the link names none. */
export function authorHref(link: string): string | null {
  const slug = authorSlugFromLink(link);
  return slug ? authorPath(slug) : null;
}

const sameName = (a: string, b: string) => htmlToText(a).toLocaleLowerCase('fr-FR') === htmlToText(b).toLocaleLowerCase('fr-FR');

/**
 * Whether a post's `auteur` is this user. The post was found by author[]={user id}, so its
 * post_author is the user; but the federation's `auteur` could name another press officer. The
 * evidence, best first: the id when sent, else the slug of its author_link, else the name.
 */
export function sameAuthor(user: WpUser, auteur: NonNullable<PostAuthor['auteur']>): boolean {
  if (auteur.id !== undefined) return auteur.id === user.id;
  const slug = authorSlugFromLink(auteur.author_link);
  if (slug) return slug === user.slug;
  return sameName(auteur.nom, user.name);
}

/**
 * What the author's page shows, in the shape the article's author card reads: the `auteur` of
 * their newest post (role, phone, e-mail, photo) when it is theirs, the WordPress user otherwise.
 */
export function authorProfile(user: WpUser, post: PostAuthor | null): Author {
  const own = post?.auteur && sameAuthor(user, post.auteur) ? post.auteur : null;
  return {
    nom: own && htmlToText(own.nom) ? own.nom : user.name,
    author_link: user.link,
    description: own && htmlToText(own.description) ? own.description : user.description,
    role_edition: own?.role_edition ?? '',
    avatar_urls: own?.avatar_urls ?? { '48': '', '96': '' },
    phone_number: own?.phone_number ?? '',
    email: own?.email ?? '',
  };
}

/** « 12 contenus », « 12 contenus · page 2 sur 3 »; without WordPress's totals, only the page. */
export function postsCountLine(posts: PostPage): string {
  const page = posts.page > 1 ? `page ${posts.page}${posts.totalPages !== null ? ` sur ${posts.totalPages}` : ''}` : '';
  if (posts.total === null) return page ? `Page ${page.slice('page '.length)}` : '';
  if (posts.total === 0) return '';
  const count = posts.total === 1 ? '1 contenu' : `${posts.total.toLocaleString('fr-FR')} contenus`;
  return page ? `${count} · ${page}` : count;
}
