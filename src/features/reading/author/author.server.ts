import type { Content } from '../../../data/content.server';
import { settle, type Loaded } from '../../../data/loaded';
import type { Author } from '../../../schemas/article';
import type { WpUser } from '../../../schemas/author';
import type { PostPage } from '../../../schemas/post';
import { authorProfile } from '../../../lib/authors';
import { log } from '../../../observability/log.server';

/** Like a category (SPEC §9): 4 cards a page. */
export const AUTHOR_PAGE_SIZE = 4;

export type AuthorPage = { profile: Author; posts: Loaded<PostPage> };

/**
 * An author's page of posts, and their press contact from their newest post (its `auteur`). The
 * contact is a detail: when it cannot be read the page shows the WordPress user alone, and is not
 * cached (the content layer marks the read as failed).
 */
export async function loadAuthorPage(content: Content, user: WpUser, page: number): Promise<AuthorPage> {
  const posts = content.postsOfAuthor(user.id, page, AUTHOR_PAGE_SIZE);
  // Page 1 is the newest: on further pages it is read (and cached) for the contact alone.
  const newest = page === 1 ? posts : content.postsOfAuthor(user.id, 1, AUTHOR_PAGE_SIZE);
  const contact = newest
    .then((first) => (first.posts[0] ? content.postAuthor(first.posts[0].slug) : null))
    .catch((error: unknown) => {
      log.warn('data.author_contact_failed', { author: user.slug, error: log.describe(error) });
      return null;
    });
  const [loaded, post] = await Promise.all([settle(posts, `posts of author ${user.slug}`), contact]);
  return { profile: authorProfile(user, post), posts: loaded };
}
