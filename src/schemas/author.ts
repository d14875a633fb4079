import * as z from 'zod';
import { AuthorSchema } from './article';
import { id, nullable, text } from './mapping';

/**
 * A user as WordPress core's `wp/v2/users` shows them to an anonymous caller (the 'view' context:
 * wordpress-develop, src/wp-includes/rest-api/endpoints/class-wp-rest-users-controller.php,
 * get_item_schema). `slug` is the user_nicename, `link` what get_author_posts_url() gives.
 * Role, phone and e-mail are not there: the federation's `auteur` of a post carries them.
 */
export const WpUserSchema = z.object({
  id,
  name: text(),
  slug: z.string().min(1),
  description: text(),
  link: text(),
});
export type WpUser = z.infer<typeof WpUserSchema>;

/**
 * The `auteur` of one post (SPEC §3), with the WordPress user id the federation's route adds
 * beside the spec's fields when it does (post_author; the spec does not list it, hence optional).
 */
export const PostAuthorSchema = z.object({
  id,
  auteur: nullable(AuthorSchema.extend({ id: z.number().int().positive().optional().catch(undefined) })),
});
export type PostAuthor = z.infer<typeof PostAuthorSchema>;
