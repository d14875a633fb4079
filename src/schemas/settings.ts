import * as z from 'zod';
import { list, num, record, text } from './mapping';

const DEFAULT_CGU = 'https://www.ffr.fr/conditions-generales-d-utilisation';
const DEFAULT_PRIVACY = 'https://www.ffr.fr/politique-de-confidentialite';

const nonEmptyOr = (fallback: string) =>
  z
    .string()
    .catch('')
    .transform((v) => (v.trim() === '' ? fallback : v));

export const SOCIAL_NETWORKS = [
  ['fb_lien', 'Facebook'],
  ['twitter_lien', 'X (Twitter)'],
  ['instagram_lien', 'Instagram'],
  ['youtube_lien', 'YouTube'],
  ['flickr_lien', 'Flickr'],
  ['linkedin_lien', 'LinkedIn'],
  ['twitch_lien', 'Twitch'],
  ['snapchat_lien', 'Snapchat'],
  ['tik_tok_lien', 'TikTok'],
] as const;

/** SPEC §3 Site settings. Unknown extra fields are ignored. */
export const SettingsSchema = z.object({
  ligue: text(),
  title: text('FFR Presse'),
  description: text(),
  url: text(),
  logo: text(),
  logo_footer: text(),
  logo_transparent: text(),
  cat_calendrier_equipes: num(0),
  saison_en_cours: text(),
  class_ligue: text(),
  titre_liste_cards: text(),
  // The list is shown as label/value pairs (SPEC §3).
  accreditations: list(z.string()).transform((items) => items.map((label) => ({ label, value: label }))),
  contacts: record(
    { adresse: text(), adresse_map: text(), telephone: text(), email: text(), horaires: text() },
    { adresse: '', adresse_map: '', telephone: '', email: '', horaires: '' },
  ),
  favicons: record({ '16': text(), '32': text(), '180': text() }, { '16': '', '32': '', '180': '' }),
  fb_lien: text(),
  twitter_lien: text(),
  instagram_lien: text(),
  youtube_lien: text(),
  flickr_lien: text(),
  linkedin_lien: text(),
  twitch_lien: text(),
  snapchat_lien: text(),
  tik_tok_lien: text(),
  newsletter: text(),
  cgu: nonEmptyOr(DEFAULT_CGU),
  cookies: nonEmptyOr(DEFAULT_PRIVACY),
  actualite_topbar: text(),
  login_url: text(),
  logout_url: text(),
  type_site: text('newsroom'),
  top_news: record({ link: text(), label: text(), title: text() }, { link: '', label: '', title: '' }),
  dashboard_popup: record(
    { format: text(), image_desktop: text(), image_mobile: text() },
    { format: '', image_desktop: '', image_mobile: '' },
  ),
  breadcrumb_offres_entreprise: text(),
  meta_title_home: text(),
  meta_description_home: text(),
  placeholder: text(),
  structure: text(),
  stories: list(z.object({ id: z.coerce.string(), title: text(), image: text(), url: text() })),
  stories_top: text(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** What the shell shows when the settings call fails: the same defaults as for an empty object. */
export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});
