// The uploads folder: a fixed library of illustrations (reused across articles, so memory does
// not grow with the article count), brand assets, avatars and documents.

import type { WpImage } from './types.js';
import { Random, hashSeed } from './random.js';
import { avatarSvg, faviconSvg, illustration, logoSvg, placeholderSvg, portraitSvg, type Motif, type PaletteName } from './svg.js';

export type Theme =
  | 'xv'
  | 'feminine'
  | 'seven'
  | 'u20'
  | 'competitions'
  | 'arbitrage'
  | 'federation'
  | 'amateur'
  | 'formation'
  | 'sante'
  | 'handi'
  | 'presse'
  | 'partenaires';

export class ImageStore {
  readonly files: Record<string, string> = {};
  private readonly prefix: string;

  constructor(baseUrl: string) {
    this.prefix = `${baseUrl.replace(/\/+$/, '')}/wp-content/uploads/`;
  }

  url(path: string): string {
    return this.prefix + path;
  }

  put(path: string, content: string): string {
    this.files[path] = content;
    return this.url(path);
  }
}

export type Illustration = {
  slug: string;
  theme: Theme;
  alt: string;
  src640: string;
  src1280: string;
  srcset: string;
  large: WpImage;
};

type IllustrationDef = readonly [slug: string, folder: string, theme: Theme, motif: Motif, palette: PaletteName, alt: string];

const ILLUSTRATIONS: readonly IllustrationDef[] = [
  [
    'xv-de-france-afrique-du-sud',
    '2026/11',
    'xv',
    'stadium',
    'nuit',
    'Le Stade de France avant le test-match entre le XV de France et l’Afrique du Sud',
  ],
  ['xv-de-france-stade-de-france', '2026/02', 'xv', 'stadium', 'bleu', 'Le Stade de France illuminé un soir de Tournoi des Six Nations'],
  [
    'xv-de-france-entrainement-marcoussis',
    '2026/10',
    'xv',
    'pitch',
    'clair',
    'Séance d’entraînement du XV de France au Centre national du rugby de Marcoussis',
  ],
  ['xv-de-france-transformation', '2026/03', 'xv', 'posts', 'nuit', 'Une transformation passe entre les poteaux'],
  ['xv-de-france-ballon-du-match', '2025/11', 'xv', 'ball', 'rouge', 'Le ballon du match avant le coup d’envoi'],
  ['xv-de-france-essai', '2026/03', 'xv', 'pitch', 'nuit', 'Un essai aplati dans l’en-but adverse'],
  ['xv-de-france-tournoi', '2026/01', 'xv', 'abstract', 'bleu', 'Visuel du XV de France pour le Tournoi des Six Nations'],
  ['xv-de-france-victoire', '2025/11', 'xv', 'trophy', 'nuit', 'La joie des Bleus après la victoire'],
  ['xv-de-france-coupe-du-monde', '2025/12', 'xv', 'trophy', 'rouge', 'Le trophée de la Coupe du monde de rugby'],
  ['xv-de-france-velodrome', '2025/07', 'xv', 'stadium', 'rouge', 'Le Stade Vélodrome de Marseille un soir de test-match'],
  ['france-feminine-essai', '2026/04', 'feminine', 'pitch', 'bleu', 'Une action de l’équipe de France féminine'],
  ['france-feminine-entrainement', '2026/03', 'feminine', 'pitch', 'clair', 'Entraînement de l’équipe de France féminine à Marcoussis'],
  ['france-feminine-celebration', '2026/04', 'feminine', 'trophy', 'bleu', 'La joie des Bleues après leur victoire'],
  ['france-feminine-tribunes', '2025/09', 'feminine', 'stadium', 'nuit', 'Des tribunes pleines pour un match des Bleues'],
  ['france-feminine-ballon', '2025/10', 'feminine', 'ball', 'clair', 'Le ballon d’un match de l’équipe de France féminine'],
  ['france-7-dubai', '2025/12', 'seven', 'stadium', 'rouge', 'Le stade de Dubaï pendant l’étape du HSBC SVNS'],
  ['france-7-sprint', '2026/01', 'seven', 'ball', 'bleu', 'Une course de France 7 vers l’en-but'],
  ['france-7-podium', '2026/05', 'seven', 'trophy', 'rouge', 'France 7 sur le podium du HSBC SVNS'],
  ['france-7-jeux-olympiques', '2024/08', 'seven', 'abstract', 'rouge', 'Le rugby à 7 aux Jeux olympiques'],
  ['france-u20-bleuets', '2026/02', 'u20', 'pitch', 'bleu', 'Les Bleuets à l’échauffement avant un match du Six Nations U20'],
  ['france-u20-mondial', '2026/07', 'u20', 'trophy', 'nuit', 'Les Bleuets au Championnat du monde U20'],
  ['france-u20-penalite', '2025/03', 'u20', 'posts', 'bleu', 'Une tentative de pénalité d’un joueur de France U20'],
  ['top-14-finale', '2026/06', 'competitions', 'trophy', 'clair', 'Le bouclier de Brennus avant la finale du Top 14'],
  ['pro-d2-rencontre', '2026/04', 'competitions', 'pitch', 'rouge', 'Une rencontre de Pro D2'],
  ['elite-1-finale', '2026/05', 'competitions', 'stadium', 'bleu', 'La finale de l’Élite 1 féminine'],
  ['nationale-poteaux', '2025/10', 'competitions', 'posts', 'rouge', 'Les poteaux d’un stade de Nationale'],
  ['arbitrage-au-coeur-du-jeu', '2026/01', 'arbitrage', 'abstract', 'nuit', 'L’arbitrage au cœur du jeu'],
  ['arbitrage-terrain', '2025/09', 'arbitrage', 'pitch', 'nuit', 'Les lignes du terrain vues par l’arbitre'],
  ['assemblee-generale', '2026/06', 'federation', 'conference', 'bleu', 'L’Assemblée générale de la Fédération française de rugby'],
  ['comite-directeur', '2026/03', 'federation', 'conference', 'nuit', 'Réunion du comité directeur de la FFR'],
  ['centre-national-du-rugby', '2025/09', 'federation', 'pitch', 'bleu', 'Les terrains du Centre national du rugby à Marcoussis'],
  ['rugby-amateur-ecole-de-rugby', '2025/10', 'amateur', 'ball', 'clair', 'Les jeunes d’une école de rugby'],
  ['rugby-amateur-club', '2026/05', 'amateur', 'posts', 'clair', 'Le stade d’un club amateur un dimanche après-midi'],
  ['rugby-amateur-finales', '2026/05', 'amateur', 'trophy', 'bleu', 'Les finales des championnats de France fédéraux'],
  ['formation-educateurs', '2025/11', 'formation', 'conference', 'clair', 'Une session de formation d’éducateurs'],
  ['formation-poles-espoirs', '2026/02', 'formation', 'pitch', 'clair', 'Entraînement d’un pôle Espoirs'],
  ['rugby-sante-rugby-a-5', '2026/04', 'sante', 'ball', 'bleu', 'Une séance de rugby à 5'],
  ['rugby-sante-bien-etre', '2025/06', 'sante', 'abstract', 'clair', 'Le rugby santé, pour tous les âges'],
  ['handirugby-fauteuil', '2026/03', 'handi', 'abstract', 'bleu', 'L’équipe de France de rugby fauteuil'],
  ['handirugby-adapte', '2025/10', 'handi', 'ball', 'nuit', 'Une séance de rugby adapté'],
  ['salle-de-presse-marcoussis', '2026/01', 'presse', 'conference', 'nuit', 'La salle de presse du Centre national du rugby'],
  ['conference-de-presse', '2026/11', 'presse', 'conference', 'rouge', 'Conférence de presse avant un match du XV de France'],
  ['tribune-de-presse', '2025/11', 'presse', 'stadium', 'bleu', 'La tribune de presse du Stade de France'],
  ['partenaires-soiree', '2026/09', 'partenaires', 'abstract', 'nuit', 'Soirée des partenaires de la Fédération française de rugby'],
  ['partenaires-maillot', '2025/08', 'partenaires', 'abstract', 'rouge', 'Les couleurs du maillot des équipes de France'],
];

export class IllustrationLibrary {
  readonly all: Illustration[] = [];
  private readonly byTheme = new Map<Theme, Illustration[]>();

  constructor(store: ImageStore) {
    for (const [slug, folder, theme, motif, palette, alt] of ILLUSTRATIONS) {
      // The drawing depends only on the slug, not on the generation seed: images are shared assets.
      const render = illustration(motif, palette, new Random(hashSeed('illustration', slug)), alt);
      const src640 = store.put(`${folder}/${slug}-640.svg`, render(640, 360));
      const src1280 = store.put(`${folder}/${slug}-1280.svg`, render(1280, 720));
      const item: Illustration = {
        slug,
        theme,
        alt,
        src640,
        src1280,
        srcset: `${src640} 640w, ${src1280} 1280w`,
        large: { src: src1280, alt, width: 1280, height: 720 },
      };
      this.all.push(item);
      const list = this.byTheme.get(theme) ?? [];
      list.push(item);
      this.byTheme.set(theme, list);
    }
  }

  ofTheme(theme: Theme): readonly Illustration[] {
    return this.byTheme.get(theme) ?? this.all;
  }

  pick(rng: Random, theme: Theme): Illustration {
    return rng.pick(this.ofTheme(theme));
  }

  /** The first illustration of a theme: stable choice for categories, pages, events. */
  first(theme: Theme, index = 0): Illustration {
    const list = this.ofTheme(theme);
    return list[index % list.length] as Illustration;
  }
}

export type BrandAssets = {
  logo: string;
  logoFooter: string;
  logoTransparent: string;
  placeholder: string;
  favicons: { '16': string; '32': string; '180': string };
};

export function addBrandAssets(store: ImageStore): BrandAssets {
  return {
    logo: store.put('2023/01/logo-ffr-presse.svg', logoSvg('couleur')),
    logoFooter: store.put('2023/01/logo-ffr-presse-blanc.svg', logoSvg('blanc')),
    logoTransparent: store.put('2023/01/logo-ffr-presse-transparent.svg', logoSvg('transparent')),
    placeholder: store.put('2023/01/placeholder-ffr-presse.svg', placeholderSvg(1280, 720)),
    favicons: {
      '16': store.put('2023/01/favicon-16.svg', faviconSvg(16)),
      '32': store.put('2023/01/favicon-32.svg', faviconSvg(32)),
      '180': store.put('2023/01/apple-touch-icon-180.svg', faviconSvg(180)),
    },
  };
}

/** Avatars at the sizes WordPress's REST API lists (rest_get_avatar_sizes(), wp-includes/rest-api.php: 24, 48 and 96 pixels). */
export function addAvatar(
  store: ImageStore,
  slug: string,
  initials: string,
  colorIndex: number,
): { '24': string; '48': string; '96': string } {
  return {
    '24': store.put(`avatars/${slug}-24.svg`, avatarSvg(initials, 24, colorIndex)),
    '48': store.put(`avatars/${slug}-48.svg`, avatarSvg(initials, 48, colorIndex)),
    '96': store.put(`avatars/${slug}-96.svg`, avatarSvg(initials, 96, colorIndex)),
  };
}

/** A player's official portrait (400×500), under the team's folder. */
export function addPortrait(store: ImageStore, team: string, slug: string, name: string, initials: string, colorIndex: number): string {
  return store.put(`joueurs/${team}/${slug}-400.svg`, portraitSvg(name, initials, 400, colorIndex));
}
