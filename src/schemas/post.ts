import * as z from 'zod';
import { id, list, nullable, text } from './mapping';
import { LabelSchema, TagSchema } from './tag';

export const CategoryRefSchema = z.object({ id, slug: z.string(), name: text() });

/** SPEC §3 Post (card). */
export const PostCardSchema = z.object({
  id,
  title: z.string(),
  slug: text(),
  link: text(),
  date: text(),
  background_image: text(),
  tag_list: list(TagSchema),
  label: nullable(LabelSchema),
  category: nullable(CategoryRefSchema),
});
export type PostCard = z.infer<typeof PostCardSchema>;

export const PostCardListSchema = list(PostCardSchema);

/**
 * A page of cards with the totals WordPress sends in X-WP-Total / X-WP-TotalPages, or null when
 * they were not sent; `hasNext` holds either way.
 */
export type PostPage = { posts: PostCard[]; page: number; total: number | null; totalPages: number | null; hasNext: boolean };
