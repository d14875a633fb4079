// The national teams' pages: « Équipes de France » and its four children (XV de France, France
// féminine, France 7, France U20), with the squad, the staff, the competitions, the upcoming
// events, the latest news and the photo albums, as the federation's page list sends them (ACF
// fields of the "equipe" templates). The squads are the players the generated articles quote.

import type {
  WpAlbum,
  WpAlbumFilter,
  WpAlbumSeason,
  WpCompetition,
  WpEvent,
  WpPage,
  WpPlayer,
  WpPlayerCount,
  WpPostCard,
  WpStaffMember,
} from './types.js';
import type { AuthorDesk, Desk } from './authors.js';
import { CAT, type CategoryTree } from './categories.js';
import { formatWp, parisToUtc, parseWp, seasonOf } from './dates.js';
import {
  SEVENS_SQUAD,
  STAFFS,
  WOMEN_PLAYERS,
  XV_PLAYERS,
  type Player,
  type Position,
  type SevensPosition,
  type StaffMember,
} from './french/words.js';
import { addPortrait, type IllustrationLibrary, type ImageStore, type Theme } from './images.js';
import { makePage } from './pages.js';
import { Random, hashSeed } from './random.js';
import { escapeXml, slugify, typo } from './text.js';

export const TEAM_PAGE_IDS = { equipes: 214, xv: 215, feminine: 216, seven: 217, u20: 218 } as const;

/** The parent page's slug; team pages live under it (their link is /equipes-de-france/{slug}). */
export const TEAMS_PARENT_SLUG = 'equipes-de-france';

type TeamKey = 'xv' | 'feminine' | 'seven' | 'u20';
type Build = 'men' | 'women' | 'sevens' | 'u20';

type PositionInfo = { libelle: string; ordre: number; ligne: 'avants' | 'arrieres' };

/** Rugby à XV: the sheet's groups in order, forwards first. */
const XV_POSITIONS: Readonly<Record<Position, PositionInfo>> = {
  'pilier-gauche': { libelle: 'Pilier gauche', ordre: 1, ligne: 'avants' },
  talonneur: { libelle: 'Talonneur', ordre: 2, ligne: 'avants' },
  'pilier-droit': { libelle: 'Pilier droit', ordre: 3, ligne: 'avants' },
  'deuxieme-ligne': { libelle: 'Deuxième ligne', ordre: 4, ligne: 'avants' },
  'troisieme-ligne': { libelle: 'Troisième ligne aile', ordre: 5, ligne: 'avants' },
  'numero-huit': { libelle: 'Numéro 8', ordre: 6, ligne: 'avants' },
  'demi-de-melee': { libelle: 'Demi de mêlée', ordre: 7, ligne: 'arrieres' },
  'demi-d-ouverture': { libelle: 'Demi d’ouverture', ordre: 8, ligne: 'arrieres' },
  centre: { libelle: 'Centre', ordre: 9, ligne: 'arrieres' },
  ailier: { libelle: 'Ailier', ordre: 10, ligne: 'arrieres' },
  arriere: { libelle: 'Arrière', ordre: 11, ligne: 'arrieres' },
};

/** Rugby à 7: three forwards, four backs. */
const SEVENS_POSITIONS: Readonly<Record<SevensPosition, PositionInfo>> = {
  pilier: { libelle: 'Pilier', ordre: 1, ligne: 'avants' },
  talonneur: { libelle: 'Talonneur', ordre: 2, ligne: 'avants' },
  'demi-de-melee': { libelle: 'Demi de mêlée', ordre: 3, ligne: 'arrieres' },
  'demi-d-ouverture': { libelle: 'Demi d’ouverture', ordre: 4, ligne: 'arrieres' },
  centre: { libelle: 'Centre', ordre: 5, ligne: 'arrieres' },
  ailier: { libelle: 'Ailier', ordre: 6, ligne: 'arrieres' },
};

/** Height (cm) and weight (kg) ranges by build and position. */
const MORPHO: Readonly<Record<string, readonly [number, number, number, number]>> = {
  'pilier-gauche': [180, 190, 112, 128],
  'pilier-droit': [180, 190, 114, 130],
  talonneur: [175, 185, 100, 112],
  'deuxieme-ligne': [196, 206, 112, 125],
  'troisieme-ligne': [186, 196, 102, 114],
  'numero-huit': [187, 196, 108, 118],
  'demi-de-melee': [170, 180, 76, 88],
  'demi-d-ouverture': [175, 185, 80, 92],
  centre: [180, 190, 92, 104],
  ailier: [176, 190, 82, 96],
  arriere: [178, 190, 86, 95],
  pilier: [182, 192, 95, 106],
};

function morphology(rng: Random, position: string, build: Build): { taille: number; poids: number } {
  const [hMin, hMax, wMin, wMax] = MORPHO[position] ?? [178, 188, 85, 100];
  // Women are about 12 cm shorter and a fifth lighter; the Bleuets still filling out; sevens players leaner.
  const [dh, kw] =
    build === 'women' ? [-12, 0.8] : build === 'u20' ? [-1, 0.96] : build === 'sevens' && position !== 'pilier' ? [0, 0.92] : [0, 1];
  return { taille: rng.int(hMin, hMax) + dh, poids: Math.round(rng.int(wMin, wMax) * kw) };
}

// The internationals are real people: their birth dates do not move with the anchor date.
const REFERENCE_YEAR = 2026;
const pad = (n: number): string => String(n).padStart(2, '0');

function birthDate(rng: Random, year: number): string {
  let month = rng.int(1, 12);
  const day = rng.int(1, 28);
  if (month === 1 && day === 1) month = 2; // born on 1 January of year Y-20: no longer under 20 in Y
  return `${year}-${pad(month)}-${pad(day)}`;
}

function splitName(full: string): { prenom: string; nom: string } {
  const space = full.indexOf(' ');
  return space < 0 ? { prenom: '', nom: full } : { prenom: full.slice(0, space), nom: full.slice(space + 1) };
}

const initialsOf = (full: string): string => {
  const { prenom, nom } = splitName(full);
  return `${prenom.charAt(0)}${nom.charAt(0)}`.toUpperCase();
};

type SquadEntry = { name: string; position: string; club: string; caps: number; info: PositionInfo };

type TeamDef = {
  key: TeamKey;
  id: number;
  title: string;
  slug: string;
  template: 'equipe' | 'equipe-7';
  genre: 'masculin' | 'feminin';
  classe_age: 'senior' | 'u20';
  category: number;
  theme: Theme;
  /** WpEvent.team of the team's events. */
  eventTeam: string;
  desk: Desk;
  build: Build;
  playerIdBase: number;
  staffIdBase: number;
  captain: string;
  /** Players with at least this many caps have an official portrait; the others show the placeholder. */
  portraitFromCaps: number | null;
  illustrations: { featured: number; background: number; portraits: number };
  staff: readonly StaffMember[];
  /** "du XV de France", for running text. */
  of: string;
  players: 'joueurs' | 'joueuses';
  description: string;
  content: string;
};

const TEAMS: readonly TeamDef[] = [
  {
    key: 'xv',
    id: TEAM_PAGE_IDS.xv,
    title: 'XV de France',
    slug: 'xv-de-france-equipe',
    template: 'equipe',
    genre: 'masculin',
    classe_age: 'senior',
    category: CAT.XV,
    theme: 'xv',
    eventTeam: 'XV de France',
    desk: 'xv',
    build: 'men',
    playerIdBase: 3001,
    staffIdBase: 3401,
    captain: 'Antoine Dupont',
    portraitFromCaps: 10,
    illustrations: { featured: 2, background: 1, portraits: 7 },
    staff: STAFFS.xv,
    of: 'du XV de France',
    players: 'joueurs',
    description: 'Le groupe du XV de France, son staff, son calendrier et ses dernières actualités.',
    content:
      '<p>Le XV de France dispute chaque année le Tournoi des Six Nations et les tests d’automne, avant une tournée d’été dans l’hémisphère Sud. Le groupe se rassemble au Centre national du rugby de Marcoussis.</p>',
  },
  {
    key: 'feminine',
    id: TEAM_PAGE_IDS.feminine,
    title: 'France féminine',
    slug: 'france-feminine-equipe',
    template: 'equipe',
    genre: 'feminin',
    classe_age: 'senior',
    category: CAT.FEMININE,
    theme: 'feminine',
    eventTeam: 'France féminine',
    desk: 'feminine',
    build: 'women',
    playerIdBase: 3101,
    staffIdBase: 3411,
    captain: 'Manae Feleu',
    portraitFromCaps: 10,
    illustrations: { featured: 1, background: 3, portraits: 2 },
    staff: STAFFS.feminine,
    of: 'de l’équipe de France féminine',
    players: 'joueuses',
    description: 'Le groupe de l’équipe de France féminine, son staff, son calendrier et ses dernières actualités.',
    content:
      '<p>L’équipe de France féminine dispute le Tournoi des Six Nations féminin au printemps et des tests internationaux à l’automne. Les Bleues se préparent au Centre national du rugby de Marcoussis.</p>',
  },
  {
    key: 'seven',
    id: TEAM_PAGE_IDS.seven,
    title: 'France 7',
    slug: 'france-7-equipe',
    template: 'equipe-7',
    genre: 'masculin',
    classe_age: 'senior',
    category: CAT.SEPT,
    theme: 'seven',
    eventTeam: 'France 7',
    desk: 'jeunes-7',
    build: 'sevens',
    playerIdBase: 3201,
    staffIdBase: 3421,
    captain: '',
    portraitFromCaps: null,
    illustrations: { featured: 1, background: 0, portraits: 2 },
    staff: STAFFS.seven,
    of: 'de France 7',
    players: 'joueurs',
    description: 'Les joueurs sous contrat fédéral de France 7, le staff, le calendrier du circuit mondial et les dernières actualités.',
    content:
      '<p>Champions olympiques à Paris en 2024, les joueurs de France 7 disputent le circuit mondial HSBC SVNS de décembre à mai. Ils sont sous contrat fédéral et s’entraînent au Centre national du rugby de Marcoussis.</p>',
  },
  {
    key: 'u20',
    id: TEAM_PAGE_IDS.u20,
    title: 'France U20',
    slug: 'france-u20-equipe',
    template: 'equipe',
    genre: 'masculin',
    classe_age: 'u20',
    category: CAT.U20,
    theme: 'u20',
    eventTeam: 'France U20',
    desk: 'jeunes-7',
    build: 'u20',
    playerIdBase: 3301,
    staffIdBase: 3431,
    captain: '',
    portraitFromCaps: null,
    illustrations: { featured: 0, background: 1, portraits: 2 },
    staff: STAFFS.u20,
    of: 'des Bleuets',
    players: 'joueurs',
    description: 'Le groupe des Bleuets, l’équipe de France des moins de 20 ans, son staff, son calendrier et ses dernières actualités.',
    content:
      '<p>Les Bleuets disputent le Six Nations U20 en février et en mars, puis le Championnat du monde U20 au début de l’été. Le groupe réunit les meilleurs joueurs de moins de 20 ans des centres de formation.</p>',
  },
];

export type TeamInputs = {
  now: number;
  rng: Random;
  store: ImageStore;
  illustrations: IllustrationLibrary;
  categories: CategoryTree;
  authors: AuthorDesk;
  events: WpEvent[];
  u20Players: readonly Player[];
  /** The latest published cards of any of these categories, newest first. */
  latestOf: (categoryIds: number[], count: number) => WpPostCard[];
};

const NEWS_COUNT = 4;

function squadOf(def: TeamDef, u20Players: readonly Player[]): SquadEntry[] {
  if (def.key === 'seven') return SEVENS_SQUAD.map((pl) => ({ ...pl, info: SEVENS_POSITIONS[pl.position] }));
  const pool = def.key === 'xv' ? XV_PLAYERS : def.key === 'feminine' ? WOMEN_PLAYERS : u20Players;
  return pool.map((pl) => ({ ...pl, info: XV_POSITIONS[pl.position] }));
}

function buildSquad(def: TeamDef, inputs: TeamInputs): WpPlayer[] {
  const underTwentyYear = Number(seasonOf(inputs.now).slice(5)); // the season's championships, e.g. 2027
  const players = squadOf(def, inputs.u20Players).map((pl, i): WpPlayer => {
    // The player's figures depend on the name only (and on the season for the U20s): stable across seeds.
    const rng = new Random(hashSeed('joueur', def.key, pl.name));
    const slug = slugify(pl.name);
    const age = def.build === 'sevens' ? 21 + Math.round(pl.caps / 8) + rng.int(0, 3) : 20 + Math.round(pl.caps / 6) + rng.int(0, 3);
    // Under-20 rule (World Rugby): under 20 on 1 January of the championship's year.
    const year = def.build === 'u20' ? underTwentyYear - rng.int(19, 20) : REFERENCE_YEAR - Math.min(35, age);
    const date_naissance = birthDate(rng, year);
    const portrait = def.portraitFromCaps !== null && pl.caps >= def.portraitFromCaps;
    return {
      id: def.playerIdBase + i,
      ...splitName(pl.name),
      slug,
      poste: pl.position,
      poste_libelle: pl.info.libelle,
      poste_ordre: pl.info.ordre,
      ligne: pl.info.ligne,
      club: pl.club,
      selections: pl.caps,
      photo: portrait ? addPortrait(inputs.store, def.slug, slug, pl.name, initialsOf(pl.name), i) : '',
      date_naissance,
      ...morphology(rng, pl.position, def.build),
      capitaine: pl.name === def.captain,
    };
  });
  // By position group, then by family name (as squad lists are printed), compared on ASCII keys.
  const key = (pl: WpPlayer): string => `${slugify(pl.nom)} ${pl.slug}`;
  return players.sort((a, b) => a.poste_ordre - b.poste_ordre || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function buildStaff(def: TeamDef): WpStaffMember[] {
  return def.staff.map((m, i) => ({ id: def.staffIdBase + i, ...splitName(m.name), slug: slugify(m.name), role: m.role, photo: '' }));
}

function headCounts(def: TeamDef, squad: WpPlayer[]): WpPlayerCount[] {
  const forwards = squad.filter((pl) => pl.ligne === 'avants').length;
  return [
    { cle: 'total', libelle: def.genre === 'feminin' ? 'Joueuses' : 'Joueurs', nombre: squad.length },
    { cle: 'avants', libelle: 'Avants', nombre: forwards },
    { cle: 'arrieres', libelle: 'Arrières', nombre: squad.length - forwards },
  ];
}

function competitionsOf(def: TeamDef, season: string, categories: CategoryTree): WpCompetition[] {
  const start = Number(season.slice(0, 4));
  const end = start + 1;
  const path = (id: number): string => {
    const c = categories.get(id);
    return c.parent === 0 ? `/categories/${c.slug}` : `/categories/${categories.get(c.parent).slug}/${c.slug}`;
  };
  let worldCup = 2027;
  while (worldCup < start) worldCup += 4;
  const entries: Array<readonly [string, number]> =
    def.key === 'xv'
      ? [
          [`Tournoi des Six Nations ${end}`, CAT.XV_SIX_NATIONS],
          [`Tests d’automne ${start}`, CAT.XV_AUTOMNE],
          [`Coupe du monde ${worldCup}`, CAT.XV_COUPE_DU_MONDE],
        ]
      : def.key === 'feminine'
        ? [
            [`Tournoi des Six Nations féminin ${end}`, CAT.FEMININE_SIX_NATIONS],
            [`WXV ${start}`, CAT.FEMININE_WXV],
          ]
        : def.key === 'seven'
          ? [
              [`HSBC SVNS ${season}`, CAT.SEPT_SVNS],
              ['Jeux olympiques de Los Angeles 2028', CAT.SEPT_JO],
            ]
          : [
              [`Six Nations U20 ${end}`, CAT.U20_SIX_NATIONS],
              [`Championnat du monde U20 ${end}`, CAT.U20_MONDIAL],
            ];
  return entries.map(([nom, id]) => ({ nom, saison: season, lien: path(id) }));
}

const LIFE = 'Vie du groupe';

/** The competition an event's album files under: the sub-category, or the event's label. */
function albumCompetition(event: WpEvent, categories: CategoryTree): string {
  if (event.accreditation.kind === 'evenements-presse') return LIFE;
  const category = categories.get(event.categoryId);
  return category.parent !== 0 ? category.name : event.label;
}

type AlbumCounter = { next: number };

function buildAlbums(
  def: TeamDef,
  inputs: TeamInputs,
  counter: AlbumCounter,
  rng: Random,
): { seasons: WpAlbumSeason[]; filters: WpAlbumFilter[] } {
  const current = seasonOf(inputs.now);
  const startYear = Number(current.slice(0, 4));
  const kept = [current, `${startYear - 1}-${startYear}`];
  type Draft = Omit<WpAlbum, 'id' | 'photos' | 'lien' | 'competition'> & { competitionName: string; saison: string };
  const drafts: Draft[] = [];
  for (const event of inputs.events) {
    if (event.team !== def.eventTeam || parseWp(event.startDate) > inputs.now) continue;
    drafts.push({
      titre: typo(`En images : ${event.title}`),
      date: event.endDate,
      couverture: event.image,
      competitionName: albumCompetition(event, inputs.categories),
      saison: seasonOf(parseWp(event.startDate)),
    });
  }
  // The official portraits, shot at the start of each season.
  for (const season of kept) {
    const at = parisToUtc(Number(season.slice(0, 4)), 9, 1, 10, 0);
    if (at > inputs.now) continue;
    drafts.push({
      titre: typo(`En images : les portraits officiels ${def.of}, saison ${season}`),
      date: formatWp(at),
      couverture: inputs.illustrations.first(def.theme, def.illustrations.portraits).src1280,
      competitionName: LIFE,
      saison: season,
    });
  }
  const recent = drafts.filter((d) => kept.includes(d.saison)).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const seasons: WpAlbumSeason[] = [];
  const competitions = new Map<string, string>();
  for (const d of recent) {
    const valeur = slugify(d.competitionName);
    if (!competitions.has(valeur)) competitions.set(valeur, d.competitionName);
    const album: WpAlbum = {
      id: counter.next++,
      titre: d.titre,
      date: d.date,
      couverture: d.couverture,
      photos: rng.int(18, 96),
      // Flickr album ids are 17 digits: beyond JavaScript's safe integers, they only travel as text.
      lien: `https://www.flickr.com/photos/ffrugby/albums/72177720${String(rng.int(100_000_000, 999_999_999))}`,
      competition: valeur,
    };
    const group = seasons.find((s) => s.saison === d.saison);
    if (group) group.albums.push(album);
    else seasons.push({ saison: d.saison, albums: [album] });
  }
  const filters: WpAlbumFilter[] = [
    { cle: 'saison', libelle: 'Saison', options: seasons.map((s) => ({ valeur: s.saison, libelle: `Saison ${s.saison}` })) },
    { cle: 'competition', libelle: 'Compétition', options: [...competitions].map(([valeur, libelle]) => ({ valeur, libelle })) },
  ];
  return { seasons, filters };
}

function contactBox(inputs: TeamInputs, desk: Desk, interviews: string): string {
  const officer = inputs.authors.officer(desk);
  return typo(
    `<h3>Contact presse</h3><p><strong>${escapeXml(officer.nom)}</strong>, ${escapeXml(officer.role_edition.charAt(0).toLowerCase() + officer.role_edition.slice(1))}<br>` +
      `Téléphone : ${officer.phone_number}<br>Adresse e-mail : <a href="mailto:${officer.email}">${officer.email}</a></p>` +
      `<p>Les demandes d’interview ${escapeXml(interviews)} passent par le service de presse.</p>` +
      '<p><a href="/accreditations">Demander une accréditation</a></p>',
  );
}

export function buildTeamPages(inputs: TeamInputs): WpPage[] {
  const season = seasonOf(inputs.now);
  const counter: AlbumCounter = { next: 7001 };
  const ref = (def: TeamDef) => ({ title: def.title, slug: def.slug, link: '' });
  const upcoming = (team: string) => inputs.events.filter((e) => e.team === team && parseWp(e.startDate) > inputs.now);

  const teams = TEAMS.map((def) => {
    const effectif = buildSquad(def, inputs);
    const { seasons, filters } = buildAlbums(def, inputs, counter, inputs.rng.fork(def.key));
    const featured = inputs.illustrations.first(def.theme, def.illustrations.featured);
    return makePage({
      id: def.id,
      title: def.title,
      slug: def.slug,
      niveau: 2,
      parent: TEAM_PAGE_IDS.equipes,
      template: def.template,
      genre: def.genre,
      classe_age: def.classe_age,
      description: def.description,
      content: def.content,
      featured_media: { src: featured.src1280, legend: typo(`${featured.alt}. © FFR`) },
      rencontre_background: inputs.illustrations.first(def.theme, def.illustrations.background).src1280,
      liste_freres: TEAMS.filter((other) => other !== def).map(ref),
      effectif,
      staff: buildStaff(def),
      compte_joueurs: headCounts(def, effectif),
      competitions: competitionsOf(def, season, inputs.categories),
      future_events: upcoming(def.eventTeam),
      news: inputs.latestOf([def.category], NEWS_COUNT),
      albums_saisons: seasons,
      albums_filtres: filters,
      sidebar_content: contactBox(inputs, def.desk, `des ${def.players} et du staff ${def.of}`),
      categorie: inputs.categories.ref(def.category),
      meta_title: `${def.title} : le groupe, le staff et le calendrier | FFR Presse`,
    });
  });

  const matches = inputs.events.filter(
    (e) =>
      TEAMS.some((t) => t.eventTeam === e.team) &&
      e.accreditation.kind === 'rencontres-internationales' &&
      parseWp(e.startDate) > inputs.now,
  );
  const parent = makePage({
    id: TEAM_PAGE_IDS.equipes,
    title: 'Équipes de France',
    slug: TEAMS_PARENT_SLUG,
    niveau: 1,
    description: 'Le XV de France, l’équipe de France féminine, France 7 et les Bleuets : groupes, staffs, calendriers et actualités.',
    content:
      '<p>Retrouvez les groupes, les staffs et le calendrier des équipes de France, ainsi que les contacts du service de presse pour vos demandes d’interview et d’accréditation.</p>',
    featured_media: { src: inputs.illustrations.first('xv', 6).src1280, legend: typo(`${inputs.illustrations.first('xv', 6).alt}. © FFR`) },
    liste_enfants: TEAMS.map(ref),
    future_events: matches,
    news: inputs.latestOf(
      TEAMS.map((t) => t.category),
      NEWS_COUNT,
    ),
    sidebar_content: contactBox(inputs, 'institution', 'des joueurs, des joueuses et des staffs des équipes de France'),
  });
  return [parent, ...teams];
}
