// Article templates for the national teams: XV de France, France féminine, France 7, France U20.

import type { Nation, Player, Venue } from './words.js';
import {
  AUTUMN_OPPONENTS,
  HOME_VENUES,
  NATIONS,
  SEVENS_COACH,
  SEVENS_OPPONENTS,
  SEVENS_PLAYERS,
  SIX_NATIONS_OPPONENTS,
  SUMMER_OPPONENTS,
  U20_VENUES,
  VENUES,
  WOMEN_COACH,
  WOMEN_VENUES,
  WOMEN_PLAYERS,
  WOMEN_TEST_OPPONENTS,
  WORLD_CUP_OPPONENTS,
  XV_COACH,
  XV_PLAYERS,
  awayVenue,
} from './words.js';
import type { TagName } from '../tags.js';
import { tagsAmong } from '../tags.js';
import type { Template } from '../article-kit.js';
import { LABELS, atVenue, dayAt, inMonths, lastWeekday, nextWeekday, plural } from '../article-kit.js';
import {
  button,
  gallery,
  h,
  isForward,
  lineupTable,
  matchResult,
  p,
  pickLineup,
  quote,
  scoreLine,
  scoreTable,
  table,
  ul,
  video,
  type MatchResult,
} from '../blocks.js';
import { CAT } from '../categories.js';
import { frDayMonth, frTime, frWeekdayDayMonth, toParis, WEEKDAYS_FR } from '../dates.js';
import type { Random } from '../random.js';
import { formatNumberFr, listFr, ordinalFr } from '../text.js';

type Competition = {
  cat: number;
  title: string; // "Tournoi des Six Nations 2027"
  text: string; // "le Tournoi des Six Nations 2027"
  of: string; // "du Tournoi des Six Nations 2027"
  opponents: readonly Nation[];
  tag: TagName | null;
  tv: string;
  home: 'home' | 'away' | 'mixed';
};

function nextWorldCup(year: number, month: number): number {
  let wc = 2027;
  while (wc < year || (wc === year && month > 11)) wc += 4;
  while (wc - 4 >= year && wc - 4 > 2023) wc -= 4;
  return wc;
}

const sixNations = (year: number): Competition => ({
  cat: CAT.XV_SIX_NATIONS,
  title: `Tournoi des Six Nations ${year}`,
  text: `le Tournoi des Six Nations ${year}`,
  of: `du Tournoi des Six Nations ${year}`,
  opponents: SIX_NATIONS_OPPONENTS,
  tag: 'Six Nations',
  tv: 'France 2',
  home: 'mixed',
});
const autumn = (year: number): Competition => ({
  cat: CAT.XV_AUTOMNE,
  title: `Tests d’automne ${year}`,
  text: `les tests d’automne ${year}`,
  of: `des tests d’automne ${year}`,
  opponents: AUTUMN_OPPONENTS,
  tag: 'Tests d’automne',
  tv: 'TF1',
  home: 'home',
});
const summer = (year: number): Competition => ({
  cat: CAT.XV,
  title: `Tournée d’été ${year}`,
  text: `la tournée d’été ${year}`,
  of: `de la tournée d’été ${year}`,
  opponents: SUMMER_OPPONENTS,
  tag: null,
  tv: 'France 2',
  home: 'away',
});
const worldCupPrep = (wc: number): Competition => ({
  cat: CAT.XV_COUPE_DU_MONDE,
  title: `Coupe du monde ${wc}`,
  text: `la préparation de la Coupe du monde ${wc}`,
  of: `de la préparation à la Coupe du monde ${wc}`,
  opponents: WORLD_CUP_OPPONENTS,
  tag: wc === 2027 ? 'Coupe du monde 2027' : null,
  tv: 'TF1',
  home: 'home',
});

/** The XV de France's competition at a date (matches happen in Feb–Mar, Jun–Jul and Nov). */
function xvCurrent(at: number): Competition {
  const { month, year } = toParis(at);
  if (month <= 3) return sixNations(year);
  if (month >= 10 && month <= 11) return autumn(year);
  if (month >= 6 && month <= 7) return summer(year);
  return worldCupPrep(nextWorldCup(year, month));
}

/** The next competition the squad prepares for. */
function xvUpcoming(at: number): Competition {
  const { month, year } = toParis(at);
  if (month === 12) return sixNations(year + 1);
  if (month <= 3) return sixNations(year);
  if (month <= 7) return summer(year);
  return autumn(year);
}

type Fixture = { opp: Nation; venue: Venue; home: boolean; label: string };

function fixture(rng: Random, comp: Competition, homeVenues: readonly Venue[] = HOME_VENUES, team = 'France'): Fixture {
  const opp = rng.pick(comp.opponents);
  const home = comp.home === 'home' || (comp.home === 'mixed' && rng.chance(0.5));
  const venue = home ? rng.pick(homeVenues) : awayVenue(opp);
  return { opp, venue, home, label: home ? `${team} – ${opp.name}` : `${opp.name} – ${team}` };
}

const matchMonthsXv = inMonths(2, 3, 6, 7, 11);
const matchMonthsWomen = inMonths(3, 4, 5, 9, 10, 11);
const matchMonthsU20 = inMonths(2, 3, 6, 7);
const sevensSeason = inMonths(12, 1, 2, 3, 4, 5);

const COACH_QUOTES = [
  'Nous avons vécu une très bonne semaine de travail à Marcoussis. Le groupe est concentré et impatient de retrouver son public.',
  'Face à une équipe de ce calibre, il faudra être précis dans les rucks et discipliné pendant quatre-vingts minutes.',
  'Nous connaissons la qualité de notre adversaire. Notre priorité est de rester fidèles à notre projet de jeu.',
  'Les joueurs ont répondu présent à l’entraînement. Les choix ont été difficiles, et c’est une bonne nouvelle pour l’équipe.',
  'Cette équipe a envie de progresser match après match. Nous attendons de l’engagement et de la lucidité dans les moments clés.',
];
const WIN_QUOTES = [
  'On savait que ce serait un combat. Nous avons tenu pendant les temps forts adverses et su marquer au bon moment.',
  'Le public nous a portés du début à la fin. Cette victoire appartient à tout le groupe, remplaçants compris.',
  'Nous avons été patients et appliqués. Il reste des choses à corriger, mais l’état d’esprit a été remarquable.',
];
const LOSS_QUOTES = [
  'Nous avons manqué de précision dans les moments clés. Il faudra vite analyser ce match et repartir au travail.',
  'C’est une défaite frustrante, mais le groupe a montré du caractère. Nous allons apprendre de cette rencontre.',
  'L’adversaire a été plus réaliste que nous. Nous devons retrouver notre efficacité dans les trente derniers mètres.',
];
const INJURIES = ['à une cheville', 'à un genou', 'aux ischio-jambiers', 'à une épaule', 'au mollet', 'à la cuisse'];

const captainQuotes = (result: MatchResult): readonly string[] => (result.outcome === 'defaite' ? LOSS_QUOTES : WIN_QUOTES);

/** Try scorers, mostly backs; at most three names. */
function scorersText(rng: Random, players: readonly Player[], tries: number): string {
  if (tries === 0) return '';
  const backs = players.filter((pl) => !isForward(pl));
  const scorers: string[] = [];
  while (scorers.length < Math.min(tries, 3)) {
    const pl = rng.pick(rng.chance(0.7) && backs.length > 0 ? backs : players);
    if (!scorers.includes(pl.name)) scorers.push(pl.name);
  }
  return tries === 1
    ? `L’essai français a été inscrit par ${scorers[0]}.`
    : `Les essais français ont été inscrits par ${listFr(scorers)}${tries > scorers.length ? `, dont un doublé pour ${scorers[0]}` : ''}.`;
}

function kickingText(kicker: string, result: MatchResult): string {
  const { conversions, penalties, drops } = result.france;
  const parts: string[] = [];
  if (conversions > 0) parts.push(plural(conversions, 'transformation'));
  if (penalties > 0) parts.push(plural(penalties, 'pénalité'));
  if (drops > 0) parts.push('un drop');
  return parts.length > 0 ? `Au pied, ${kicker} a réussi ${listFr(parts)}.` : `${kicker} n’a pas trouvé la mire au pied ce soir.`;
}

function resultLead(team: string, feminine: boolean, opp: Nation, result: MatchResult, when: number, venue: Venue, of: string): string {
  const f = result.france.total;
  const o = result.opponent.total;
  const day = frWeekdayDayMonth(when);
  const where = `${atVenue(venue)} (${venue.city})`;
  if (result.outcome === 'victoire')
    return `${team} a battu ${opp.the} sur le score de <strong>${f} à ${o}</strong> ${day} ${where}, lors ${of}.`;
  if (result.outcome === 'defaite')
    return `${team} s’est ${feminine ? 'inclinée' : 'incliné'} face ${opp.to} sur le score de <strong>${o} à ${f}</strong> ${day} ${where}, lors ${of}.`;
  return `Match nul, <strong>${f} partout</strong>, entre ${team.charAt(0).toLowerCase()}${team.slice(1)} et ${opp.the} ${day} ${where}, lors ${of}.`;
}

// ——— XV de France ———

const xvComposition: Template = {
  id: 'xv-composition',
  weight: 3,
  available: matchMonthsXv,
  make({ rng, at }) {
    const comp = xvCurrent(at);
    const fx = fixture(rng, comp);
    const kickoff = nextWeekday(at, 6, rng.pick([21, 21, 15, 17]), rng.pick([10, 15, 45]));
    const lineup = pickLineup(rng, XV_PLAYERS, 'Antoine Dupont');
    const newcomer = lineup.bench.concat(lineup.starters).find((pl) => pl.caps < 10);
    const title = rng.pick([
      `La composition du XV de France pour affronter ${fx.opp.the}`,
      `${fx.label} : la composition du XV de France`,
      `${comp.title} : le XV de départ des Bleus face ${fx.opp.to}`,
    ]);
    return {
      title,
      categoryId: comp.cat,
      label: LABELS.officiel,
      desk: 'xv',
      filler: 'xv',
      lead: `${XV_COACH} a dévoilé la composition du XV de France qui affrontera ${fx.opp.the} ${frWeekdayDayMonth(kickoff)} à ${frTime(kickoff)} ${atVenue(fx.venue)}, dans le cadre ${comp.of}.`,
      body: [
        p(
          `<strong>${lineup.captain.name}</strong> portera le brassard de capitaine. Sur le banc, le staff opte pour une répartition à six avants et deux arrières${newcomer ? `, avec la présence de ${newcomer.name} (${newcomer.club}), qui compte ${plural(newcomer.caps, 'sélection')}` : ''}.`,
        ),
        h('Le XV de départ et les remplaçants'),
        lineupTable(`Composition du XV de France face ${fx.opp.to}`, lineup),
        quote(rng.pick(COACH_QUOTES), `${XV_COACH}, sélectionneur du XV de France`),
        p(
          `Coup d’envoi ${frWeekdayDayMonth(kickoff)} à ${frTime(kickoff)}, en direct sur <strong>${comp.tv}</strong>. Retrouvez toutes les informations sur la rencontre sur <a href="https://www.ffr.fr/equipes-de-france/xv-de-france">le site de la Fédération</a>.`,
        ),
      ],
      tags: [
        'Composition',
        'Fabien Galthié',
        ...(comp.tag ? [comp.tag] : []),
        ...tagsAmong([lineup.captain.name, ...lineup.starters.map((pl) => pl.name)]).slice(0, 2),
        ...(fx.venue === VENUES.stadeDeFrance ? ['Stade de France' as const] : []),
      ],
    };
  },
};

const xvResult: Template = {
  id: 'xv-resultat',
  weight: 3,
  available: matchMonthsXv,
  make({ rng, at }) {
    const comp = xvCurrent(at);
    const fx = fixture(rng, comp);
    const when = lastWeekday(at, 6, 21, 10);
    const result = matchResult(rng, 0.62);
    const score = scoreLine(result);
    const lineup = pickLineup(rng, XV_PLAYERS, 'Antoine Dupont');
    const kicker = lineup.starters.find((pl) => pl.name === 'Thomas Ramos')?.name ?? lineup.starters[9]?.name ?? 'Thomas Ramos';
    const title =
      result.outcome === 'victoire'
        ? rng.pick([
            `Le XV de France s’impose face ${fx.opp.to} (${score})`,
            `${comp.title} : victoire des Bleus contre ${fx.opp.the} (${score})`,
            `${fx.label} : les Bleus l’emportent ${atVenue(fx.venue)} (${score})`,
          ])
        : result.outcome === 'defaite'
          ? rng.pick([
              `Le XV de France s’incline face ${fx.opp.to} (${score})`,
              `${comp.title} : les Bleus battus par ${fx.opp.the} (${score})`,
            ])
          : `Match nul entre le XV de France et ${fx.opp.the} (${score})`;
    const withVideo = rng.chance(0.5);
    const home: [string, typeof result.france] = ['France', result.france];
    const away: [string, typeof result.france] = [fx.opp.name, result.opponent];
    return {
      title,
      categoryId: comp.cat,
      label: withVideo ? LABELS.video : null,
      desk: 'xv',
      filler: 'xv',
      lead: resultLead('Le XV de France', false, fx.opp, result, when, fx.venue, comp.of),
      body: [
        p(`${scorersText(rng, lineup.starters, result.france.tries)} ${kickingText(kicker, result)}`.trim()),
        scoreTable(`${fx.label} : le score`, fx.home ? home : away, fx.home ? away : home),
        quote(rng.pick(captainQuotes(result)), `${lineup.captain.name}, capitaine du XV de France`),
        ...(withVideo ? [video(rng, `Le résumé de ${fx.label}`)] : []),
        p(`Le groupe se retrouvera dès lundi au Centre national du rugby de Marcoussis pour préparer la suite ${comp.of}.`),
      ],
      tags: [
        'Résultats',
        ...(comp.tag ? [comp.tag] : []),
        ...tagsAmong([lineup.captain.name, kicker]),
        ...(fx.venue === VENUES.stadeDeFrance ? ['Stade de France' as const] : []),
        ...(withVideo ? ['Vidéo' as const] : []),
      ],
    };
  },
};

const xvForfait: Template = {
  id: 'xv-forfait',
  weight: 1.5,
  available: matchMonthsXv,
  make({ rng, at }) {
    const comp = xvCurrent(at);
    const fx = fixture(rng, comp);
    const out = rng.pick(XV_PLAYERS);
    const replacement = rng.pick(XV_PLAYERS.filter((pl) => pl.position === out.position && pl !== out));
    const title = rng.pick([
      `${out.name} forfait pour la rencontre face ${fx.opp.to}`,
      `${replacement.name} appelé pour remplacer ${out.name}`,
      `XV de France : ${replacement.name} rejoint le groupe`,
    ]);
    const context = rng.pick([
      'l’entraînement de mardi à Marcoussis',
      'la dernière journée de Top 14',
      'la séance d’opposition du week-end',
    ]);
    return {
      title,
      categoryId: comp.cat,
      label: LABELS.communique,
      desk: 'xv',
      filler: 'xv',
      lead: `Touché ${rng.pick(INJURIES)} lors de ${context}, ${out.name} (${out.club}) est forfait pour la rencontre face ${fx.opp.to}. ${XV_COACH} a fait appel à ${replacement.name} (${replacement.club}) pour le remplacer.`,
      body: [
        p(
          `Le joueur a passé des examens complémentaires au Centre national du rugby. Le staff médical du XV de France fera un nouveau point en fin de semaine avant son retour en club.`,
        ),
        p(
          `${replacement.name}, qui compte ${plural(replacement.caps, 'sélection')} avec le XV de France, rejoindra le groupe dès ce ${WEEKDAYS_FR[toParis(at).weekday]} soir à Marcoussis.`,
        ),
      ],
      tags: ['Blessure', ...(comp.tag ? [comp.tag] : []), ...tagsAmong([out.name, replacement.name])],
    };
  },
};

const xvGroupe: Template = {
  id: 'xv-groupe',
  weight: 2,
  make({ rng, at }) {
    const up = xvUpcoming(at);
    const count = rng.pick([28, 30, 32, 34]);
    const group = rng.sample(XV_PLAYERS, count);
    const forwards = group.filter(isForward);
    const backs = group.filter((pl) => !isForward(pl));
    const newcomers = group.filter((pl) => pl.caps < 8);
    const rally = dayAt(at, rng.int(3, 8), 18, 0);
    const entry = (pl: Player): string => `${pl.name} (${pl.club}, ${plural(pl.caps, 'sélection')})`;
    return {
      title: rng.pick([
        `${up.title} : les ${count} joueurs retenus par ${XV_COACH}`,
        `XV de France : la liste des ${count} joueurs pour ${up.text}`,
      ]),
      categoryId: up.cat,
      label: LABELS.officiel,
      desk: 'xv',
      filler: 'xv',
      lead: `${XV_COACH} a dévoilé la liste des ${count} joueurs convoqués pour préparer ${up.text}. Le groupe se rassemblera le ${frWeekdayDayMonth(rally)} au Centre national du rugby de Marcoussis.`,
      body: [
        h(`Les avants (${forwards.length})`),
        ul(forwards.map(entry)),
        h(`Les arrières (${backs.length})`),
        ul(backs.map(entry)),
        ...(newcomers.length > 0
          ? [
              p(
                `${newcomers.length > 1 ? `${listFr(newcomers.map((pl) => pl.name))} font partie` : `${newcomers[0]?.name} fait partie`} des joueurs les moins capés du groupe et auront l’occasion de s’installer durant ce rassemblement.`,
              ),
            ]
          : []),
        quote(rng.pick(COACH_QUOTES), `${XV_COACH}, sélectionneur du XV de France`),
      ],
      tags: ['Fabien Galthié', 'Marcoussis', ...(up.tag ? [up.tag] : []), 'Composition'],
    };
  },
};

const xvBilletterie: Template = {
  id: 'xv-billetterie',
  weight: 1,
  make({ rng, at }) {
    const up = xvUpcoming(at);
    const opp = rng.pick(up.opponents);
    const venue = rng.pick(HOME_VENUES);
    const sale = dayAt(at, rng.int(2, 9), 10, 0);
    const price = rng.pick([25, 30, 35, 40]);
    return {
      title: rng.pick([
        `Billetterie : les places pour France – ${opp.name} en vente dès le ${frDayMonth(sale)}`,
        `France – ${opp.name} ${atVenue(venue)} : ouverture de la billetterie`,
      ]),
      categoryId: up.cat,
      label: null,
      desk: 'web',
      filler: 'xv',
      lead: `La billetterie de la rencontre entre le XV de France et ${opp.the}, ${atVenue(venue)}, ouvrira le ${frWeekdayDayMonth(sale)} à 10h00. Les licenciés de la FFR bénéficient d’un accès prioritaire de 48 heures.`,
      body: [
        p(
          `Les tarifs débutent à <strong>${price} euros</strong>. Des offres réservées aux familles, aux écoles de rugby et aux clubs affiliés sont proposées sur <a href="https://www.ffr.fr/billetterie">la billetterie officielle</a>.`,
        ),
        ul([
          'Prévente réservée aux licenciés : 48 heures avant l’ouverture au grand public.',
          'Ouverture au grand public : dans la limite des places disponibles.',
          'Personnes à mobilité réduite : un espace dédié est accessible sur demande.',
        ]),
        button('https://billetterie.ffr.fr', 'Réserver mes places'),
        p(
          'La revente de billets en dehors de la plateforme officielle de revente est interdite. Les billets achetés sur des sites non autorisés pourront être annulés.',
        ),
      ],
      tags: ['Billetterie', ...(venue === VENUES.stadeDeFrance ? ['Stade de France' as const] : []), ...(up.tag ? [up.tag] : [])],
    };
  },
};

const OPEN_TRAINING_TOWNS = ['Marcoussis', 'Bordeaux', 'Toulouse', 'Montpellier', 'Lille', 'Nantes', 'Clermont-Ferrand', 'Bayonne'];

const xvGalerie: Template = {
  id: 'xv-galerie',
  weight: 1,
  make({ rng, at, env }) {
    const town = rng.pick(OPEN_TRAINING_TOWNS);
    const spectators = rng.pick([3500, 5000, 8000, 12000]);
    const pictures = rng.sample(env.illustrations.ofTheme('xv'), rng.int(4, 6));
    return {
      title: rng.pick([
        `En images : l’entraînement ouvert du XV de France à ${town}`,
        `En images : la semaine des Bleus à Marcoussis`,
        `En images : le XV de France au contact du public à ${town}`,
      ]),
      categoryId: xvUpcoming(at).cat,
      label: null,
      typeFlow: 'galerie',
      desk: 'photo',
      filler: 'xv',
      lead: `Près de ${formatNumberFr(spectators)} spectateurs ont assisté à la séance du XV de France à ${town}. Retour en images sur une journée placée sous le signe du partage.`,
      body: [
        gallery(pictures.map((pic) => ({ image: pic.large, caption: pic.alt }))),
        p(
          'Après la séance, les joueurs ont pris le temps de signer des autographes et de poser avec les jeunes des écoles de rugby de la région.',
        ),
      ],
      tags: ['Marcoussis', 'Fabien Galthié', 'École de rugby'],
    };
  },
};

const xvVideo: Template = {
  id: 'xv-video',
  weight: 1,
  make({ rng, at }) {
    const comp = xvUpcoming(at);
    const opp = rng.pick(comp.opponents);
    const subject = rng.pick([
      ...(matchMonthsXv(toParis(at).month) ? [`dans les coulisses de la victoire face ${opp.to}`] : []),
      `la conférence de presse de ${XV_COACH} avant France – ${opp.name}`,
      'une journée avec les Bleus à Marcoussis',
      'les meilleurs moments de la séance d’entraînement',
    ]);
    return {
      title: `Vidéo : ${subject}`,
      categoryId: comp.cat,
      label: LABELS.video,
      typeFlow: 'video',
      video: true,
      desk: 'video',
      filler: 'xv',
      lead: `Les caméras de la Fédération ont suivi le XV de France au plus près. Découvrez ${subject}.`,
      body: [
        video(rng, subject.charAt(0).toUpperCase() + subject.slice(1)),
        p('Retrouvez toutes les vidéos des équipes de France sur <a href="https://www.ffr.fr/videos">la chaîne officielle de la FFR</a>.'),
      ],
      tags: ['Vidéo', 'Marcoussis', ...(comp.tag ? [comp.tag] : [])],
    };
  },
};

const INTERVIEW_TITLES = [
  '« On a envie d’écrire notre propre histoire »',
  '« Le maillot bleu, c’est une fierté chaque semaine »',
  '« Ce groupe vit très bien ensemble »',
  '« Il faut être au rendez-vous de l’intensité »',
  '« Jouer devant notre public reste un rêve d’enfant »',
];
const INTERVIEW_QA: ReadonlyArray<readonly [string, string]> = [
  [
    'Dans quel état d’esprit abordez-vous ce rassemblement ?',
    'Avec beaucoup d’envie. On sort de semaines intenses en club, mais retrouver le groupe à Marcoussis, c’est toujours une source d’énergie.',
  ],
  [
    'Qu’est-ce qui a changé dans le groupe ces derniers mois ?',
    'Les jeunes ont pris de la place et apportent de la fraîcheur. Les cadres les accompagnent, et la concurrence tire tout le monde vers le haut.',
  ],
  [
    'Comment jugez-vous votre saison ?',
    'Elle est encourageante, mais je sais que je peux encore progresser, notamment dans l’animation offensive et la communication défensive.',
  ],
  [
    'Que représente le public français pour vous ?',
    'C’est une force incroyable. Quand le stade chante, on a l’impression de jouer à seize.',
  ],
];

const xvInterview: Template = {
  id: 'xv-interview',
  weight: 1,
  make({ rng, at }) {
    const player = rng.pick(XV_PLAYERS.filter((pl) => pl.caps >= 15));
    const headline = rng.pick(INTERVIEW_TITLES);
    const qa = rng.sample(INTERVIEW_QA, 2);
    const comp = xvUpcoming(at);
    return {
      title: rng.chance(0.5) ? `${player.name} : ${headline}` : `Entretien avec ${player.name} : ${headline}`,
      categoryId: comp.cat,
      label: rng.chance(0.2) ? LABELS.exclusif : LABELS.interview,
      desk: 'xv',
      filler: 'xv',
      lead: `À l’approche ${comp.of}, ${player.name} (${player.club}, ${plural(player.caps, 'sélection')}) a répondu aux questions du service de presse de la Fédération.`,
      body: [
        ...qa.flatMap(([q, a]) => [p(`<strong>${q}</strong>`), p(a)]),
        quote(headline.replace(/[«»]/g, '').trim(), `${player.name}, ${player.club}`),
      ],
      tags: [...tagsAmong([player.name]), ...(comp.tag ? [comp.tag] : []), 'Marcoussis'],
    };
  },
};

const WORLD_CUP_CITIES = ['Perth', 'Sydney', 'Brisbane', 'Melbourne', 'Adélaïde', 'Townsville'];

const xvWorldCup: Template = {
  id: 'xv-coupe-du-monde',
  weight: 1,
  make({ rng, at }) {
    const { year, month } = toParis(at);
    const wc = nextWorldCup(year, month);
    const variant = rng.int(0, 2);
    const camp = rng.pick(WORLD_CUP_CITIES);
    if (variant === 0) {
      const opponents = rng.sample(WORLD_CUP_OPPONENTS, 3);
      const cities = rng.sample(WORLD_CUP_CITIES, 3);
      return {
        title: `Coupe du monde ${wc} : le programme des Bleus en phase de poules`,
        categoryId: CAT.XV_COUPE_DU_MONDE,
        label: LABELS.officiel,
        desk: 'xv',
        filler: 'xv',
        lead: `Le calendrier de la phase de poules de la Coupe du monde ${wc} est désormais connu. Le XV de France disputera trois rencontres en Australie avant les phases finales.`,
        body: [
          table(
            `Le programme du XV de France`,
            ['Journée', 'Rencontre', 'Ville'],
            opponents.map((o, i) => [`${ordinalFr(i + 1, true)} journée`, `France – ${o.name}`, cities[i] ?? camp]),
          ),
          quote(
            'Nous connaissons désormais notre chemin. Chaque rassemblement d’ici là servira à construire notre équipe.',
            `${XV_COACH}, sélectionneur du XV de France`,
          ),
        ],
        tags: [...(wc === 2027 ? ['Coupe du monde 2027' as const] : []), 'Fabien Galthié'],
      };
    }
    if (variant === 1) {
      return {
        title: `Coupe du monde ${wc} : le camp de base du XV de France sera installé à ${camp}`,
        categoryId: CAT.XV_COUPE_DU_MONDE,
        label: LABELS.communique,
        desk: 'institution',
        filler: 'xv',
        lead: `La Fédération française de rugby a retenu ${camp} pour accueillir le camp de base du XV de France pendant la Coupe du monde ${wc}. Les Bleus y disposeront d’installations d’entraînement et de récupération dédiées.`,
        body: [
          ul([
            'Un terrain d’entraînement aux dimensions d’un stade de Coupe du monde',
            'Une salle de musculation et un espace de récupération',
            'Une salle de presse pour les médias accrédités',
          ]),
          p(
            'Les médias souhaitant suivre le XV de France en Australie sont invités à consulter les modalités d’accréditation publiées par World Rugby.',
          ),
        ],
        tags: [...(wc === 2027 ? ['Coupe du monde 2027' as const] : []), 'Accréditation'],
      };
    }
    return {
      title: `Coupe du monde ${wc} : le programme de préparation du XV de France dévoilé`,
      categoryId: CAT.XV_COUPE_DU_MONDE,
      label: null,
      desk: 'xv',
      filler: 'xv',
      lead: `Le staff du XV de France a présenté les grandes étapes de la préparation à la Coupe du monde ${wc}, entre stages à Marcoussis, matchs amicaux et départ pour l’Australie.`,
      body: [
        ul(
          [
            'Un premier stage de cohésion au Centre national du rugby de Marcoussis',
            'Un stage en altitude consacré à la préparation physique',
            'Deux matchs de préparation en France',
            'Le départ pour l’Australie une dizaine de jours avant le match d’ouverture',
          ],
          true,
        ),
        p(
          `Le groupe définitif sera annoncé à l’issue du premier stage. ${XV_COACH} a rappelé que « la porte reste ouverte à tous les joueurs performants en club ».`,
        ),
      ],
      tags: [...(wc === 2027 ? ['Coupe du monde 2027' as const] : []), 'Fabien Galthié', 'Marcoussis'],
    };
  },
};

// ——— France féminine ———

function womenCurrent(at: number): Competition {
  const { month, year } = toParis(at);
  if (month >= 3 && month <= 5) {
    return {
      cat: CAT.FEMININE_SIX_NATIONS,
      title: `Tournoi des Six Nations féminin ${year}`,
      text: `le Tournoi des Six Nations féminin ${year}`,
      of: `du Tournoi des Six Nations féminin ${year}`,
      opponents: SIX_NATIONS_OPPONENTS,
      tag: 'Six Nations',
      tv: 'France 2',
      home: 'home',
    };
  }
  if (month >= 8 && month <= 10) {
    return {
      cat: CAT.FEMININE_WXV,
      title: `WXV ${year}`,
      text: `le WXV ${year}`,
      of: `du WXV ${year}`,
      opponents: WOMEN_TEST_OPPONENTS,
      tag: 'WXV',
      tv: 'France 4',
      home: 'home',
    };
  }
  return {
    cat: CAT.FEMININE,
    title: 'Test-match',
    text: 'les tests internationaux',
    of: 'des tests internationaux',
    opponents: WOMEN_TEST_OPPONENTS,
    tag: null,
    tv: 'France 4',
    home: 'home',
  };
}

const womenComposition: Template = {
  id: 'feminine-composition',
  weight: 2,
  available: matchMonthsWomen,
  make({ rng, at }) {
    const comp = womenCurrent(at);
    const fx = fixture(rng, comp, WOMEN_VENUES, 'France');
    const kickoff = nextWeekday(at, 6, rng.pick([15, 17, 21]), rng.pick([0, 15, 30]));
    const lineup = pickLineup(rng, WOMEN_PLAYERS, 'Manae Feleu');
    return {
      title: rng.pick([
        `La composition de l’équipe de France féminine pour affronter ${fx.opp.the}`,
        `${comp.title} : le XV de départ des Bleues face ${fx.opp.to}`,
      ]),
      categoryId: comp.cat,
      label: LABELS.officiel,
      desk: 'feminine',
      filler: 'feminine',
      lead: `Le staff de l’équipe de France féminine, emmené par ${WOMEN_COACH} et David Ortiz, a dévoilé la composition qui affrontera ${fx.opp.the} ${frWeekdayDayMonth(kickoff)} à ${frTime(kickoff)} ${atVenue(fx.venue)} (${fx.venue.city}).`,
      body: [
        p(
          `<strong>${lineup.captain.name}</strong> sera la capitaine des Bleues. La rencontre sera diffusée en direct sur <strong>${comp.tv}</strong>.`,
        ),
        lineupTable(`Composition de l’équipe de France féminine face ${fx.opp.to}`, lineup),
        quote(rng.pick(COACH_QUOTES), `${WOMEN_COACH}, co-sélectionneuse de l’équipe de France féminine`),
      ],
      tags: ['Composition', ...(comp.tag ? [comp.tag] : []), ...tagsAmong(lineup.starters.map((pl) => pl.name)).slice(0, 2)],
    };
  },
};

const womenResult: Template = {
  id: 'feminine-resultat',
  weight: 2,
  available: matchMonthsWomen,
  make({ rng, at }) {
    const comp = womenCurrent(at);
    const fx = fixture(rng, comp, WOMEN_VENUES, 'France');
    const when = lastWeekday(at, 6, 17, 0);
    const result = matchResult(rng, 0.65);
    const score = scoreLine(result);
    const lineup = pickLineup(rng, WOMEN_PLAYERS, 'Manae Feleu');
    const title =
      result.outcome === 'victoire'
        ? rng.pick([
            `Les Bleues s’imposent face ${fx.opp.to} (${score})`,
            `L’équipe de France féminine domine ${fx.opp.the} (${score})`,
            `${comp.title} : victoire des Bleues contre ${fx.opp.the} (${score})`,
          ])
        : result.outcome === 'defaite'
          ? `Les Bleues s’inclinent face ${fx.opp.to} (${score})`
          : `Match nul entre les Bleues et ${fx.opp.the} (${score})`;
    return {
      title,
      categoryId: comp.cat,
      label: null,
      desk: 'feminine',
      filler: 'feminine',
      lead: resultLead('L’équipe de France féminine', true, fx.opp, result, when, fx.venue, comp.of),
      body: [
        p(
          `${scorersText(rng, lineup.starters, result.france.tries)} ${kickingText(lineup.starters[9]?.name ?? 'la buteuse', result)}`.trim(),
        ),
        scoreTable(`${fx.label} : le score`, ['France', result.france], [fx.opp.name, result.opponent]),
        quote(rng.pick(captainQuotes(result)), `${lineup.captain.name}, capitaine de l’équipe de France féminine`),
      ],
      tags: ['Résultats', ...(comp.tag ? [comp.tag] : []), ...tagsAmong([lineup.captain.name])],
    };
  },
};

const womenGroupe: Template = {
  id: 'feminine-groupe',
  weight: 1.5,
  make({ rng, at }) {
    const { month, year } = toParis(at);
    const target =
      month >= 11 || month <= 3
        ? `le Tournoi des Six Nations féminin ${month >= 11 ? year + 1 : year}`
        : 'les tests internationaux de l’automne';
    const group = WOMEN_PLAYERS;
    const count = group.length;
    const rally = dayAt(at, rng.int(3, 10), 18, 0);
    return {
      title: `France féminine : ${count} joueuses convoquées pour préparer ${target}`,
      categoryId: month >= 11 || month <= 5 ? CAT.FEMININE_SIX_NATIONS : CAT.FEMININE,
      label: LABELS.officiel,
      desk: 'feminine',
      filler: 'feminine',
      lead: `${WOMEN_COACH} et David Ortiz ont convoqué ${count} joueuses pour un rassemblement au Centre national du rugby de Marcoussis à partir du ${frWeekdayDayMonth(rally)}.`,
      body: [
        h('Les avants'),
        ul(group.filter(isForward).map((pl) => `${pl.name} (${pl.club})`)),
        h('Les arrières'),
        ul(group.filter((pl) => !isForward(pl)).map((pl) => `${pl.name} (${pl.club})`)),
        p(`La liste sera complétée par des joueuses du pôle France féminin. Le groupe sera réduit à l’issue du stage.`),
      ],
      tags: ['Marcoussis', 'Composition', 'Manae Feleu', 'Six Nations'],
    };
  },
};

const womenPortrait: Template = {
  id: 'feminine-portrait',
  weight: 1,
  make({ rng }) {
    const player = rng.pick(WOMEN_PLAYERS.filter((pl) => pl.caps >= 20));
    const headline = rng.pick(INTERVIEW_TITLES);
    const qa = rng.sample(INTERVIEW_QA, 2);
    return {
      title: `${player.name} : ${headline}`,
      categoryId: CAT.FEMININE,
      label: LABELS.interview,
      desk: 'feminine',
      filler: 'feminine',
      lead: `Cadre de l’équipe de France féminine avec ${plural(player.caps, 'sélection')}, ${player.name} (${player.club}) revient sur sa saison et sur les ambitions des Bleues.`,
      body: qa.flatMap(([q, a]) => [p(`<strong>${q}</strong>`), p(a)]),
      tags: [...tagsAmong([player.name]), 'Six Nations'],
    };
  },
};

// ——— France 7 ———

type Stop = { city: string; of: string; inCity: string };

function sevensStop(at: number): Stop {
  const { month, day } = toParis(at);
  if (month === 12)
    return day <= 8 ? { city: 'Dubaï', of: 'de Dubaï', inCity: 'à Dubaï' } : { city: 'Le Cap', of: 'du Cap', inCity: 'au Cap' };
  if (month === 1) return { city: 'Perth', of: 'de Perth', inCity: 'à Perth' };
  if (month === 2) return { city: 'Vancouver', of: 'de Vancouver', inCity: 'à Vancouver' };
  if (month === 3) return { city: 'Hong Kong', of: 'de Hong Kong', inCity: 'à Hong Kong' };
  if (month === 4) return { city: 'Singapour', of: 'de Singapour', inCity: 'à Singapour' };
  return { city: 'Valladolid', of: 'de Valladolid', inCity: 'à Valladolid' };
}

/** Rugby à 7 points: tries, each possibly converted. */
function sevensScore(rng: Random, minTries: number, maxTries: number): number {
  const tries = rng.int(minTries, maxTries);
  let points = tries * 5;
  for (let i = 0; i < tries; i++) if (rng.chance(0.6)) points += 2;
  return points;
}

/** Placement in a tournament and the knockout path that leads to it (phase, won). */
const PLACEMENTS: ReadonlyArray<readonly [string, number, ReadonlyArray<readonly [string, boolean]>]> = [
  [
    'remporte le tournoi',
    1,
    [
      ['Quart de finale', true],
      ['Demi-finale', true],
      ['Finale', true],
    ],
  ],
  [
    's’incline en finale',
    2,
    [
      ['Quart de finale', true],
      ['Demi-finale', true],
      ['Finale', false],
    ],
  ],
  [
    'monte sur la troisième marche du podium',
    3,
    [
      ['Quart de finale', true],
      ['Demi-finale', false],
      ['Match pour la 3e place', true],
    ],
  ],
  [
    'termine à la cinquième place',
    5,
    [
      ['Quart de finale', false],
      ['Demi-finale pour la 5e place', true],
      ['Match pour la 5e place', true],
    ],
  ],
  [
    'termine à la huitième place',
    8,
    [
      ['Quart de finale', false],
      ['Demi-finale pour la 5e place', false],
      ['Match pour la 7e place', false],
    ],
  ],
];

const sevensTournament: Template = {
  id: 'france-7-tournoi',
  weight: 2,
  available: sevensSeason,
  make({ rng, at }) {
    const stop = sevensStop(at);
    const [placement, rank, knockout] = rng.pick(PLACEMENTS);
    const team = rng.chance(0.35) ? 'France 7 féminine' : 'France 7';
    const opponents = rng.sample(SEVENS_OPPONENTS, 6);
    const path: ReadonlyArray<readonly [string, boolean]> = [
      ['Poule', true],
      ['Poule', rng.chance(0.7)],
      ['Poule', rng.chance(0.5)],
      ...knockout,
    ];
    const rows = path.map(([phase, won], i) => {
      const a = sevensScore(rng, 3, 6);
      const b = sevensScore(rng, 0, 2);
      return [phase, opponents[i]?.name ?? 'Fidji', won ? `${a}-${b}` : `${b}-${a}`];
    });
    const topScorer = rng.pick(SEVENS_PLAYERS);
    return {
      title: `HSBC SVNS : ${team} ${placement} ${stop.inCity}`,
      categoryId: CAT.SEPT_SVNS,
      label: null,
      desk: 'jeunes-7',
      filler: 'seven',
      lead: `${team} ${placement} lors de l’étape ${stop.of} du circuit mondial HSBC SVNS. ${rank <= 3 ? 'Un résultat qui conforte sa place parmi les meilleures nations du circuit.' : 'Le groupe devra rebondir dès la prochaine étape.'}`,
      body: [
        table(`Le parcours de ${team} ${stop.inCity}`, ['Phase', 'Adversaire', 'Score'], rows),
        p(
          team === 'France 7'
            ? `${topScorer} a terminé meilleur marqueur de l’équipe sur l’ensemble du tournoi.`
            : `Les Bleues ont inscrit ${plural(rng.int(12, 24), 'essai')} sur l’ensemble du tournoi.`,
        ),
        quote(
          rng.pick(rank <= 3 ? WIN_QUOTES : LOSS_QUOTES),
          team === 'France 7' ? `${SEVENS_COACH}, entraîneur de France 7` : 'David Courteix, entraîneur de France 7 féminine',
        ),
      ],
      tags: ['HSBC SVNS', 'Résultats'],
    };
  },
};

const sevensSquad: Template = {
  id: 'france-7-groupe',
  weight: 1.5,
  available: sevensSeason,
  make({ rng, at }) {
    const stop = sevensStop(at + 7 * 86_400_000);
    const group = rng.sample(SEVENS_PLAYERS, 13);
    return {
      title: `HSBC SVNS : le groupe de France 7 pour l’étape ${stop.of}`,
      categoryId: CAT.SEPT_SVNS,
      label: LABELS.officiel,
      desk: 'jeunes-7',
      filler: 'seven',
      lead: `${SEVENS_COACH} a retenu douze joueurs et un réserviste pour l’étape ${stop.of} du circuit mondial HSBC SVNS.`,
      body: [
        ul(group.slice(0, 12)),
        p(`Réserviste : ${group[12] ?? SEVENS_PLAYERS[0]}.`),
        p('Les matchs de France 7 sont à suivre en direct sur les antennes de France Télévisions et sur la plateforme de World Rugby.'),
      ],
      tags: ['HSBC SVNS', 'Composition'],
    };
  },
};

const sevensOlympics: Template = {
  id: 'france-7-jo',
  weight: 1,
  make({ rng }) {
    const variant = rng.int(0, 2);
    if (variant === 0) {
      return {
        title: 'Jeux olympiques de Los Angeles 2028 : le parcours de qualification de France 7',
        categoryId: CAT.SEPT_JO,
        label: null,
        desk: 'jeunes-7',
        filler: 'seven',
        lead: 'Le classement du circuit mondial HSBC SVNS déterminera une partie des nations qualifiées pour le tournoi olympique de rugby à 7 de Los Angeles 2028.',
        body: [
          ul(
            [
              'Les premières nations du classement du circuit mondial',
              'Les vainqueurs des tournois continentaux',
              'Un tournoi de qualification de la dernière chance',
            ],
            true,
          ),
          p('France 7, championne olympique en titre, aborde ce parcours avec l’ambition de défendre sa couronne.'),
        ],
        tags: ['Jeux olympiques', 'HSBC SVNS'],
      };
    }
    if (variant === 1) {
      return {
        title: 'Paris 2024 : retour en images sur le titre olympique de France 7',
        categoryId: CAT.SEPT_JO,
        label: LABELS.video,
        typeFlow: 'video',
        video: true,
        desk: 'video',
        filler: 'seven',
        lead: 'Le 27 juillet 2024, au Stade de France, France 7 décrochait la médaille d’or olympique face aux Fidji. Retour sur une soirée historique.',
        body: [
          video(rng, 'France 7, champions olympiques'),
          p('Cette médaille d’or reste la première de l’histoire du rugby français aux Jeux olympiques.'),
        ],
        tags: ['Jeux olympiques', 'Vidéo', 'Stade de France'],
      };
    }
    return {
      title: 'Los Angeles 2028 : France 7 présente son programme de préparation olympique',
      categoryId: CAT.SEPT_JO,
      label: LABELS.communique,
      desk: 'jeunes-7',
      filler: 'seven',
      lead: 'Stages à Marcoussis, tournois de préparation et suivi individualisé : le staff de France 7 a présenté le programme qui mènera le groupe jusqu’aux Jeux olympiques.',
      body: [
        p(
          'Le programme associe le circuit mondial, des stages de préparation physique et un suivi médical renforcé pour chaque joueur sous contrat fédéral.',
        ),
      ],
      tags: ['Jeux olympiques', 'Marcoussis'],
    };
  },
};

const sevensOffSeason: Template = {
  id: 'france-7-intersaison',
  weight: 1.5,
  available: inMonths(6, 7, 8, 9, 10, 11),
  make({ rng, at }) {
    const { year, month } = toParis(at);
    const season = month >= 6 ? `${year}-${year + 1}` : `${year - 1}-${year}`;
    const variant = rng.int(0, 2);
    if (variant === 0) {
      const start = dayAt(at, rng.int(3, 10), 9, 0);
      return {
        title: `France 7 : reprise de l’entraînement à Marcoussis le ${frWeekdayDayMonth(start)}`,
        categoryId: CAT.SEPT,
        label: null,
        desk: 'jeunes-7',
        filler: 'seven',
        lead: `Les joueurs sous contrat fédéral de France 7 reprendront l’entraînement au Centre national du rugby de Marcoussis le ${frWeekdayDayMonth(start)}, avec un premier bloc consacré à la préparation physique.`,
        body: [h('Les joueurs attendus'), ul(SEVENS_PLAYERS)],
        tags: ['HSBC SVNS', 'Marcoussis'],
      };
    }
    if (variant === 1) {
      const stops = ['Dubaï', 'Le Cap', 'Perth', 'Vancouver', 'Hong Kong', 'Singapour', 'Valladolid'];
      return {
        title: `HSBC SVNS ${season} : le calendrier du circuit mondial dévoilé`,
        categoryId: CAT.SEPT_SVNS,
        label: null,
        desk: 'jeunes-7',
        filler: 'seven',
        lead: `World Rugby a publié le calendrier de la saison ${season} du circuit mondial HSBC SVNS. France 7 ouvrira sa saison à Dubaï avant d’enchaîner six étapes jusqu’à la grande finale.`,
        body: [
          table(
            `Les étapes de la saison ${season}`,
            ['Étape', 'Ville'],
            stops.map((city, i) => [String(i + 1), city]),
          ),
        ],
        tags: ['HSBC SVNS'],
      };
    }
    const player = rng.pick(SEVENS_PLAYERS);
    return {
      title: `France 7 : ${player} prolonge son contrat fédéral`,
      categoryId: CAT.SEPT,
      label: LABELS.officiel,
      desk: 'jeunes-7',
      filler: 'seven',
      lead: `${player} a prolongé son contrat fédéral avec France 7 jusqu’en ${year + 2}. Il poursuivra sa préparation au Centre national du rugby de Marcoussis en vue des prochaines échéances internationales.`,
      body: [
        quote(
          'Je suis heureux de poursuivre l’aventure avec ce groupe. Nous avons encore de grandes choses à accomplir ensemble.',
          `${player}, joueur de France 7`,
        ),
      ],
      tags: ['HSBC SVNS', 'Jeux olympiques'],
    };
  },
};

// ——— France U20 ———

function u20Current(at: number): Competition {
  const { month, year } = toParis(at);
  if (month >= 2 && month <= 3) {
    return {
      cat: CAT.U20_SIX_NATIONS,
      title: `Six Nations U20 ${year}`,
      text: `le Six Nations U20 ${year}`,
      of: `du Six Nations U20 ${year}`,
      opponents: SIX_NATIONS_OPPONENTS,
      tag: 'Six Nations',
      tv: 'France 4',
      home: 'home',
    };
  }
  return {
    cat: CAT.U20_MONDIAL,
    title: `Championnat du monde U20 ${year}`,
    text: `le Championnat du monde U20 ${year}`,
    of: `du Championnat du monde U20 ${year}`,
    opponents: [NATIONS.afs, NATIONS.nz, NATIONS.ang, NATIONS.irl, NATIONS.arg, NATIONS.aus, NATIONS.geo, NATIONS.ita],
    tag: null,
    tv: 'France 4',
    home: 'home',
  };
}

const u20Result: Template = {
  id: 'u20-resultat',
  weight: 2,
  available: matchMonthsU20,
  make({ rng, at, env }) {
    const comp = u20Current(at);
    const fx = fixture(rng, comp, comp.cat === CAT.U20_MONDIAL ? [VENUES.lanfranchi] : U20_VENUES, 'France U20');
    const when = lastWeekday(at, 5, 20, 15);
    const result = matchResult(rng, 0.6);
    const score = scoreLine(result);
    const lineup = pickLineup(rng, env.u20Players, '');
    const title =
      result.outcome === 'victoire'
        ? rng.pick([
            `Les Bleuets s’imposent face ${fx.opp.to} (${score})`,
            `${comp.title} : victoire des Bleuets contre ${fx.opp.the} (${score})`,
          ])
        : result.outcome === 'defaite'
          ? `${comp.title} : les Bleuets s’inclinent face ${fx.opp.to} (${score})`
          : `${comp.title} : match nul entre les Bleuets et ${fx.opp.the} (${score})`;
    return {
      title,
      categoryId: comp.cat,
      label: null,
      desk: 'jeunes-7',
      filler: 'u20',
      lead: resultLead('L’équipe de France U20', true, fx.opp, result, when, fx.venue, comp.of),
      body: [
        p(
          `${scorersText(rng, lineup.starters, result.france.tries)} ${kickingText(lineup.starters[9]?.name ?? 'le buteur', result)}`.trim(),
        ),
        scoreTable(`${fx.label} : le score`, ['France U20', result.france], [`${fx.opp.name} U20`, result.opponent]),
        quote(rng.pick(captainQuotes(result)), `${lineup.captain.name}, capitaine de l’équipe de France U20`),
      ],
      tags: ['Bleuets', 'Résultats', ...(comp.tag ? [comp.tag] : [])],
    };
  },
};

const u20Composition: Template = {
  id: 'u20-composition',
  weight: 1,
  available: matchMonthsU20,
  make({ rng, at, env }) {
    const comp = u20Current(at);
    const fx = fixture(rng, comp, comp.cat === CAT.U20_MONDIAL ? [VENUES.lanfranchi] : U20_VENUES, 'France U20');
    const kickoff = nextWeekday(at, 5, 20, 15);
    const lineup = pickLineup(rng, env.u20Players, '');
    return {
      title: `France U20 : la composition des Bleuets face ${fx.opp.to}`,
      categoryId: comp.cat,
      label: LABELS.officiel,
      desk: 'jeunes-7',
      filler: 'u20',
      lead: `Le staff de l’équipe de France U20 a dévoilé la composition qui affrontera ${fx.opp.the} ${frWeekdayDayMonth(kickoff)} à ${frTime(kickoff)} ${atVenue(fx.venue)} (${fx.venue.city}), dans le cadre ${comp.of}.`,
      body: [
        lineupTable(`Composition de l’équipe de France U20 face ${fx.opp.to}`, lineup),
        p(
          `${lineup.captain.name} (${lineup.captain.club}) sera le capitaine des Bleuets. Rencontre à suivre en direct sur <strong>${comp.tv}</strong>.`,
        ),
      ],
      tags: ['Bleuets', 'Composition', ...(comp.tag ? [comp.tag] : [])],
    };
  },
};

const u20Camp: Template = {
  id: 'u20-stage',
  weight: 1.5,
  make({ rng, at, env }) {
    const { year, month } = toParis(at);
    const variant = rng.int(0, 2);
    if (variant === 1 && (month === 12 || month === 1)) {
      const edition = month === 12 ? year + 1 : year;
      const opponents = rng.shuffle(SIX_NATIONS_OPPONENTS);
      return {
        title: `Six Nations U20 ${edition} : le calendrier des Bleuets`,
        categoryId: CAT.U20_SIX_NATIONS,
        label: LABELS.officiel,
        desk: 'jeunes-7',
        filler: 'u20',
        lead: `Les Bleuets connaissent leur programme pour le Six Nations U20 ${edition}, avec cinq rencontres disputées le vendredi soir, en lever de rideau des matchs du XV de France.`,
        body: [
          table(
            `Six Nations U20 ${edition}`,
            ['Journée', 'Adversaire'],
            opponents.map((o, i) => [`${ordinalFr(i + 1)} journée`, o.name]),
          ),
        ],
        tags: ['Bleuets', 'Six Nations'],
      };
    }
    if (variant === 1 && (month === 4 || month === 5)) {
      const opponents = rng.sample([NATIONS.afs, NATIONS.nz, NATIONS.ang, NATIONS.irl, NATIONS.arg, NATIONS.aus, NATIONS.geo], 3);
      return {
        title: `Championnat du monde U20 ${year} : les adversaires des Bleuets connus`,
        categoryId: CAT.U20_MONDIAL,
        label: null,
        desk: 'jeunes-7',
        filler: 'u20',
        lead: `Le tirage au sort du Championnat du monde U20 ${year} a placé l’équipe de France dans une poule composée ${listFr(opponents.map((o) => o.of))}.`,
        body: [p('Les deux premiers de chaque poule, ainsi que le meilleur deuxième, se qualifieront pour les demi-finales.')],
        tags: ['Bleuets'],
      };
    }
    const group = rng.sample(env.u20Players, rng.int(28, 30));
    const start = dayAt(at, rng.int(4, 12), 14, 0);
    return {
      title: rng.pick([
        `France U20 : ${group.length} joueurs convoqués pour un stage à Marcoussis`,
        `Les Bleuets en stage à Marcoussis à partir du ${frWeekdayDayMonth(start)}`,
      ]),
      categoryId: CAT.U20,
      label: LABELS.officiel,
      desk: 'jeunes-7',
      filler: 'u20',
      lead: `Le staff de l’équipe de France U20 a convoqué ${group.length} joueurs pour un stage de préparation au Centre national du rugby de Marcoussis à partir du ${frWeekdayDayMonth(start)}.`,
      body: [
        h('Les joueurs convoqués'),
        ul(group.map((pl) => `${pl.name} (${pl.club})`)),
        p(
          'Ce stage sera consacré aux fondamentaux du jeu, à la préparation physique et à la vie de groupe, avec une séance d’opposition face au pôle France.',
        ),
      ],
      tags: ['Bleuets', 'Marcoussis', 'Formation'],
    };
  },
};

export const TEAM_TEMPLATES: readonly Template[] = [
  xvComposition,
  xvResult,
  xvForfait,
  xvGroupe,
  xvBilletterie,
  xvGalerie,
  xvVideo,
  xvInterview,
  xvWorldCup,
  womenComposition,
  womenResult,
  womenGroupe,
  womenPortrait,
  sevensTournament,
  sevensSquad,
  sevensOlympics,
  sevensOffSeason,
  u20Result,
  u20Composition,
  u20Camp,
];
