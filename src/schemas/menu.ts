import * as z from 'zod';
import { id, list, num, text } from './mapping';

export type MenuItem = {
  id: number;
  parent: number;
  order: number;
  type: 'post_type' | 'taxonomy' | 'custom' | 'external' | 'clickable';
  type_name: string;
  type_slug: string;
  object_id: number;
  object_slug: string;
  slug_complet: string;
  label: string;
  url: string;
  title: string;
  target: string;
  description: string;
  classes: string[];
  items: MenuItem[];
};

/** SPEC §3 Menu item; `items` holds the children (hierarchical mode). */
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id,
    parent: num(0),
    order: num(0),
    type: z.enum(['post_type', 'taxonomy', 'custom', 'external', 'clickable']).catch('custom'),
    type_name: text(),
    type_slug: text(),
    object_id: num(0),
    object_slug: text(),
    slug_complet: text(),
    label: z.string().min(1),
    url: text(),
    title: text(),
    target: text(),
    description: text(),
    classes: z.union([z.array(z.string()), z.string().transform((s) => s.split(/\s+/).filter(Boolean))]).catch([]),
    items: list(MenuItemSchema),
  }),
);

/** The three menus, named as the client state names them (SPEC §3 Menu). */
export const MenusSchema = z
  .object({ 'top-nav': list(MenuItemSchema), categories: list(MenuItemSchema), footer: list(MenuItemSchema) })
  .transform((m) => ({ topBar: m['top-nav'], categories: m.categories, footer: m.footer }));
export type Menus = z.output<typeof MenusSchema>;
