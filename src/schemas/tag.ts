import * as z from 'zod';
import { id, text } from './mapping';

export const TagSchema = z.object({
  id,
  name: z.string().min(1),
  slug: text(),
  link: text(),
  source: z.enum(['tag', 'categorie']).catch('tag'),
});
export type Tag = z.infer<typeof TagSchema>;

export const LabelSchema = z.object({ name: z.string().min(1), slug: text() });
