import * as z from 'zod';
import { decodeEntities } from '../lib/html/entities';
import { flag, id, list, nullable, num, text } from './mapping';

/** SPEC §3 Event, plus the accreditation window the press office sets on it. */
export const EventSchema = z.object({
  id,
  startDate: z.string().min(1),
  endDate: text(),
  // WordPress sends titles as get_the_title() gives them (&#8217; for ’): read as plain text once, here,
  // so that what the page shows and what a form posts (Contact Form 7 compares decoded values) agree.
  title: z.string().transform(decodeEntities),
  label: text(),
  tag: text(),
  categoryId: num(0),
  categories: list(z.object({ id, name: text(), slug: text() })),
  slug: z.string().min(1),
  image: text(),
  description: text(),
  venue: text(),
  team: text(),
  adress: text(),
  zip: text(),
  city: text(),
  organizer: text(),
  lat: num(0),
  long: num(0),
  all_day: flag(false),
  sidebar: nullable(z.object({ title: text(), content: text() })),
  accreditation: nullable(z.object({ kind: z.enum(['evenements-presse', 'rencontres-internationales']), deadline: z.string() })),
});
export type Event = z.infer<typeof EventSchema>;
