// Events (matches and press events) with accreditation windows. The calendar is written for the
// reference date 2026-11-22 and shifted by whole days to any other `now`, so that the mix of
// past, open and closed events stays the same whatever the reference instant.

import type { WpEvent } from './types.js';
import type { Env } from './article-kit.js';
import { atVenue } from './article-kit.js';
import { CAT } from './categories.js';
import { DAY, formatIsoParis, formatWp, frLongDate, frTime, parisToUtc, toParis } from './dates.js';
import { NATIONS, VENUES, type Nation, type Venue } from './french/words.js';
import type { Theme } from './images.js';
import { escapeXml, slugify, typo } from './text.js';

const REFERENCE_DAY = Date.UTC(2026, 10, 22);

type Team = 'xv' | 'feminine' | 'seven' | 'u20' | 'federation';

const TEAMS: Record<Team, { name: string; subject: string; theme: Theme }> = {
  xv: { name: 'XV de France', subject: 'Le XV de France', theme: 'xv' },
  feminine: { name: 'France féminine', subject: 'L’équipe de France féminine', theme: 'feminine' },
  seven: { name: 'France 7', subject: 'France 7', theme: 'seven' },
  u20: { name: 'France U20', subject: 'L’équipe de France U20', theme: 'u20' },
  federation: { name: 'Fédération française de rugby', subject: 'La Fédération française de rugby', theme: 'federation' },
};

type Spec = {
  date: string; // "2027-02-05", in the reference calendar
  time: string | null; // "21:10"; null for an all-day event
  team: Team;
  kind: 'match' | 'presse';
  title: string; // "{year}" is replaced by the event's year
  venue: Venue;
  categoryId: number;
  label: string;
  tag: string;
  opponent?: Nation;
  competition?: string; // "du Tournoi des Six Nations {year}", or for tournaments "l’étape de Dubaï…"
  days?: number; // length of an all-day event
  deadlineDays?: number;
  organizer?: string;
};

const SIX = 'Six Nations Rugby';
const WR = 'World Rugby';

const SPECS: readonly Spec[] = [
  {
    date: '2026-01-21',
    time: '11:00',
    team: 'xv',
    kind: 'presse',
    title: 'Annonce de la liste du XV de France pour le Tournoi des Six Nations {year}',
    venue: VENUES.marcoussis,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Annonce de liste',
    tag: 'Conférence de presse',
  },
  {
    date: '2026-02-05',
    time: '21:10',
    team: 'xv',
    kind: 'match',
    title: 'France – Irlande',
    venue: VENUES.stadeDeFrance,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.irl,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
  },
  {
    date: '2026-02-06',
    time: '20:15',
    team: 'u20',
    kind: 'match',
    title: 'France U20 – Irlande U20',
    venue: VENUES.mauriceDavid,
    categoryId: CAT.U20_SIX_NATIONS,
    label: 'Six Nations U20',
    tag: 'Bleuets',
    opponent: NATIONS.irl,
    competition: 'du Six Nations U20 {year}',
    organizer: SIX,
  },
  {
    date: '2026-02-15',
    time: '16:10',
    team: 'xv',
    kind: 'match',
    title: 'Pays de Galles – France',
    venue: VENUES.principality,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.gal,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
    deadlineDays: 14,
  },
  {
    date: '2026-02-21',
    time: '15:10',
    team: 'xv',
    kind: 'match',
    title: 'France – Italie',
    venue: VENUES.groupama,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.ita,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
  },
  {
    date: '2026-03-07',
    time: '17:40',
    team: 'xv',
    kind: 'match',
    title: 'Écosse – France',
    venue: VENUES.murrayfield,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.eco,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
    deadlineDays: 14,
  },
  {
    date: '2026-03-13',
    time: '20:15',
    team: 'u20',
    kind: 'match',
    title: 'France U20 – Angleterre U20',
    venue: VENUES.hameau,
    categoryId: CAT.U20_SIX_NATIONS,
    label: 'Six Nations U20',
    tag: 'Bleuets',
    opponent: NATIONS.ang,
    competition: 'du Six Nations U20 {year}',
    organizer: SIX,
  },
  {
    date: '2026-03-14',
    time: '21:10',
    team: 'xv',
    kind: 'match',
    title: 'France – Angleterre',
    venue: VENUES.stadeDeFrance,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.ang,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
  },
  {
    date: '2026-04-11',
    time: '15:00',
    team: 'feminine',
    kind: 'match',
    title: 'France féminine – Pays de Galles',
    venue: VENUES.stadeDesAlpes,
    categoryId: CAT.FEMININE_SIX_NATIONS,
    label: 'Tournoi des Six Nations féminin',
    tag: 'Six Nations',
    opponent: NATIONS.gal,
    competition: 'du Tournoi des Six Nations féminin {year}',
    organizer: SIX,
  },
  {
    date: '2026-04-25',
    time: '17:45',
    team: 'feminine',
    kind: 'match',
    title: 'France féminine – Angleterre',
    venue: VENUES.matmut,
    categoryId: CAT.FEMININE_SIX_NATIONS,
    label: 'Tournoi des Six Nations féminin',
    tag: 'Six Nations',
    opponent: NATIONS.ang,
    competition: 'du Tournoi des Six Nations féminin {year}',
    organizer: SIX,
  },
  {
    date: '2026-05-30',
    time: null,
    days: 2,
    team: 'seven',
    kind: 'match',
    title: 'HSBC SVNS – Grande finale de Valladolid',
    venue: VENUES.valladolid,
    categoryId: CAT.SEPT_SVNS,
    label: 'HSBC SVNS',
    tag: 'HSBC SVNS',
    competition: 'la grande finale du circuit mondial HSBC SVNS',
    organizer: WR,
    deadlineDays: 14,
  },
  {
    date: '2026-06-27',
    time: null,
    team: 'federation',
    kind: 'presse',
    title: 'Assemblée générale de la Fédération française de rugby',
    venue: VENUES.congresToulouse,
    categoryId: CAT.AG,
    label: 'Institutionnel',
    tag: 'Assemblée générale',
  },
  {
    date: '2026-07-04',
    time: '18:00',
    team: 'u20',
    kind: 'match',
    title: 'Championnat du monde U20 : France – Nouvelle-Zélande',
    venue: VENUES.lanfranchi,
    categoryId: CAT.U20_MONDIAL,
    label: 'Championnat du monde U20',
    tag: 'Bleuets',
    opponent: NATIONS.nz,
    competition: 'du Championnat du monde U20 {year}',
    organizer: WR,
    deadlineDays: 14,
  },
  {
    date: '2026-10-10',
    time: '15:00',
    team: 'feminine',
    kind: 'match',
    title: 'France féminine – Canada',
    venue: VENUES.stadeDesAlpes,
    categoryId: CAT.FEMININE_WXV,
    label: 'WXV',
    tag: 'WXV',
    opponent: NATIONS.can,
    competition: 'du WXV {year}',
    organizer: WR,
  },
  {
    date: '2026-10-21',
    time: '11:00',
    team: 'xv',
    kind: 'presse',
    title: 'Annonce du groupe du XV de France pour les tests d’automne {year}',
    venue: VENUES.marcoussis,
    categoryId: CAT.XV_AUTOMNE,
    label: 'Annonce de liste',
    tag: 'Conférence de presse',
  },
  {
    date: '2026-11-03',
    time: null,
    team: 'xv',
    kind: 'presse',
    title: 'Journée médias du XV de France',
    venue: VENUES.marcoussis,
    categoryId: CAT.XV_AUTOMNE,
    label: 'Journée médias',
    tag: 'Accréditation',
  },
  {
    date: '2026-11-07',
    time: '21:10',
    team: 'xv',
    kind: 'match',
    title: 'France – Afrique du Sud',
    venue: VENUES.stadeDeFrance,
    categoryId: CAT.XV_AUTOMNE,
    label: 'Test-match',
    tag: 'Tests d’automne',
    opponent: NATIONS.afs,
    competition: 'des tests d’automne {year}',
  },
  {
    date: '2026-11-14',
    time: '21:10',
    team: 'xv',
    kind: 'match',
    title: 'France – Fidji',
    venue: VENUES.velodrome,
    categoryId: CAT.XV_AUTOMNE,
    label: 'Test-match',
    tag: 'Tests d’automne',
    opponent: NATIONS.fid,
    competition: 'des tests d’automne {year}',
  },
  {
    date: '2026-11-15',
    time: '15:00',
    team: 'feminine',
    kind: 'match',
    title: 'France féminine – Nouvelle-Zélande',
    venue: VENUES.ernestWallon,
    categoryId: CAT.FEMININE,
    label: 'Test-match',
    tag: 'Résultats',
    opponent: NATIONS.nz,
    competition: 'des tests de novembre',
  },
  {
    date: '2026-11-21',
    time: '21:10',
    team: 'xv',
    kind: 'match',
    title: 'France – Nouvelle-Zélande',
    venue: VENUES.stadeDeFrance,
    categoryId: CAT.XV_AUTOMNE,
    label: 'Test-match',
    tag: 'Tests d’automne',
    opponent: NATIONS.nz,
    competition: 'des tests d’automne {year}',
  },
  // From here on, after the reference instant (2026-11-22 09:00, Paris).
  {
    date: '2026-11-24',
    time: '11:00',
    team: 'xv',
    kind: 'presse',
    title: 'Conférence de presse : bilan des tests d’automne',
    venue: VENUES.marcoussis,
    categoryId: CAT.XV_AUTOMNE,
    label: 'Conférence de presse',
    tag: 'Conférence de presse',
  },
  {
    date: '2026-11-25',
    time: null,
    team: 'feminine',
    kind: 'presse',
    title: 'Journée médias de l’équipe de France féminine',
    venue: VENUES.marcoussis,
    categoryId: CAT.FEMININE,
    label: 'Journée médias',
    tag: 'Accréditation',
  },
  {
    date: '2026-11-26',
    time: '12:00',
    team: 'seven',
    kind: 'presse',
    title: 'Conférence de presse de France 7 avant l’étape de Dubaï',
    venue: VENUES.marcoussis,
    categoryId: CAT.SEPT_SVNS,
    label: 'Conférence de presse',
    tag: 'Conférence de presse',
  },
  {
    date: '2026-11-28',
    time: '15:00',
    team: 'feminine',
    kind: 'match',
    title: 'France féminine – Japon',
    venue: VENUES.deflandre,
    categoryId: CAT.FEMININE,
    label: 'Test-match',
    tag: 'Résultats',
    opponent: NATIONS.jap,
    competition: 'des tests de novembre',
  },
  {
    date: '2026-12-05',
    time: null,
    days: 2,
    team: 'seven',
    kind: 'match',
    title: 'HSBC SVNS – Tournoi de Dubaï',
    venue: VENUES.dubai,
    categoryId: CAT.SEPT_SVNS,
    label: 'HSBC SVNS',
    tag: 'HSBC SVNS',
    competition: 'l’étape de Dubaï du circuit mondial HSBC SVNS',
    organizer: WR,
    deadlineDays: 14,
  },
  {
    date: '2026-12-10',
    time: '11:00',
    team: 'federation',
    kind: 'presse',
    title: 'Point presse du président de la Fédération',
    venue: VENUES.marcoussis,
    categoryId: CAT.FEDERATION,
    label: 'Conférence de presse',
    tag: 'Conférence de presse',
  },
  {
    date: '2026-12-12',
    time: null,
    days: 2,
    team: 'seven',
    kind: 'match',
    title: 'HSBC SVNS – Tournoi du Cap',
    venue: VENUES.leCap,
    categoryId: CAT.SEPT_SVNS,
    label: 'HSBC SVNS',
    tag: 'HSBC SVNS',
    competition: 'l’étape du Cap du circuit mondial HSBC SVNS',
    organizer: WR,
    deadlineDays: 14,
  },
  {
    date: '2027-01-13',
    time: '11:00',
    team: 'xv',
    kind: 'presse',
    title: 'Annonce de la liste du XV de France pour le Tournoi des Six Nations {year}',
    venue: VENUES.marcoussis,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Annonce de liste',
    tag: 'Conférence de presse',
  },
  {
    date: '2027-01-27',
    time: null,
    team: 'xv',
    kind: 'presse',
    title: 'Journée médias du XV de France avant l’ouverture du Tournoi',
    venue: VENUES.marcoussis,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Journée médias',
    tag: 'Accréditation',
  },
  {
    date: '2027-01-30',
    time: null,
    days: 2,
    team: 'seven',
    kind: 'match',
    title: 'HSBC SVNS – Tournoi de Perth',
    venue: VENUES.perth,
    categoryId: CAT.SEPT_SVNS,
    label: 'HSBC SVNS',
    tag: 'HSBC SVNS',
    competition: 'l’étape de Perth du circuit mondial HSBC SVNS',
    organizer: WR,
    deadlineDays: 14,
  },
  {
    date: '2027-02-05',
    time: '21:10',
    team: 'xv',
    kind: 'match',
    title: 'Irlande – France',
    venue: VENUES.aviva,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.irl,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
    deadlineDays: 14,
  },
  {
    date: '2027-02-12',
    time: '20:15',
    team: 'u20',
    kind: 'match',
    title: 'France U20 – Écosse U20',
    venue: VENUES.rabine,
    categoryId: CAT.U20_SIX_NATIONS,
    label: 'Six Nations U20',
    tag: 'Bleuets',
    opponent: NATIONS.eco,
    competition: 'du Six Nations U20 {year}',
    organizer: SIX,
  },
  {
    date: '2027-02-13',
    time: '21:10',
    team: 'xv',
    kind: 'match',
    title: 'France – Écosse',
    venue: VENUES.velodrome,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.eco,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
  },
  {
    date: '2027-02-27',
    time: '15:10',
    team: 'xv',
    kind: 'match',
    title: 'Italie – France',
    venue: VENUES.olimpico,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.ita,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
    deadlineDays: 14,
  },
  {
    date: '2027-03-05',
    time: '20:15',
    team: 'u20',
    kind: 'match',
    title: 'France U20 – Pays de Galles U20',
    venue: VENUES.jeanDauger,
    categoryId: CAT.U20_SIX_NATIONS,
    label: 'Six Nations U20',
    tag: 'Bleuets',
    opponent: NATIONS.gal,
    competition: 'du Six Nations U20 {year}',
    organizer: SIX,
  },
  {
    date: '2027-03-06',
    time: '21:10',
    team: 'xv',
    kind: 'match',
    title: 'France – Pays de Galles',
    venue: VENUES.stadeDeFrance,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.gal,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
  },
  {
    date: '2027-03-13',
    time: '18:00',
    team: 'xv',
    kind: 'match',
    title: 'Angleterre – France',
    venue: VENUES.twickenham,
    categoryId: CAT.XV_SIX_NATIONS,
    label: 'Tournoi des Six Nations',
    tag: 'Six Nations',
    opponent: NATIONS.ang,
    competition: 'du Tournoi des Six Nations {year}',
    organizer: SIX,
    deadlineDays: 14,
  },
  {
    date: '2027-04-10',
    time: '15:00',
    team: 'feminine',
    kind: 'match',
    title: 'France féminine – Italie',
    venue: VENUES.allianzRiviera,
    categoryId: CAT.FEMININE_SIX_NATIONS,
    label: 'Tournoi des Six Nations féminin',
    tag: 'Six Nations',
    opponent: NATIONS.ita,
    competition: 'du Tournoi des Six Nations féminin {year}',
    organizer: SIX,
  },
  {
    date: '2027-04-24',
    time: '17:45',
    team: 'feminine',
    kind: 'match',
    title: 'France féminine – Angleterre',
    venue: VENUES.pierreMauroy,
    categoryId: CAT.FEMININE_SIX_NATIONS,
    label: 'Tournoi des Six Nations féminin',
    tag: 'Six Nations',
    opponent: NATIONS.ang,
    competition: 'du Tournoi des Six Nations féminin {year}',
    organizer: SIX,
  },
  {
    date: '2027-06-26',
    time: null,
    team: 'federation',
    kind: 'presse',
    title: 'Assemblée générale de la Fédération française de rugby',
    venue: VENUES.congresToulouse,
    categoryId: CAT.AG,
    label: 'Institutionnel',
    tag: 'Assemblée générale',
  },
];

function description(spec: Spec, start: number, deadline: number, year: string): string[] {
  const team = TEAMS[spec.team];
  const when = spec.time ? `${frLongDate(start)} à ${frTime(start)}` : frLongDate(start);
  const deadlineText = `${frLongDate(deadline)} à ${frTime(deadline)}`;
  const accreditation = `Les demandes d’accréditation sont à déposer depuis l’espace presse avant le ${deadlineText}. Passé ce délai, les demandes ne pourront plus être traitées.`;
  if (spec.kind === 'match' && spec.opponent) {
    return [
      `${team.subject} affronte ${spec.opponent.the} le ${when} ${atVenue(spec.venue)} (${spec.venue.city}), dans le cadre ${(spec.competition ?? '').replace('{year}', year)}.`,
      accreditation,
      'La tribune de presse ouvrira trois heures avant le coup d’envoi. Une zone mixte sera organisée à l’issue de la rencontre, suivie des conférences de presse des deux équipes.',
    ];
  }
  if (spec.kind === 'match') {
    return [
      `${team.subject} dispute ${spec.competition ?? spec.title} à partir du ${when}, ${atVenue(spec.venue)} (${spec.venue.city}).`,
      accreditation,
      'Les médias accrédités auprès de la Fédération bénéficient d’un accès à la zone mixte à l’issue de chaque rencontre de l’équipe de France.',
    ];
  }
  return [
    `${spec.title.replace('{year}', year)} : le ${when}, ${atVenue(spec.venue)} (${spec.venue.city}).`,
    accreditation,
    spec.venue === VENUES.marcoussis
      ? 'Un parking réservé aux médias est disponible à l’entrée du Centre national du rugby. Merci de vous présenter à l’accueil muni de votre carte de presse.'
      : 'Un espace de travail est mis à la disposition des médias accrédités pendant toute la durée de l’événement.',
  ];
}

export function buildEvents(env: Env): WpEvent[] {
  const local = toParis(env.now);
  const shift = Math.round((Date.UTC(local.year, local.month - 1, local.day) - REFERENCE_DAY) / DAY);
  return SPECS.map((spec, i): WpEvent => {
    const [y = 0, m = 0, d = 0] = spec.date.split('-').map(Number);
    const day = new Date(Date.UTC(y, m - 1, d + shift));
    const [hour = 0, minute = 0] = (spec.time ?? '00:00').split(':').map(Number);
    const start = parisToUtc(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hour, minute);
    const end = spec.time
      ? start + (spec.kind === 'match' ? 120 : 60) * 60_000
      : parisToUtc(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate() + (spec.days ?? 1) - 1, 23, 59, 59);
    // All-day events close at noon, N days before; timed ones N days before, at the same time.
    const deadline = spec.time
      ? start - (spec.deadlineDays ?? 5) * DAY
      : parisToUtc(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate() - (spec.deadlineDays ?? 5), 12, 0);
    const year = String(day.getUTCFullYear());
    const title = typo(spec.title.replace('{year}', year));
    const team = TEAMS[spec.team];
    const category = env.categories.get(spec.categoryId);
    const lineage = env.categories.lineage(spec.categoryId);
    const categoryIds = spec.kind === 'presse' ? [...lineage, CAT.COMMUNIQUES] : lineage;
    const paragraphs = description(spec, start, deadline, year).map(typo);
    const withSidebar = i % 3 === 0;
    return {
      id: 9001 + i,
      startDate: formatWp(start),
      endDate: formatWp(end),
      title,
      label: spec.label,
      tag: spec.tag,
      categoryId: category.id,
      categories: categoryIds.map((id) => env.categories.ref(id)),
      slug: `${slugify(spec.title.replace('{year}', year))}-${formatWp(start).slice(0, 10)}`,
      image: env.illustrations.first(team.theme, i).src1280,
      description: paragraphs.join('\n\n'),
      venue: spec.venue.name,
      team: team.name,
      adress: spec.venue.address,
      zip: spec.venue.zip,
      city: spec.venue.city,
      organizer: spec.organizer ?? 'Fédération française de rugby',
      lat: spec.venue.lat,
      long: spec.venue.long,
      all_day: spec.time === null,
      sidebar: withSidebar
        ? {
            title: 'Informations pratiques',
            content: `<p>${escapeXml(`${spec.venue.name}, ${spec.venue.address}, ${spec.venue.zip} ${spec.venue.city}`)}</p><p>Service de presse : <a href="mailto:presse@ffr.fr">presse@ffr.fr</a> – +33 1 69 63 64 65</p>`,
          }
        : null,
      accreditation: {
        kind: spec.kind === 'match' ? 'rencontres-internationales' : 'evenements-presse',
        deadline: formatIsoParis(deadline),
      },
    };
  }).sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id));
}
