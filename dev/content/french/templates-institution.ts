// Article templates for competitions, refereeing, the federation's institutions, amateur rugby,
// training, health rugby, handirugby, press releases and partners.

import type { Template } from '../article-kit.js';
import { LABELS, atVenue, dayAt, nextWeekday } from '../article-kit.js';
import { button, file, h, p, quote, rugbyScore, table, ul } from '../blocks.js';
import { CAT } from '../categories.js';
import { frDayMonth, frLongDate, frTime, frWeekdayDayMonth, seasonOf, toParis } from '../dates.js';
import {
  AUTUMN_OPPONENTS,
  CLUBS,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  HOME_VENUES,
  LAST_NAMES,
  PRESIDENT,
  REFEREES,
  REGIONS,
  SEVENS_COACH,
  SIX_NATIONS_OPPONENTS,
  TOP14_FULL_NAMES,
  TOWNS,
  VENUES,
  WOMEN_COACH,
  XV_COACH,
  XV_PLAYERS,
} from './words.js';
import { PARTNERS } from '../partners.js';
import type { Random } from '../random.js';
import { tagsAmong } from '../tags.js';
import { formatNumberFr, ordinalFr, ucfirst } from '../text.js';

const person = (rng: Random, feminine = rng.chance(0.5)): string =>
  `${rng.pick(feminine ? FIRST_NAMES_F : FIRST_NAMES_M)} ${rng.pick(LAST_NAMES)}`;

type ClubMatch = { winner: string; loser: string; score: string; margin: number };

function clubMatch(rng: Random, clubs: readonly string[]): ClubMatch {
  const [winner = '', loser = ''] = rng.sample(clubs, 2);
  let a = rugbyScore(rng, 0.6).total;
  let b = rugbyScore(rng, 0.4).total;
  if (a === b) a += 3;
  if (a < b) [a, b] = [b, a];
  return { winner, loser, score: `${a}-${b}`, margin: a - b };
}

/** Internationals of the XV de France who play for one of the clubs. */
const internationalsOf = (...clubs: string[]): string[] => {
  const full = clubs.map((c) => TOP14_FULL_NAMES[c] ?? c);
  return XV_PLAYERS.filter((pl) => full.includes(pl.club)).map((pl) => pl.name);
};

// ——— Compétitions ———

/** Round of a September-to-May championship at a date, or null between seasons (June to August). */
function roundAt(at: number, rounds: number): number | null {
  const { year, month, day } = toParis(at);
  if (month >= 6 && month <= 8) return null;
  const startYear = month >= 9 ? year : year - 1;
  const weeks = Math.floor((Date.UTC(year, month - 1, day) - Date.UTC(startYear, 8, 1)) / (7 * 86_400_000));
  return Math.min(rounds, Math.max(1, 1 + Math.floor((weeks * rounds) / 38)));
}

/** The season being prepared or played: from June on, the next one. */
function upcomingSeason(at: number): string {
  const { year, month } = toParis(at);
  return month >= 6 ? `${year}-${year + 1}` : seasonOf(at);
}

const finalsTime = (at: number): boolean => [5, 6].includes(toParis(at).month);

const top14: Template = {
  id: 'top-14',
  weight: 1.2,
  make({ rng, at }) {
    const m = clubMatch(rng, CLUBS.top14);
    const round = roundAt(at, 26);
    const internationals = internationalsOf(m.winner, m.loser);
    if (toParis(at).month === 6 && rng.chance(0.6)) {
      return {
        title: `Finale du Top 14 : ${m.winner} champion de France face à ${m.loser} (${m.score})`,
        categoryId: CAT.TOP14,
        label: null,
        desk: 'web',
        filler: 'competitions',
        lead: `${m.winner} a remporté le bouclier de Brennus en battant ${m.loser} (${m.score}) en finale du Top 14, au Stade de France, devant près de 80 000 spectateurs.`,
        body: [
          p(
            `La Fédération française de rugby adresse ses félicitations aux joueurs, aux staffs et aux dirigeants des deux clubs finalistes pour la qualité de leur saison.`,
          ),
          quote(
            'C’est l’aboutissement d’une saison entière de travail. Ce titre appartient aussi à nos supporters et à tous les bénévoles du club.',
            `Le capitaine de ${m.winner}`,
          ),
        ],
        tags: ['Top 14', 'Résultats', 'Stade de France', ...tagsAmong(internationals).slice(0, 2)],
      };
    }
    if (round === null) {
      const season = upcomingSeason(at);
      return {
        title: `Top 14 : le calendrier de la saison ${season} dévoilé`,
        categoryId: CAT.TOP14,
        label: null,
        desk: 'web',
        filler: 'competitions',
        lead: `La Ligue nationale de rugby a publié le calendrier de la saison ${season} du Top 14. La première journée se disputera début septembre, la finale en juin au Stade de France.`,
        body: [
          p(
            'Les dates des journées ont été fixées en tenant compte des fenêtres internationales, afin de limiter l’absence des joueurs retenus en équipe de France.',
          ),
        ],
        tags: ['Top 14'],
      };
    }
    return {
      title: rng.pick([
        `Top 14 : ${m.winner} s’impose face à ${m.loser} (${m.score})`,
        `Top 14, ${ordinalFr(round)} journée : ${m.winner} prend le meilleur sur ${m.loser}`,
      ]),
      categoryId: CAT.TOP14,
      label: null,
      desk: 'web',
      filler: 'competitions',
      lead: `${m.winner} a pris le meilleur sur ${m.loser} (${m.score}) lors de la ${ordinalFr(round)} journée de Top 14${m.margin >= 15 ? ', avec le point de bonus offensif à la clé' : ''}.`,
      body:
        internationals.length > 0
          ? [p(`Plusieurs internationaux du XV de France étaient alignés, dont ${internationals.slice(0, 2).join(' et ')}.`)]
          : [],
      tags: ['Top 14', 'Résultats', ...tagsAmong(internationals).slice(0, 2)],
    };
  },
};

const proD2: Template = {
  id: 'pro-d2',
  weight: 0.8,
  make({ rng, at }) {
    const m = clubMatch(rng, CLUBS.proD2);
    if (toParis(at).month === 6) {
      return {
        title: `Pro D2 : ${m.winner} accède au Top 14`,
        categoryId: CAT.PROD2,
        label: null,
        desk: 'web',
        filler: 'competitions',
        lead: `Vainqueur de ${m.loser} (${m.score}) en finale de Pro D2, ${m.winner} évoluera en Top 14 la saison prochaine.`,
        body: [
          p(
            'La Fédération félicite le club pour cette accession, fruit d’un projet construit sur plusieurs saisons avec la formation comme pilier.',
          ),
        ],
        tags: ['Pro D2', 'Résultats'],
      };
    }
    return {
      title: rng.pick([
        `Pro D2 : ${m.winner} remporte le choc face à ${m.loser} (${m.score})`,
        `Pro D2 : ${m.winner} s’impose sur la pelouse de ${m.loser}`,
      ]),
      categoryId: CAT.PROD2,
      label: null,
      desk: 'web',
      filler: 'competitions',
      lead: `${m.winner} a battu ${m.loser} (${m.score}) et ${m.margin >= 10 ? 'consolide sa place dans le haut du classement' : 'reste au contact des places qualificatives'} de Pro D2.`,
      body: [],
      tags: ['Pro D2', 'Résultats'],
    };
  },
};

const FEDERAL_CALENDARS: ReadonlyArray<readonly [number, string]> = [
  [CAT.NATIONALE, 'Nationale'],
  [CAT.NATIONALE2, 'Nationale 2'],
  [CAT.FEDERALE1, 'Fédérale 1'],
  [CAT.ELITE1, 'Élite 1 féminine'],
  [CAT.ELITE2, 'Élite 2 féminine'],
];

const federalCompetitions: Template = {
  id: 'competitions-federales',
  weight: 2.2,
  make({ rng, at }) {
    const { month } = toParis(at);
    const season = upcomingSeason(at);
    if (month === 7 || month === 8) {
      const [categoryId, name] = rng.pick(FEDERAL_CALENDARS);
      const tag = categoryId === CAT.ELITE1 || categoryId === CAT.ELITE2 ? ('Élite 1' as const) : ('Résultats' as const);
      return {
        title: `${name} : le calendrier de la saison ${season} dévoilé`,
        categoryId,
        label: LABELS.officiel,
        desk: 'web',
        filler: 'competitions',
        lead: `La Fédération française de rugby a publié le calendrier de la saison ${season} de ${name}. Les clubs connaissent désormais leurs adversaires, journée par journée, jusqu’aux phases finales.`,
        body: [button('https://competitions.ffr.fr', 'Consulter le calendrier')],
        tags: [tag],
      };
    }
    const kind = rng.int(0, 5);
    if (kind === 0) {
      const m = clubMatch(rng, CLUBS.nationale);
      return {
        title:
          month === 4 || month === 5
            ? `Nationale : ${m.winner} valide son billet pour les demi-finales`
            : `Nationale : ${m.winner} s’impose face à ${m.loser} (${m.score})`,
        categoryId: CAT.NATIONALE,
        label: null,
        desk: 'web',
        filler: 'competitions',
        lead: `${m.winner} a battu ${m.loser} (${m.score}) en championnat de Nationale, la troisième division organisée par la Fédération française de rugby.`,
        body: [p(`Le championnat de Nationale réunit quatorze clubs pour la saison ${season}. Les deux finalistes accèdent à la Pro D2.`)],
        tags: ['Résultats', 'Pro D2'],
      };
    }
    if (kind === 1) {
      const round = roundAt(at, 22) ?? 22;
      const games = rng.sample(CLUBS.nationale2, 6);
      const kickoff = nextWeekday(at, 0, 15, 0);
      return {
        title: `Nationale 2 : le programme de la ${ordinalFr(round)} journée`,
        categoryId: CAT.NATIONALE2,
        label: null,
        desk: 'web',
        filler: 'competitions',
        lead: `Voici le programme de la ${ordinalFr(round)} journée de Nationale 2, ${frWeekdayDayMonth(kickoff)}. Coups d’envoi à ${frTime(kickoff)} sauf indication contraire.`,
        body: [
          table(
            `Nationale 2, ${ordinalFr(round)} journée`,
            ['Domicile', 'Extérieur', 'Coup d’envoi'],
            [
              [games[0] ?? '', games[1] ?? '', frTime(kickoff)],
              [games[2] ?? '', games[3] ?? '', frTime(kickoff)],
              [games[4] ?? '', games[5] ?? '', '18h30'],
            ],
          ),
        ],
        tags: ['Résultats'],
      };
    }
    if (kind === 2) {
      const m = clubMatch(rng, CLUBS.federale1);
      const title = finalsTime(at)
        ? `Fédérale 1 : ${m.winner} sacré champion de France face à ${m.loser} (${m.score})`
        : month === 3 || month === 4
          ? `Fédérale 1 : ${m.winner} qualifié pour les phases finales`
          : `Fédérale 1 : ${m.winner} s’impose face à ${m.loser} (${m.score})`;
      return {
        title,
        categoryId: CAT.FEDERALE1,
        label: null,
        desk: 'web',
        filler: 'amateur',
        lead: `${m.winner} s’est imposé face à ${m.loser} (${m.score}) en Fédérale 1, devant un public venu en nombre soutenir les deux équipes.`,
        body: [
          p(
            'La Fédérale 1 constitue le plus haut niveau du rugby amateur. Les clubs engagés s’appuient sur des effectifs de joueurs formés localement.',
          ),
        ],
        tags: ['Résultats', 'Bénévolat'],
      };
    }
    if (kind === 3) {
      const m = clubMatch(rng, CLUBS.elite1);
      const final = finalsTime(at);
      return {
        title: final
          ? `Élite 1 féminine : ${m.winner} s’offre le titre face à ${m.loser} (${m.score})`
          : `Élite 1 féminine : ${m.winner} s’impose face à ${m.loser} (${m.score})`,
        categoryId: CAT.ELITE1,
        label: null,
        desk: 'feminine',
        filler: 'competitions',
        lead: final
          ? `${m.winner} remporte le titre de champion de France d’Élite 1 après sa victoire face à ${m.loser} (${m.score}) en finale.`
          : `${m.winner} a battu ${m.loser} (${m.score}) lors de la ${ordinalFr(roundAt(at, 18) ?? 18)} journée d’Élite 1 féminine.`,
        body: [
          p(
            'Plusieurs internationales de l’équipe de France féminine ont pris part à la rencontre, diffusée en direct sur les plateformes de la Fédération.',
          ),
        ],
        tags: ['Élite 1', 'Résultats'],
      };
    }
    if (kind === 4) {
      const m = clubMatch(rng, CLUBS.elite2);
      if (finalsTime(at)) {
        return {
          title: `Élite 2 féminine : ${m.winner} promu en Élite 1`,
          categoryId: CAT.ELITE2,
          label: null,
          desk: 'feminine',
          filler: 'competitions',
          lead: `${m.winner} a validé sa montée en Élite 1 féminine en battant ${m.loser} (${m.score}) en finale d’Élite 2.`,
          body: [
            p('Le club rejoindra l’élite du rugby féminin français la saison prochaine, avec l’objectif de s’y installer durablement.'),
          ],
          tags: ['Élite 1', 'Résultats'],
        };
      }
      return {
        title: `Élite 2 féminine : ${m.winner} s’impose face à ${m.loser} (${m.score})`,
        categoryId: CAT.ELITE2,
        label: null,
        desk: 'feminine',
        filler: 'competitions',
        lead: `${m.winner} a battu ${m.loser} (${m.score}) en Élite 2 féminine et reste dans la course à la montée.`,
        body: [],
        tags: ['Élite 1', 'Résultats'],
      };
    }
    const m = clubMatch(rng, CLUBS.top14);
    const final = finalsTime(at);
    return {
      title: final
        ? `Championnat Espoirs : ${m.winner} remporte la finale face à ${m.loser} (${m.score})`
        : `Championnat Espoirs : ${m.winner} s’impose face à ${m.loser} (${m.score})`,
      categoryId: CAT.ESPOIRS,
      label: null,
      desk: 'jeunes-7',
      filler: 'u20',
      lead: final
        ? `Les Espoirs de ${m.winner} ont remporté le titre en battant ceux de ${m.loser} (${m.score}) en finale du championnat Espoirs.`
        : `Les Espoirs de ${m.winner} ont battu ceux de ${m.loser} (${m.score}) en championnat Espoirs.`,
      body: [
        p(
          'Plusieurs joueurs passés par l’équipe de France U20 figuraient sur la feuille de match, preuve de la qualité de la formation dans les centres des clubs.',
        ),
      ],
      tags: ['Bleuets', 'Résultats', 'Formation'],
    };
  },
};

// ——— Arbitrage ———

const refereeing: Template = {
  id: 'arbitrage',
  weight: 2.5,
  make({ rng, at, env }) {
    const season = seasonOf(at);
    const variant = rng.int(0, 3);
    const [ref = '', ref2 = '', ref3 = '', ref4 = ''] = rng.sample(REFEREES.slice(0, 8), 4);
    if (variant === 0) {
      const [a, b] = rng.sample([...SIX_NATIONS_OPPONENTS, ...AUTUMN_OPPONENTS], 2);
      const match = `${a?.name} – ${b?.name}`;
      return {
        title: `Arbitrage : ${ref} désigné pour ${match}`,
        categoryId: CAT.ARBITRAGE,
        label: LABELS.officiel,
        desk: 'institution',
        filler: 'arbitrage',
        lead: `World Rugby a désigné ${ref} pour arbitrer la rencontre ${match}. Il sera assisté de ${ref2} et ${ref3}, tandis que ${ref4} officiera à la vidéo.`,
        body: [
          table(
            'Les désignations des arbitres français',
            ['Rencontre', 'Arbitre', 'Assistants', 'Arbitre vidéo'],
            [[match, ref, `${ref2}, ${ref3}`, ref4]],
          ),
          p('Cette désignation confirme la place de l’arbitrage français au plus haut niveau international.'),
        ],
        tags: ['Arbitrage', ...(rng.chance(0.5) ? ['Six Nations' as const] : [])],
      };
    }
    const round = roundAt(at, 26);
    if (variant === 2 && round !== null) {
      const clubs = rng.sample(CLUBS.top14, 8);
      const refs = rng.sample(REFEREES.slice(0, 8), 4);
      return {
        title: `Top 14 : les arbitres désignés pour la ${ordinalFr(round)} journée`,
        categoryId: CAT.ARBITRAGE,
        label: LABELS.officiel,
        desk: 'web',
        filler: 'arbitrage',
        lead: `La commission centrale des arbitres a communiqué les désignations pour la ${ordinalFr(round)} journée de Top 14.`,
        body: [
          table(
            `Désignations de la ${ordinalFr(round)} journée`,
            ['Rencontre', 'Arbitre'],
            refs.map((r, i) => [`${clubs[2 * i]} – ${clubs[2 * i + 1]}`, r]),
          ),
        ],
        tags: ['Arbitrage', 'Top 14'],
      };
    }
    if (variant === 1 || variant === 2) {
      return {
        title: `Arbitrage : la Fédération lance sa campagne de recrutement ${season}`,
        categoryId: CAT.ARBITRAGE,
        label: null,
        desk: 'web',
        filler: 'arbitrage',
        lead: 'Joueurs, anciens joueurs, parents ou simples passionnés : la Fédération française de rugby lance sa campagne de recrutement d’arbitres pour la saison.',
        body: [
          h('Comment devenir arbitre ?'),
          ul(
            [
              'Être licencié dans un club affilié à la FFR',
              'Suivre la formation initiale proposée par sa ligue régionale',
              'Arbitrer ses premières rencontres accompagné d’un tuteur',
            ],
            true,
          ),
          button('https://www.ffr.fr/arbitrage/devenir-arbitre', 'Devenir arbitre'),
        ],
        tags: ['Arbitrage', 'Formation', 'Bénévolat'],
      };
    }
    const female = rng.pick(REFEREES.slice(8));
    const final = env.categories.get(CAT.ELITE1).name;
    if (toParis(at).month < 4 || toParis(at).month > 6) {
      const [a, b] = rng.sample(SIX_NATIONS_OPPONENTS, 2);
      const match = `${a?.name} – ${b?.name}`;
      return {
        title: `Arbitrage : ${female} désignée pour ${match} (féminines)`,
        categoryId: CAT.ARBITRAGE,
        label: LABELS.officiel,
        desk: 'institution',
        filler: 'arbitrage',
        lead: `World Rugby a désigné ${female} pour arbitrer la rencontre internationale féminine ${match}.`,
        body: [
          quote(
            'Chaque désignation internationale est une fierté et une responsabilité. Je pense à tous les arbitres qui officient chaque week-end dans nos clubs.',
            `${female}, arbitre internationale`,
          ),
        ],
        tags: ['Arbitrage', 'Six Nations'],
      };
    }
    return {
      title: `${female} arbitrera la finale de l’${final}`,
      categoryId: CAT.ARBITRAGE,
      label: LABELS.officiel,
      desk: 'institution',
      filler: 'arbitrage',
      lead: `${female} a été désignée pour diriger la finale de l’${final}. Une reconnaissance pour l’une des arbitres françaises les plus expérimentées.`,
      body: [
        quote(
          'C’est une immense fierté. Arbitrer une finale, c’est le fruit de nombreuses années de travail et d’un accompagnement de tous les instants.',
          `${female}, arbitre internationale`,
        ),
      ],
      tags: ['Arbitrage', 'Élite 1'],
    };
  },
};

// ——— Fédération ———

const ORGANISATIONS = [
  'l’Union nationale du sport scolaire',
  'la Fédération française handisport',
  'la Fédération française du sport adapté',
  'l’Union sportive de l’enseignement du premier degré',
  'la Ligue nationale de rugby',
];

const federation: Template = {
  id: 'federation',
  weight: 2.5,
  make({ rng, at, env }) {
    const variant = rng.int(0, 3);
    const season = seasonOf(at);
    const town = rng.pick(TOWNS);
    if (variant === 0) {
      const doc = env.documents.get('ag');
      return {
        title: rng.pick([
          `Assemblée générale de la FFR ${town.inTown} : les principales décisions`,
          `Assemblée générale : les comptes de la saison ${season} approuvés`,
        ]),
        categoryId: CAT.AG,
        label: LABELS.communique,
        desk: 'institution',
        filler: 'federation',
        document: 'ag',
        lead: `Réunis ${town.inTown} le ${frLongDate(at)}, les représentants des clubs ont adopté l’ensemble des résolutions soumises à l’Assemblée générale de la Fédération française de rugby.`,
        body: [
          h('Les résolutions adoptées'),
          ul([
            `Approbation du rapport moral du président, à ${rng.int(78, 93)} % des voix`,
            'Approbation des comptes de l’exercice et affectation du résultat',
            'Adoption du budget prévisionnel de la saison à venir',
            'Évolution des règlements généraux relatifs aux licences et aux mutations',
          ]),
          quote(
            'Cette Assemblée générale témoigne de la vitalité de nos clubs. Nos priorités restent le rugby amateur, la formation et le rayonnement des équipes de France.',
            `${PRESIDENT}, président de la Fédération française de rugby`,
          ),
          ...(doc ? [file(doc)] : []),
        ],
        tags: ['Assemblée générale', 'Florian Grill'],
      };
    }
    if (variant === 1) {
      const doc = env.documents.get('comite');
      return {
        title: `Comité directeur du ${frDayMonth(at)} : les principales décisions`,
        categoryId: CAT.COMITE,
        label: LABELS.communique,
        desk: 'institution',
        filler: 'federation',
        document: 'comite',
        lead: `Le comité directeur de la Fédération française de rugby s’est réuni le ${frLongDate(at)} au Centre national du rugby de Marcoussis. Voici le relevé des principales décisions.`,
        body: [
          ul([
            'Validation du calendrier des compétitions fédérales et des dates des phases finales',
            `Attribution de ${formatNumberFr(rng.pick([500, 750, 1000]))} kits d’équipement aux écoles de rugby`,
            'Point d’étape sur le plan de développement du rugby féminin',
            `Désignation ${town.inTown.replace(/^à /, 'de ').replace(/^au /, 'du ').replace(/^aux /, 'des ')} comme ville hôte des finales fédérales`,
          ]),
          ...(doc ? [file(doc)] : []),
        ],
        tags: ['Florian Grill', 'Marcoussis'],
      };
    }
    if (variant === 2) {
      const licences = rng.pick([300_000, 310_000, 320_000, 330_000]);
      return {
        title: `Licences : la FFR franchit le cap des ${formatNumberFr(licences)} licenciés`,
        categoryId: CAT.FEDERATION,
        label: null,
        desk: 'institution',
        filler: 'federation',
        lead: `La Fédération française de rugby compte désormais plus de ${formatNumberFr(licences)} licenciés, un record porté par la progression des écoles de rugby et du rugby féminin.`,
        body: [
          table(
            'Évolution des licences',
            ['Catégorie', 'Évolution sur un an'],
            [
              ['École de rugby', `+${rng.int(4, 9)} %`],
              ['Féminines', `+${rng.int(8, 15)} %`],
              ['Rugby à 5', `+${rng.int(10, 25)} %`],
              ['Seniors', `+${rng.int(1, 3)} %`],
            ],
          ),
          quote(
            'Ces chiffres sont le fruit du travail des clubs et de leurs bénévoles. Ils nous obligent à continuer d’investir dans l’accueil des pratiquants.',
            `${PRESIDENT}, président de la Fédération française de rugby`,
          ),
        ],
        tags: ['Florian Grill', 'École de rugby', 'Bénévolat'],
      };
    }
    const org = rng.pick(ORGANISATIONS);
    return {
      title: `La Fédération française de rugby et ${org} signent une convention`,
      categoryId: CAT.FEDERATION,
      label: LABELS.communique,
      desk: 'institution',
      filler: 'federation',
      lead: `La Fédération française de rugby et ${org} ont signé une convention pluriannuelle au Centre national du rugby de Marcoussis, en présence de ${PRESIDENT}.`,
      body: [
        p(
          'Cette convention prévoit des actions communes de formation, l’organisation d’événements et le partage de ressources pédagogiques au bénéfice des pratiquants.',
        ),
      ],
      tags: ['Florian Grill', 'Marcoussis'],
    };
  },
};

// ——— Rugby amateur, formation, santé, handirugby ———

const amateur: Template = {
  id: 'rugby-amateur',
  weight: 2.5,
  make({ rng, at }) {
    const season = seasonOf(at);
    const town = rng.pick(TOWNS);
    const variant = rng.int(0, 3);
    if (variant === 0) {
      const day = dayAt(at, rng.int(10, 30), 15, 0);
      return {
        title: `Finales des championnats de France fédéraux : rendez-vous ${town.inTown}`,
        categoryId: CAT.AMATEUR,
        label: LABELS.officiel,
        desk: 'institution',
        filler: 'amateur',
        lead: `Les finales des championnats de France fédéraux se disputeront ${town.inTown} à partir du ${frWeekdayDayMonth(day)}. Plus de quarante finales sont au programme, des seniors aux équipes réserves.`,
        body: [
          ul(['Finales de Fédérale 2 et Fédérale 3', 'Finales des championnats régionaux qualificatifs', 'Finales féminines à X et à 7']),
          button('https://www.ffr.fr/competitions/finales', 'Voir le programme complet'),
        ],
        tags: ['Résultats', 'Bénévolat'],
      };
    }
    if (variant === 1) {
      const n = rng.int(120, 260);
      return {
        title: `${n} écoles de rugby labellisées pour la saison ${season}`,
        categoryId: CAT.AMATEUR,
        label: null,
        desk: 'web',
        filler: 'amateur',
        lead: `La Fédération a attribué le label École de rugby à ${n} clubs pour la saison ${season}. Il distingue la qualité de l’accueil, de l’encadrement et du projet éducatif.`,
        body: [
          p(
            `Les clubs labellisés reçoivent un kit pédagogique et bénéficient d’un accompagnement de leur ligue régionale. La liste complète est disponible sur <a href="https://www.ffr.fr/clubs/ecoles-de-rugby">ffr.fr</a>.`,
          ),
        ],
        tags: ['École de rugby', 'Formation'],
      };
    }
    if (variant === 2) {
      const operation = rng.pick(['Tous bénévoles', 'Un club, un bénévole de plus', 'Merci les bénévoles']);
      return {
        title: `Bénévolat : la Fédération lance l’opération « ${operation} »`,
        categoryId: CAT.AMATEUR,
        label: null,
        desk: 'institution',
        filler: 'amateur',
        lead: `Pour soutenir les clubs dans la recherche de nouveaux bénévoles, la Fédération française de rugby lance l’opération « ${operation} » dans toutes les ligues régionales.`,
        body: [
          ul([
            'Un kit de communication pour chaque club',
            'Des formations gratuites pour les nouveaux dirigeants',
            'Des places offertes pour les matchs des équipes de France',
          ]),
        ],
        tags: ['Bénévolat'],
      };
    }
    return {
      title: `${town.name} accueille le tournoi national des écoles de rugby`,
      categoryId: CAT.AMATEUR,
      label: null,
      desk: 'web',
      filler: 'amateur',
      lead: `Plus de ${formatNumberFr(rng.int(15, 30) * 100)} enfants venus de toute la France ont participé au tournoi national des écoles de rugby ${town.inTown}.`,
      body: [
        p(
          'Au-delà des résultats, ce rassemblement a été l’occasion de promouvoir les valeurs du rugby : respect, solidarité et plaisir du jeu.',
        ),
      ],
      tags: ['École de rugby', 'Bénévolat'],
    };
  },
};

const formation: Template = {
  id: 'formation',
  weight: 1.5,
  make({ rng, at }) {
    const region = rng.pick(REGIONS);
    const variant = rng.int(0, 2);
    const { year } = toParis(at);
    if (variant === 0) {
      const n = rng.int(24, 90);
      return {
        title: `Brevet fédéral : ${n} nouveaux éducateurs diplômés ${region.inRegion}`,
        categoryId: CAT.FORMATION,
        label: null,
        desk: 'web',
        filler: 'formation',
        lead: `${n} éducateurs de la ligue ${region.name} ont obtenu leur Brevet fédéral à l’issue d’une formation de plusieurs mois, alternant modules en ligne et sessions sur le terrain.`,
        body: [
          quote(
            'Former des éducateurs, c’est garantir aux enfants un accueil de qualité dans chaque club.',
            `${person(rng)}, conseiller technique de la ligue ${region.name}`,
          ),
        ],
        tags: ['Formation', 'École de rugby'],
      };
    }
    if (variant === 1) {
      const deadline = dayAt(at, rng.int(15, 40), 23, 59);
      return {
        title: `Pôles Espoirs : les inscriptions aux tests d’entrée ${year + 1} sont ouvertes`,
        categoryId: CAT.FORMATION,
        label: null,
        desk: 'web',
        filler: 'formation',
        lead: `Les jeunes joueurs et joueuses souhaitant intégrer un pôle Espoirs peuvent s’inscrire jusqu’au ${frWeekdayDayMonth(deadline)}.`,
        body: [
          ul(
            [
              'Être licencié à la FFR',
              'Être né entre les années éligibles précisées dans le règlement',
              'Fournir un certificat médical et un dossier scolaire',
            ],
            false,
          ),
          button('https://www.ffr.fr/formation/poles-espoirs', 'S’inscrire aux tests'),
        ],
        tags: ['Formation', 'Marcoussis'],
      };
    }
    return {
      title: 'Formation des entraîneurs : une nouvelle promotion du DES JEPS rugby à Marcoussis',
      categoryId: CAT.FORMATION,
      label: null,
      desk: 'web',
      filler: 'formation',
      lead: `${rng.int(16, 24)} stagiaires ont fait leur rentrée au Centre national du rugby de Marcoussis pour préparer le diplôme d’État supérieur de la jeunesse, de l’éducation populaire et du sport, mention rugby.`,
      body: [
        p(
          'La formation, d’une durée de dix-huit mois, alterne sessions au Centre national du rugby et mises en situation dans les clubs professionnels et fédéraux.',
        ),
      ],
      tags: ['Formation', 'Marcoussis'],
    };
  },
};

const health: Template = {
  id: 'rugby-sante',
  weight: 1,
  make({ rng }) {
    const town = rng.pick(TOWNS);
    const variant = rng.int(0, 2);
    if (variant === 0) {
      const n = rng.int(20, 60);
      return {
        title: `Rugby à 5 : ${n} nouveaux clubs labellisés « Rugby santé »`,
        categoryId: CAT.SANTE,
        label: null,
        desk: 'web',
        filler: 'sante',
        lead: `${n} clubs supplémentaires ont obtenu le label « Rugby santé », qui reconnaît la qualité de leur accueil des publics atteints de maladies chroniques ou éloignés de la pratique sportive.`,
        body: [
          p(
            'Les séances de rugby à 5 santé sont encadrées par des éducateurs spécifiquement formés et adaptées au niveau de chaque pratiquant.',
          ),
        ],
        tags: ['Rugby à 5', 'Formation'],
      };
    }
    if (variant === 1) {
      return {
        title: `Sport sur ordonnance : le rugby santé s’installe ${town.inTown}`,
        categoryId: CAT.SANTE,
        label: null,
        desk: 'web',
        filler: 'sante',
        lead: `Le club ${town.inTown.replace(/^à /, 'de ').replace(/^au /, 'du ').replace(/^aux /, 'des ')} ouvre une section de rugby santé accessible sur prescription médicale, en partenariat avec les professionnels de santé du territoire.`,
        body: [
          quote(
            'Nos pratiquants viennent pour leur santé et restent pour la convivialité. C’est tout l’esprit du rugby.',
            `${person(rng)}, éducatrice rugby santé`,
          ),
        ],
        tags: ['Rugby à 5', 'Bénévolat'],
      };
    }
    return {
      title: `Rugby à 5 : le tournoi national ${town.inTown} a réuni ${rng.int(40, 120)} équipes`,
      categoryId: CAT.SANTE,
      label: null,
      desk: 'web',
      filler: 'sante',
      lead: `Mixité, convivialité et fair-play : le tournoi national de rugby à 5 ${town.inTown} a tenu toutes ses promesses.`,
      body: [
        p('Les équipes engagées, souvent mixtes et intergénérationnelles, ont disputé plus de deux cents rencontres sur une journée.'),
      ],
      tags: ['Rugby à 5', 'Résultats'],
    };
  },
};

const handi: Template = {
  id: 'handirugby',
  weight: 1,
  make({ rng }) {
    const town = rng.pick(TOWNS);
    const variant = rng.int(0, 2);
    if (variant === 0) {
      const outcome = rng.pick([
        'remporte le tournoi international',
        'termine sur le podium du tournoi international',
        'se qualifie pour les demi-finales du tournoi international',
      ]);
      return {
        title: `Rugby fauteuil : l’équipe de France ${outcome} ${town.inTown}`,
        categoryId: CAT.HANDI,
        label: null,
        desk: 'web',
        filler: 'handi',
        lead: `L’équipe de France de rugby fauteuil ${outcome} ${town.inTown}, face à plusieurs nations européennes de premier plan.`,
        body: [p('Cette compétition constituait une étape importante dans la préparation des prochaines échéances internationales.')],
        tags: ['Rugby fauteuil', 'Handirugby', 'Résultats'],
      };
    }
    if (variant === 1) {
      return {
        title: `Rugby adapté : le championnat de France réunit ${rng.int(150, 320)} joueurs ${town.inTown}`,
        categoryId: CAT.HANDI,
        label: null,
        desk: 'web',
        filler: 'handi',
        lead: `Le championnat de France de rugby adapté s’est déroulé ${town.inTown}, en partenariat avec la Fédération française du sport adapté.`,
        body: [
          p(
            'Les équipes engagées ont disputé les rencontres dans une ambiance festive, encouragées par les familles et les bénévoles des clubs.',
          ),
        ],
        tags: ['Handirugby', 'Bénévolat'],
      };
    }
    return {
      title: `Handirugby : ${rng.int(40, 90)} clubs proposent désormais une section dédiée`,
      categoryId: CAT.HANDI,
      label: null,
      desk: 'institution',
      filler: 'handi',
      lead: 'Le nombre de clubs proposant une section de handirugby continue de progresser, grâce à l’accompagnement des ligues et au plan d’équipement de la Fédération.',
      body: [
        ul([
          'Un fauteuil de rugby prêté pour chaque nouvelle section',
          'Une formation spécifique pour les éducateurs',
          'Un référent handirugby dans chaque ligue régionale',
        ]),
      ],
      tags: ['Handirugby', 'Rugby fauteuil'],
    };
  },
};

// ——— Communiqués de presse ———

const pressReleases: Template = {
  id: 'communiques',
  weight: 3.5,
  make({ rng, at, env }) {
    const variant = rng.int(0, 4);
    if (variant === 0) {
      const opp = rng.pick(rng.chance(0.5) ? SIX_NATIONS_OPPONENTS : AUTUMN_OPPONENTS);
      const venue = rng.pick(HOME_VENUES);
      const deadline = dayAt(at, rng.int(6, 20), 12, 0);
      const doc = env.documents.get('reglement-accreditations');
      return {
        title: `Accréditations presse : ouverture des demandes pour France – ${opp.name}`,
        categoryId: CAT.COMMUNIQUES,
        label: LABELS.communique,
        desk: 'institution',
        filler: 'presse',
        document: 'reglement-accreditations',
        lead: `Les demandes d’accréditation pour la rencontre entre le XV de France et ${opp.the}, ${atVenue(venue)} (${venue.city}), sont ouvertes jusqu’au ${frWeekdayDayMonth(deadline)} à 12h00.`,
        body: [
          h('Pièces à fournir'),
          ul([
            'Une copie de la carte de presse en cours de validité',
            'Une lettre de mission de la rédaction',
            'Pour les photographes : la liste du matériel utilisé',
          ]),
          button('/accreditations', 'Demander une accréditation'),
          ...(doc ? [file(doc)] : []),
        ],
        tags: ['Accréditation', ...(venue === VENUES.stadeDeFrance ? ['Stade de France' as const] : [])],
      };
    }
    if (variant === 1) {
      const [coach, team] = rng.pick([
        [XV_COACH, 'sélectionneur du XV de France'],
        [WOMEN_COACH, 'co-sélectionneuse de l’équipe de France féminine'],
        [SEVENS_COACH, 'entraîneur de France 7'],
      ] as const);
      const when = nextWeekday(at, rng.int(1, 4), rng.pick([11, 12, 14]), rng.pick([0, 30]));
      return {
        title: `Conférence de presse de ${coach} ${frWeekdayDayMonth(when)} à Marcoussis`,
        categoryId: CAT.COMMUNIQUES,
        label: LABELS.communique,
        desk: 'institution',
        filler: 'presse',
        lead: `${coach}, ${team}, tiendra une conférence de presse ${frWeekdayDayMonth(when)} à ${frTime(when)} au Centre national du rugby de Marcoussis.`,
        body: [
          h('Informations pratiques'),
          ul([
            `Accueil des médias à partir de ${frTime(when - 30 * 60_000)}`,
            'Adresse : Centre national du rugby, 3 rue Jean de Montaigu, 91460 Marcoussis',
            'Retransmission en direct sur les réseaux sociaux de la FFR',
          ]),
        ],
        tags: ['Conférence de presse', 'Marcoussis', ...tagsAmong([coach])],
      };
    }
    if (variant === 2) {
      const team = rng.pick(['du XV de France', 'de l’équipe de France féminine', 'de France 7', 'de l’équipe de France U20']);
      const day = nextWeekday(at, rng.int(1, 4), 10, 0);
      return {
        title: `Journée médias ${team} le ${frWeekdayDayMonth(day)}`,
        categoryId: CAT.COMMUNIQUES,
        label: LABELS.communique,
        desk: 'institution',
        filler: 'presse',
        lead: `Le service de presse organise une journée médias ${team} le ${frWeekdayDayMonth(day)} au Centre national du rugby de Marcoussis.`,
        body: [
          table(
            'Programme de la journée',
            ['Horaire', 'Séquence'],
            [
              ['10h00', 'Accueil des médias'],
              ['10h30', 'Entraînement ouvert (20 premières minutes)'],
              ['11h30', 'Interviews individuelles'],
              ['12h30', 'Conférence de presse du staff'],
            ],
          ),
          p('Inscription obligatoire auprès du service de presse avant la veille, 12h00.'),
        ],
        tags: ['Accréditation', 'Marcoussis', 'Conférence de presse'],
      };
    }
    if (variant === 3) {
      const doc = env.documents.get('guide-medias');
      const { year, month } = toParis(at);
      return {
        title: `Tournoi des Six Nations ${month >= 7 ? year + 1 : year} : le dispositif médias`,
        categoryId: CAT.COMMUNIQUES,
        label: LABELS.communique,
        desk: 'institution',
        filler: 'presse',
        document: 'guide-medias',
        lead: 'Accréditations, conférences de presse, zone mixte et accès photographes : le service de presse détaille le dispositif mis en place pour les rencontres à domicile du XV de France.',
        body: [
          ul([
            'Ouverture des demandes d’accréditation un mois avant chaque rencontre',
            'Conférence de presse d’avant-match le jeudi à Marcoussis',
            'Zone mixte ouverte dès la fin de la rencontre',
          ]),
          ...(doc ? [file(doc)] : []),
        ],
        tags: ['Accréditation', 'Six Nations', 'Stade de France'],
      };
    }
    const [subject, docKind] = rng.pick([
      ['calendrier international de la saison', 'calendrier'],
      ['dossier de presse du XV de France', 'dossier-xv'],
      ['dossier de presse de l’équipe de France féminine', 'dossier-feminine'],
    ] as const);
    const doc = env.documents.get(docKind);
    return {
      title: `Communiqué de la Fédération : ${subject}`,
      categoryId: CAT.COMMUNIQUES,
      label: LABELS.communique,
      desk: 'institution',
      filler: 'presse',
      document: docKind,
      lead: `Le service de presse de la Fédération française de rugby met à la disposition des médias le ${subject}, à télécharger ci-dessous.`,
      body: doc ? [file(doc)] : [],
      tags: ['Accréditation', 'Conférence de presse'],
    };
  },
};

// ——— Partenaires ———

const partners: Template = {
  id: 'partenaires',
  weight: 1.2,
  make({ rng, at }) {
    const partner = rng.pick(PARTNERS);
    const { year } = toParis(at);
    const variant = rng.int(0, 2);
    const intro = `${ucfirst(partner.sector)} ${partner.name}`;
    const title =
      variant === 0
        ? `${partner.name} devient partenaire officiel de la Fédération française de rugby`
        : variant === 1
          ? `${partner.name} prolonge son partenariat avec la FFR jusqu’en ${year + 4}`
          : `${partner.name} s’engage aux côtés du rugby amateur`;
    const lead =
      variant === 0
        ? `${intro} devient partenaire officiel de la Fédération française de rugby et accompagnera ${partner.scope}.`
        : variant === 1
          ? `${intro} et la Fédération française de rugby ont prolongé leur partenariat jusqu’en ${year + 4}. Il porte sur ${partner.scope}.`
          : `${intro} lance avec la Fédération française de rugby un programme de soutien aux clubs amateurs, doté d’équipements et de formations.`;
    return {
      title,
      categoryId: CAT.PARTENAIRES,
      label: LABELS.communique,
      desk: 'institution',
      filler: 'partenaires',
      lead,
      body: [
        quote(
          `Nous sommes fiers d’accompagner le rugby français, ses équipes de France et ses clubs. Nous partageons les mêmes valeurs d’engagement et de solidarité.`,
          `La direction de ${partner.name}`,
        ),
        button(partner.link, `Découvrir ${partner.name}`),
      ],
      tags: ['Partenariat', ...(variant === 2 ? ['Bénévolat' as const] : [])],
    };
  },
};

export const INSTITUTION_TEMPLATES: readonly Template[] = [
  top14,
  proD2,
  federalCompetitions,
  refereeing,
  federation,
  amateur,
  formation,
  health,
  handi,
  pressReleases,
  partners,
];
