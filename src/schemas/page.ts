import { z } from 'zod';
import { EventSchema } from './event';
import { id, list, nullable, num, text } from './mapping';
import { PostCardListSchema } from './post';

/** SPEC §3 Page (page list) and Contact page. */
export const PageSchema = z.object({
  id,
  title: z.string(),
  description: text(),
  excerpt: text(),
  slug: z.string().min(1),
  label: text(),
  featured_media: nullable(z.object({ src: z.string(), legend: text() })),
  rencontre_background: text(),
  liste_enfants: list(z.object({ title: z.string(), slug: z.string() })),
  liste_freres: list(z.object({ title: z.string(), slug: z.string() })),
  news: PostCardListSchema,
  genre: text(),
  template: text(),
  classe_age: text(),
  niveau: num(0),
  parent: num(0),
  redirection: text(),
  future_events: list(EventSchema),
  sidebar_content: text(),
  meta_title: text(),
  meta_description: text(),
  content: text(),
  banniere: nullable(z.object({ title: text(), image: text() })),
  blocs: list(z.object({ title: text(), content: text() })),
});
export type Page = z.infer<typeof PageSchema>;

/** SPEC §2: a page is shown only if its niveau is 1 or 2, or a template or a redirection is set. */
export function isDisplayable(page: Pick<Page, 'niveau' | 'template' | 'redirection'>): boolean {
  return page.niveau === 1 || page.niveau === 2 || page.template !== '' || page.redirection !== '';
}
