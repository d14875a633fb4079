import * as z from 'zod';
import { list, text } from './mapping';

/**
 * A story of « Recherches du moment » (SPEC §2, §7: « Story widgets load per story id »), as the
 * federation's plugin answers `GET /ffr/v1/stories/{id}`: a few full-screen slides. A slide without
 * an image or a text is dropped; `lien` is a path of the site or an address on ffr.fr.
 */
export const StorySchema = z.object({
  id: z.coerce.string().min(1),
  titre: text(),
  slug: text(),
  date: text(),
  couverture: text(),
  lien: text(),
  slides: list(z.object({ image: z.string().min(1), texte: z.string().min(1), lien: text() })),
});
export type Story = z.infer<typeof StorySchema>;

/** Story ids as the settings list them (« st7a3f »): anything else is never asked upstream. */
export const STORY_ID = /^[a-z0-9_-]{1,40}$/i;

/** The story's page on this site. */
export const storyPath = (id: string) => `/stories/${encodeURIComponent(id)}`;
