// Raw shapes that the federation's WordPress (`/wp-json/ffr/v1`), its static lists, Contact Form 7,
// the middleware and the Algolia index send. The emulator serves exactly these; the worker never
// imports this file (it validates what it receives with its own zod schemas in src/schemas/).

export type WpTag = {
  id: number;
  name: string;
  slug: string;
  link: string; // e.g. "/recherche?post_tags=Six%20Nations"
  source: 'tag' | 'categorie';
};

export type WpLabel = { name: string; slug: string };

export type WpImage = { src: string; alt: string; width: number; height: number };

export type WpPostCard = {
  id: number;
  title: string;
  slug: string;
  link: string; // "/categories/{categorySlug}/{postSlug}"
  date: string; // WordPress local time, Europe/Paris, "2026-11-21T14:05:00"
  background_image: string; // "" when the post has no illustration
  tag_list: WpTag[];
  label: WpLabel | null;
  category: { id: number; slug: string; name: string };
};

export type WpBlock =
  | { type: 'paragraph'; content: string } // inline HTML: <strong>, <em>, <a href>
  | { type: 'heading'; level: 2 | 3 | 4; content: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'image'; image: WpImage; caption: string }
  | { type: 'gallery'; images: Array<WpImage & { caption: string }> }
  | { type: 'video'; provider: 'youtube' | 'dailymotion'; url: string; embed_url: string; title: string }
  | { type: 'quote'; content: string; citation: string }
  | { type: 'table'; caption: string; head: string[]; rows: string[][] }
  | { type: 'file'; url: string; title: string; filesize: number; mime: string }
  | { type: 'button'; url: string; label: string }
  | { type: 'separator' };

export type WpAuthor = {
  id: number;
  nom: string;
  author_link: string;
  description: string;
  role_edition: string;
  avatar_urls: { '48': string; '96': string };
  phone_number: string;
  email: string;
};

export type WpArticle = {
  id: number;
  title: string;
  slug: string;
  link: string;
  date: string;
  modified: string;
  status: 'publish' | 'draft' | 'future';
  label: WpLabel | null;
  caption: string; // illustration caption
  srcset: string; // "…-640.svg 640w, …-1280.svg 1280w"
  illustration: string; // "" when none
  illustration_video: string; // embed URL, "" when none
  blocs: WpBlock[];
  tags: WpTag[];
  sidebar: { title: string; posts: WpPostCard[] } | null;
  redirection: string; // "" or an absolute URL
  auteur: WpAuthor;
  category: { id: number; slug: string; name: string };
  categories: number[]; // every category id, parent included
  similarContent: WpPostCard[];
  file_download_post: { url: string; title: string; filesize: number } | null;
  meta_title: string;
  meta_description: string;
  typeFlow: 'article' | 'video' | 'galerie';
  excerpt: string; // plain text, for cards and search
};

export type WpCategory = {
  id: number;
  name: string;
  slug: string;
  parent: number; // 0 for a top-level category
  description: string;
  backgroundImage: string;
  menuOrder: number;
  taxoSlug: 'category';
  count: number;
};

export type WpEvent = {
  id: number;
  startDate: string; // "2026-11-29T21:10:00" Europe/Paris
  endDate: string;
  title: string;
  label: string;
  tag: string;
  categoryId: number;
  categories: Array<{ id: number; name: string; slug: string }>;
  slug: string;
  image: string;
  description: string; // plain text paragraphs separated by "\n\n"
  venue: string;
  team: string;
  adress: string;
  zip: string;
  city: string;
  organizer: string;
  lat: number;
  long: number;
  all_day: boolean;
  sidebar: { title: string; content: string } | null;
  accreditation: {
    kind: 'evenements-presse' | 'rencontres-internationales';
    deadline: string; // ISO date-time; requests close after it
  };
};

/**
 * One player of a team page's squad (`effectif`), as the federation's ACF "joueur" fields come out
 * of the page list. The list is sorted by `poste_ordre`, then by name: the front end groups it by
 * `poste` (or by `ligne`) without sorting.
 */
export type WpPlayer = {
  id: number; // WordPress id of the player's post
  nom: string; // "Dupont"
  prenom: string; // "Antoine"
  slug: string; // "antoine-dupont"
  poste: string; // "demi-de-melee"; sevens: "pilier" | "talonneur" | "demi-de-melee" | "demi-d-ouverture" | "centre" | "ailier"
  poste_libelle: string; // "Demi de mêlée"
  poste_ordre: number; // 1 for the first group of the sheet (piliers gauches), …
  ligne: 'avants' | 'arrieres';
  club: string; // "Stade Toulousain"
  selections: number; // caps (sevens: tournaments played on the world circuit)
  photo: string; // absolute URL of the official portrait, "" when there is none yet
  date_naissance: string; // "1996-11-15"
  taille: number; // centimetres
  poids: number; // kilograms
  capitaine: boolean;
};

/** One member of a team's staff (`staff`), in the order the press office lists them. */
export type WpStaffMember = { id: number; nom: string; prenom: string; slug: string; role: string; photo: string };

/** `compte_joueurs`: the squad's head counts, one entry per figure (cle: total, avants, arrieres). */
export type WpPlayerCount = { cle: 'total' | 'avants' | 'arrieres'; libelle: string; nombre: number };

export type WpCompetition = { nom: string; saison: string; lien: string };

export type WpAlbum = {
  id: number;
  titre: string;
  date: string; // WordPress local time, "2026-11-21T23:10:00"
  couverture: string; // absolute image URL
  photos: number;
  lien: string; // the album on the federation's Flickr
  competition: string; // value of one "competition" option of albums_filtres
};

export type WpAlbumSeason = { saison: string; albums: WpAlbum[] };

export type WpAlbumFilter = { cle: 'saison' | 'competition'; libelle: string; options: Array<{ valeur: string; libelle: string }> };

export type WpPageRef = { title: string; slug: string; link: string };

export type WpPage = {
  id: number;
  title: string;
  description: string;
  excerpt: string;
  slug: string;
  /** The page's path on the site, as WordPress builds a hierarchical page's permalink (get_page_uri): "/equipes-de-france/xv-de-france-equipe". */
  link: string;
  label: string;
  featured_media: { src: string; legend: string } | null;
  rencontre_background: string;
  liste_enfants: WpPageRef[];
  liste_freres: WpPageRef[];
  news: WpPostCard[];
  genre: '' | 'masculin' | 'feminin';
  template: string; // "", "page-contact", "page-kit-medias", "equipe" (XV teams), "equipe-7" (sevens)
  classe_age: '' | 'senior' | 'u20';
  niveau: number; // 1, 2 or 3
  parent: number;
  redirection: string;
  competitions: WpCompetition[];
  compte_joueurs: WpPlayerCount[];
  effectif: WpPlayer[];
  staff: WpStaffMember[];
  albums_saisons: WpAlbumSeason[];
  albums_filtres: WpAlbumFilter[];
  future_events: WpEvent[];
  sidebar_content: string;
  /** Team pages: the category of the team's news (`news` are its latest posts); null elsewhere. */
  categorie: { id: number; slug: string; name: string } | null;
  meta_title: string;
  meta_description: string;
  content: string; // HTML of the page body (inline tags and <p>, <h2>, <ul>)
  // page-contact only
  banniere?: { title: string; image: string };
  blocs?: Array<{ title: string; content: string }>;
};

export type WpPartner = {
  title: string;
  illustration: { src: string; alt: string };
  target: '_blank' | '_self';
  link: string;
};

export type WpMenuItem = {
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
  target: '' | '_blank';
  description: string;
  items: WpMenuItem[];
  classes: string[];
};

export type WpMenus = { 'top-nav': WpMenuItem[]; categories: WpMenuItem[]; footer: WpMenuItem[] };

export type WpSettings = {
  ligue: string;
  title: string;
  description: string;
  url: string;
  logo: string;
  logo_footer: string;
  logo_transparent: string;
  cat_calendrier_equipes: number;
  saison_en_cours: string;
  class_ligue: string;
  titre_liste_cards: string;
  accreditations: string[];
  contacts: { adresse: string; adresse_map: string; telephone: string; email: string; horaires: string };
  favicons: { '16': string; '32': string; '180': string };
  fb_lien: string;
  twitter_lien: string;
  instagram_lien: string;
  youtube_lien: string;
  flickr_lien: string;
  linkedin_lien: string;
  twitch_lien: string;
  snapchat_lien: string;
  tik_tok_lien: string;
  newsletter: string;
  cgu: string;
  cookies: string;
  actualite_topbar: string;
  login_url: string;
  logout_url: string;
  type_site: string;
  top_news: { link: string; label: string; title: string };
  dashboard_popup: { format: string; image_desktop: string; image_mobile: string };
  breadcrumb_offres_entreprise: string;
  meta_title_home: string;
  meta_description_home: string;
  placeholder: string;
  structure: string;
  stories: Array<{ id: string; title: string; image: string; url: string }>;
  stories_top: string; // comma-separated story ids
};

export type WpHomeSection =
  | { type: 'a_la_une'; title: string; posts: WpPostCard[] }
  | { type: 'categorie'; title: string; category: { id: number; slug: string; name: string }; posts: WpPostCard[] }
  | { type: 'evenements'; title: string; events: WpEvent[] };

export type WpHome = {
  title: string;
  banner_background_image: string;
  meta: { title: string; description: string };
  content: { data: WpHomeSection[] };
};

// Contact Form 7 (REST API v1, plugin v6)
export type Cf7Form = {
  id: number;
  slug: string;
  title: string;
  locale: string;
  properties: {
    /** The editor's markup, as CF7 stores it; the REST API adds the scanned tags (dev/cf7/rest.ts). */
    form: string;
    mail: Cf7Mail;
    mail_2: Cf7Mail;
    messages: Record<string, string>;
    /** One `name: value` per line, as CF7 stores it. */
    additional_settings: string;
  };
};

export type Cf7Mail = {
  active: boolean;
  subject: string;
  sender: string;
  recipient: string;
  body: string;
  additional_headers: string;
  attachments: string;
  use_html: boolean;
  exclude_blank: boolean;
};

export type NewsroomMedia = { id: number; nom: string };

// What the search index holds for one post or category (Algolia record).
export type SearchRecord = {
  objectID: string;
  type: 'post' | 'category';
  title: string;
  url_relative: string;
  post_tag: string[];
  categories: string[];
  image_thumbnail: string;
  date: string;
  date_timestamp: number;
  content: string;
  distinct_key: string; // attributeForDistinct: one hit per post
};

export type TestAccount = {
  sub: string;
  login: string;
  password: string;
  email: string;
  first_name: string;
  last_name: string;
  journaliste: 'oui' | 'non' | 'a_valider' | 'refuse' | 'en_attente_infos' | '';
  journaliste_optin_whatsapp: boolean;
  /** false: the federation has not matched the SSO account to a member yet (user_prefs identifie). */
  identifie?: boolean;
  /** The account's role in the federation's WordPress, when it has one there (the press office). */
  wpRole?: 'editor';
};

/**
 * A story of « Recherches du moment » (GET /ffr/v1/stories/{id}); the settings list the ids
 * (`stories`, `stories_top`).
 */
export type WpStory = {
  id: string; // "st7a3f", as listed in the settings
  titre: string;
  slug: string;
  date: string; // WordPress local time
  couverture: string; // absolute image URL (the settings' `image`)
  lien: string; // the story on the federation's site (the settings' `url`)
  slides: Array<{ image: string; texte: string; lien: string }>; // lien: a site path or ""
};

/** A WordPress user as core stores what /wp/v2/users shows of it (dev/wordpress/wp-users.ts). */
export type WpUser = {
  id: number;
  name: string; // display_name
  slug: string; // user_nicename
  description: string;
  url: string; // user_url
  link: string; // get_author_posts_url()
  avatar_urls: { '24': string; '48': string; '96': string };
};

// What the players index holds for one player of a team page (Algolia record).
export type PlayerRecord = {
  objectID: string; // "joueur-3020"
  type: 'joueur';
  nom: string;
  prenom: string;
  name: string; // "Antoine Dupont"
  poste: string;
  poste_libelle: string;
  equipe: string; // the team page's title
  equipe_url: string; // the team page's path
  genre: string;
  classe_age: string;
  club: string;
  selections: number;
  image_thumbnail: string; // the portrait, or ""
  url_relative: string; // "/equipes-de-france/xv-de-france-equipe#joueur-antoine-dupont"
};

// The whole seeded dataset.
export type Content = {
  now: string; // the reference instant the data was generated around (ISO)
  categories: WpCategory[];
  articles: WpArticle[]; // published and drafts, newest first
  events: WpEvent[];
  partners: WpPartner[];
  pages: WpPage[];
  stories: WpStory[];
  users: WpUser[]; // every WordPress user: the authors, and accounts that never signed a post
  settings: WpSettings;
  menus: WpMenus;
  home: WpHome;
  forms: Cf7Form[];
  medias: NewsroomMedia[];
  accounts: TestAccount[];
  images: Record<string, string>; // path under /uploads/ → SVG text
};
