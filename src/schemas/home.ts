import * as z from 'zod';
import { list, record, text } from './mapping';
import { EventSchema } from './event';
import { CategoryRefSchema, PostCardListSchema } from './post';

const SectionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('a_la_une'), title: text('À la une'), posts: PostCardListSchema }),
  z.object({ type: z.literal('categorie'), title: text(), category: CategoryRefSchema, posts: PostCardListSchema }),
  z.object({ type: z.literal('evenements'), title: text('Prochains événements'), events: list(EventSchema) }),
]);
export type HomeSection = z.infer<typeof SectionSchema>;

/** GET /ffr/v1/home: banner_background_image, meta, content.data, title (SPEC §7). */
export const HomeSchema = z.object({
  title: text(),
  banner_background_image: text(),
  meta: record({ title: text(), description: text() }, { title: '', description: '' }),
  content: record({ data: list(SectionSchema) }, { data: [] }),
});
