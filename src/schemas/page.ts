import * as z from 'zod';
import { EventSchema } from './event';
import { flag, id, list, nullable, num, text } from './mapping';
import { PostCardListSchema } from './post';

/** liste_enfants / liste_freres: a page of the tree; `link` is its path on the site. */
const PageRefSchema = z.object({ title: z.string().min(1), slug: z.string().min(1), link: text() });

/** One player of a team's squad (`effectif`); the slug names the card's anchor (#joueur-{slug}). */
export const PlayerSchema = z.object({
  id,
  prenom: text(),
  nom: text(),
  slug: z.string().min(1),
  poste: text(),
  poste_libelle: text(),
  poste_ordre: num(0),
  ligne: text(),
  club: text(),
  selections: num(0),
  photo: text(),
  capitaine: flag(false),
});
export type Player = z.infer<typeof PlayerSchema>;

const StaffMemberSchema = z.object({ id, prenom: text(), nom: text(), slug: text(), role: text(), photo: text() });

const AlbumSchema = z.object({
  id,
  titre: z.string().min(1),
  date: text(),
  couverture: text(),
  photos: num(0),
  lien: text(),
  competition: text(),
});
export type Album = z.infer<typeof AlbumSchema>;

const AlbumFilterSchema = z.object({
  cle: text(),
  libelle: text(),
  options: list(z.object({ valeur: z.string().min(1), libelle: text() })),
});
export type AlbumFilter = z.infer<typeof AlbumFilterSchema>;

/** SPEC §3 Page (page list) and Contact page. */
export const PageSchema = z.object({
  id,
  title: z.string(),
  description: text(),
  excerpt: text(),
  slug: z.string().min(1),
  /** The page's address (its ancestors' slugs then its own): the one path it is shown at. */
  link: text(),
  label: text(),
  featured_media: nullable(z.object({ src: z.string(), legend: text() })),
  rencontre_background: text(),
  liste_enfants: list(PageRefSchema),
  liste_freres: list(PageRefSchema),
  news: PostCardListSchema,
  genre: text(),
  template: text(),
  classe_age: text(),
  niveau: num(0),
  parent: num(0),
  redirection: text(),
  competitions: list(z.object({ nom: z.string().min(1), saison: text(), lien: text() })),
  compte_joueurs: list(z.object({ cle: text(), libelle: z.string().min(1), nombre: z.number().finite() })),
  effectif: list(PlayerSchema),
  staff: list(StaffMemberSchema),
  albums_saisons: list(z.object({ saison: z.string().min(1), albums: list(AlbumSchema) })),
  albums_filtres: list(AlbumFilterSchema),
  future_events: list(EventSchema),
  sidebar_content: text(),
  meta_title: text(),
  meta_description: text(),
  content: text(),
  banniere: nullable(z.object({ title: text(), image: text() })),
  blocs: list(z.object({ title: text(), content: text() })),
});
export type Page = z.infer<typeof PageSchema>;
export type PageRef = Page['liste_enfants'][number];

/** SPEC §2: a page is shown only if its niveau is 1 or 2, or a template or a redirection is set. */
export function isDisplayable(page: Pick<Page, 'niveau' | 'template' | 'redirection'>): boolean {
  return page.niveau === 1 || page.niveau === 2 || page.template !== '' || page.redirection !== '';
}
