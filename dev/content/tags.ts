// The tag pool (WordPress post_tag terms) and the pseudo-tags that stand for categories.

import type { WpTag } from './types.js';
import type { CategoryTree } from './categories.js';
import type { Theme } from './images.js';
import type { Random } from './random.js';
import { slugify } from './text.js';

const TAG_NAMES = [
  'Six Nations',
  'Tests d’automne',
  'Coupe du monde 2027',
  'Jeux olympiques',
  'HSBC SVNS',
  'WXV',
  'Antoine Dupont',
  'Fabien Galthié',
  'Thomas Ramos',
  'Grégory Alldritt',
  'Damian Penaud',
  'Louis Bielle-Biarrey',
  'Romain Ntamack',
  'Gaël Fickou',
  'Charles Ollivon',
  'Pauline Bourdon Sansus',
  'Gabrielle Vernier',
  'Manae Feleu',
  'Stade de France',
  'Marcoussis',
  'Arbitrage',
  'Composition',
  'Blessure',
  'Conférence de presse',
  'Accréditation',
  'Billetterie',
  'Top 14',
  'Pro D2',
  'Élite 1',
  'Handirugby',
  'Rugby fauteuil',
  'Rugby à 5',
  'École de rugby',
  'Bénévolat',
  'Assemblée générale',
  'Florian Grill',
  'Formation',
  'Partenariat',
  'Bleuets',
  'Vidéo',
  'Résultats',
] as const;

export type TagName = (typeof TAG_NAMES)[number];

/** Tags that fit each theme, used to complete an article's tags after the template's own. */
const THEME_TAGS: Record<Theme, readonly TagName[]> = {
  xv: [
    'Six Nations',
    'Fabien Galthié',
    'Antoine Dupont',
    'Thomas Ramos',
    'Grégory Alldritt',
    'Damian Penaud',
    'Louis Bielle-Biarrey',
    'Romain Ntamack',
    'Gaël Fickou',
    'Charles Ollivon',
    'Stade de France',
    'Marcoussis',
  ],
  feminine: ['Pauline Bourdon Sansus', 'Gabrielle Vernier', 'Manae Feleu', 'Six Nations', 'Marcoussis'],
  seven: ['HSBC SVNS', 'Jeux olympiques', 'Marcoussis'],
  u20: ['Bleuets', 'Formation', 'Marcoussis'],
  competitions: ['Top 14', 'Pro D2', 'Élite 1', 'Résultats', 'Arbitrage'],
  arbitrage: ['Arbitrage', 'Formation', 'Six Nations', 'Top 14'],
  federation: ['Assemblée générale', 'Florian Grill', 'Marcoussis', 'Bénévolat'],
  amateur: ['Bénévolat', 'École de rugby', 'Formation'],
  formation: ['Formation', 'École de rugby', 'Marcoussis', 'Bénévolat'],
  sante: ['Rugby à 5', 'Bénévolat', 'Formation', 'École de rugby'],
  handi: ['Handirugby', 'Rugby fauteuil', 'Bénévolat'],
  presse: ['Conférence de presse', 'Accréditation', 'Marcoussis', 'Stade de France'],
  partenaires: ['Partenariat', 'Stade de France', 'Bénévolat'],
};

export class TagLibrary {
  readonly pool: WpTag[];
  private readonly byName = new Map<string, WpTag>();
  private readonly categoryTags = new Map<number, WpTag>();

  constructor(categories: CategoryTree) {
    this.pool = TAG_NAMES.map((name, i) => {
      const tag: WpTag = {
        id: 300 + i,
        name,
        slug: slugify(name),
        link: `/recherche?post_tags=${encodeURIComponent(name)}`,
        source: 'tag',
      };
      this.byName.set(name, tag);
      return tag;
    });
    for (const category of categories.list) {
      this.categoryTags.set(category.id, {
        id: category.id,
        name: category.name,
        slug: category.slug,
        link: `/recherche?categories=${encodeURIComponent(category.name)}`,
        source: 'categorie',
      });
    }
  }

  get(name: TagName): WpTag {
    return this.byName.get(name) as WpTag;
  }

  ofCategory(id: number): WpTag {
    const tag = this.categoryTags.get(id);
    if (!tag) throw new Error(`Unknown category ${id}`);
    return tag;
  }

  /**
   * The category pseudo-tag, then between 2 and 6 pool tags: the template's own first,
   * completed with tags that fit the theme.
   */
  forArticle(rng: Random, categoryId: number, theme: Theme, own: readonly TagName[]): WpTag[] {
    const wanted = rng.int(2, 6);
    const names: TagName[] = [];
    for (const name of own) if (!names.includes(name) && names.length < wanted) names.push(name);
    for (const name of rng.shuffle(THEME_TAGS[theme])) if (!names.includes(name) && names.length < wanted) names.push(name);
    return [this.ofCategory(categoryId), ...names.map((n) => this.get(n))];
  }
}

const TAG_SET: ReadonlySet<string> = new Set(TAG_NAMES);

export function isTagName(name: string): name is TagName {
  return TAG_SET.has(name);
}

/** The names among `names` that are tags of the pool (players, coaches…). */
export function tagsAmong(names: readonly string[]): TagName[] {
  return names.filter(isTagName);
}
