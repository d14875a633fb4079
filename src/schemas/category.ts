import * as z from 'zod';
import { id, num, text } from './mapping';

/** SPEC §3 Category. */
export const CategorySchema = z.object({
  id,
  name: z.string().min(1),
  slug: z.string().min(1),
  parent: num(0),
  description: text(),
  backgroundImage: text(),
  menuOrder: num(0),
  taxoSlug: text('category'),
  count: num(0),
});
export type Category = z.infer<typeof CategorySchema>;
