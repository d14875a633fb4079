import type { Context } from 'hono';
import type { AppEnv } from '../../../app-env';
import { settle } from '../../../data/loaded';
import { AUTHOR_SLUG, authorPath } from '../../../lib/authors';
import { loadAuthorPage } from './author.server';
import { AuthorView } from './AuthorView';
import { htmlToText } from '../../../lib/html/inline-html';
import { shorten } from '../../../lib/format/shorten';
import { canonical, parsePage } from '../../../render/site';
import { notFoundPage, unavailablePage } from '../../../render/apology';

/**
 * /auteurs/{slug}: a press officer and their posts. /author/{slug}, the address WordPress gives in
 * `author_link`, and a slug in capitals (WP_User_Query's nicename__in compares with the table's
 * case-insensitive collation, wp-includes/class-wp-user-query.php) lead here.
 */
export async function authorPage(c: Context<AppEnv>, base: string, asked: string) {
  const slug = asked.toLowerCase();
  if (!AUTHOR_SLUG.test(slug)) return notFoundPage(c);
  if (base !== 'auteurs' || asked !== slug) return c.redirect(`${authorPath(slug)}${new URL(c.req.url).search}`, 301);

  const page = parsePage(c.req.query('page'));
  const user = await settle(c.get('content').author(slug), `author ${slug}`);
  if (user.status === 'not-found') return notFoundPage(c);
  if (user.status === 'failure') return unavailablePage(c, { title: 'Page momentanément indisponible' });

  const { profile, posts } = await loadAuthorPage(c.get('content'), user.data, page);
  // Past the last page (400 rest_post_invalid_page_number, class-wp-rest-posts-controller.php, or an empty page): not found.
  if (page > 1 && (posts.status === 'not-found' || (posts.status === 'success' && posts.data.posts.length === 0))) return notFoundPage(c);

  const basePath = authorPath(user.data.slug);
  const name = htmlToText(profile.nom);
  const about = shorten(htmlToText(profile.description), 160);
  return c.render(<AuthorView profile={profile} posts={posts.status === 'success' ? posts.data : null} basePath={basePath} />, {
    head: {
      title: page > 1 ? `${name} — page ${page}` : name,
      description: about || `Les communiqués et actualités publiés par ${name} pour la Fédération française de rugby.`,
      canonical: canonical(c, page > 1 ? `${basePath}?page=${page}` : basePath),
      breadcrumb: [
        { name: 'Accueil', href: '/' },
        { name, href: basePath },
      ],
    },
    tracking: { page_type: 'auteur' },
    // Its posts could not be loaded: the profile shows with a notice, as a 503 to retry.
    status: posts.status === 'failure' ? 503 : 200,
  });
}
