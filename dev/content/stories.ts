// The stories of « Recherches du moment » (SPEC §2, §7): a few full-screen slides each, loaded one
// by one by id (GET /ffr/v1/stories/{id}). The settings list them (`stories`) and name the ones to
// feature (`stories_top`).

import type { WpArticle, WpStory } from './types.js';
import { CAT } from './categories.js';
import { DAY, formatWp } from './dates.js';
import type { IllustrationLibrary, Theme } from './images.js';
import { typo } from './text.js';

type StoryDef = { id: string; title: string; slug: string; theme: Theme; category: number; slides: readonly string[]; age: number };

const STORIES: readonly StoryDef[] = [
  {
    id: 'st7a3f',
    title: 'Les coulisses du XV de France',
    slug: 'coulisses-xv-de-france',
    theme: 'xv',
    category: CAT.XV,
    age: 2,
    slides: [
      'Lundi, 9h00 : les Bleus retrouvent le Centre national du rugby de Marcoussis pour une nouvelle semaine de préparation.',
      'Séance de touche sous la pluie : les sauteurs répètent les lancements jusqu’à la perfection.',
      'Vidéo, récupération, soins : la journée ne s’arrête pas à la sortie du terrain.',
      'Samedi soir, le vestiaire se prépare avant d’entrer au Stade de France.',
      'Retrouvez toute l’actualité du XV de France dans la salle de presse.',
    ],
  },
  {
    id: 'st4c91',
    title: 'Une journée avec France 7',
    slug: 'journee-france-7',
    theme: 'seven',
    category: CAT.SEPT,
    age: 5,
    slides: [
      'Réveil à 6h30 à l’hôtel de l’équipe : le premier match du tournoi se joue à 10h12.',
      'Sept minutes par mi-temps, trois matchs par jour : la récupération est la clé.',
      'Entre deux rencontres, le staff analyse les images de l’adversaire suivant.',
      'Dernier regroupement avant les phases finales du circuit mondial.',
    ],
  },
  {
    id: 'st8e20',
    title: 'Les Bleues à l’entraînement',
    slug: 'bleues-entrainement',
    theme: 'feminine',
    category: CAT.FEMININE,
    age: 9,
    slides: [
      'Échauffement collectif sur le terrain d’honneur de Marcoussis.',
      'Mêlée contre la machine : les avants travaillent la poussée coordonnée.',
      'Jeu au pied, relances, ateliers de vitesse : les trois-quarts enchaînent les passages.',
      'Fin de séance : cercle de l’équipe et derniers mots du staff.',
    ],
  },
  {
    id: 'st1b57',
    title: 'Dans la peau d’un arbitre',
    slug: 'peau-arbitre',
    theme: 'arbitrage',
    category: CAT.ARBITRAGE,
    age: 14,
    slides: [
      'Avant le match, l’arbitre revoit les consignes avec ses assistants et l’arbitre vidéo.',
      'Oreillette, micro, chronomètre : le matériel est vérifié une dernière fois.',
      'Sur le terrain, près de huit kilomètres parcourus en quatre-vingts minutes.',
      'Après la rencontre, l’analyse vidéo permet de progresser match après match.',
      'Vous voulez arbitrer ? La Fédération recrute et forme ses arbitres dans chaque ligue.',
    ],
  },
  {
    id: 'st6d08',
    title: 'Marcoussis vu de l’intérieur',
    slug: 'marcoussis-interieur',
    theme: 'federation',
    category: CAT.FEDERATION,
    age: 21,
    slides: [
      'Le Centre national du rugby accueille les équipes de France depuis 2002.',
      'Terrains d’entraînement, salle de musculation, centre médical : tout est réuni sur un même site.',
      'Les stagiaires des pôles France y préparent leur avenir de joueurs et de joueuses.',
      'La salle de presse reçoit les médias les jours d’annonce de liste et de conférence de presse.',
    ],
  },
  {
    id: 'st2f64',
    title: 'Le rugby santé en trois minutes',
    slug: 'rugby-sante-trois-minutes',
    theme: 'sante',
    category: CAT.SANTE,
    age: 30,
    slides: [
      'Le rugby à 5 se joue sans plaquage ni mêlée, à tout âge.',
      'Un toucher à deux mains remplace le plaquage : le jeu reste rapide et sûr.',
      'Plus de 400 clubs proposent aujourd’hui une section de rugby santé.',
    ],
  },
];

/** The settings' story list entries. */
export type StoryListEntry = { id: string; title: string; image: string; url: string };

export function buildStories(now: number, illustrations: IllustrationLibrary, published: readonly WpArticle[]): WpStory[] {
  return STORIES.map((def) => {
    const latest = published.find((a) => a.categories.includes(def.category));
    const themed = illustrations.ofTheme(def.theme);
    const slides = def.slides.map((text, i) => ({
      image: (themed[i % themed.length] ?? illustrations.first(def.theme)).src1280,
      texte: typo(text),
      // The last slide leads to the latest article of the story's category; the others link nowhere.
      lien: i === def.slides.length - 1 && latest ? latest.link : '',
    }));
    return {
      id: def.id,
      titre: typo(def.title),
      slug: def.slug,
      date: formatWp(now - def.age * DAY),
      couverture: illustrations.first(def.theme).src640,
      lien: `https://www.ffr.fr/stories/${def.slug}`,
      slides,
    };
  });
}

export function storyListEntries(stories: readonly WpStory[]): StoryListEntry[] {
  return stories.map((s) => ({ id: s.id, title: s.titre, image: s.couverture, url: s.lien }));
}
