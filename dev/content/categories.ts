// The category tree. Ids are stable: other fixtures and tests refer to them through CAT.

import type { WpCategory } from './types.js';
import type { IllustrationLibrary, Theme } from './images.js';
import { slugify } from './text.js';

export const CAT = {
  XV: 10,
  XV_SIX_NATIONS: 11,
  XV_AUTOMNE: 12,
  XV_COUPE_DU_MONDE: 13,
  FEMININE: 20,
  FEMININE_SIX_NATIONS: 21,
  FEMININE_WXV: 22,
  SEPT: 30,
  SEPT_SVNS: 31,
  SEPT_JO: 32,
  U20: 40,
  U20_SIX_NATIONS: 41,
  U20_MONDIAL: 42,
  COMPETITIONS: 50,
  TOP14: 51,
  PROD2: 52,
  NATIONALE: 53,
  NATIONALE2: 54,
  FEDERALE1: 55,
  ELITE1: 56,
  ELITE2: 57,
  ESPOIRS: 58,
  ARBITRAGE: 60,
  FEDERATION: 70,
  AG: 71,
  COMITE: 72,
  AMATEUR: 80,
  FORMATION: 90,
  SANTE: 100,
  HANDI: 110,
  COMMUNIQUES: 120,
  PARTENAIRES: 130,
} as const;

type CategoryDef = { id: number; name: string; parent: number; theme: Theme; description: string };

const def = (id: number, name: string, parent: number, theme: Theme, description: string): CategoryDef => ({
  id,
  name,
  parent,
  theme,
  description,
});

const DEFS: readonly CategoryDef[] = [
  def(
    CAT.XV,
    'XV de France',
    0,
    'xv',
    'L’actualité du XV de France : compositions, résultats, conférences de presse et coulisses des Bleus.',
  ),
  def(
    CAT.XV_SIX_NATIONS,
    'Tournoi des Six Nations',
    CAT.XV,
    'xv',
    'Le XV de France dans le Tournoi des Six Nations : programme, compositions et résultats.',
  ),
  def(CAT.XV_AUTOMNE, 'Tests d’automne', CAT.XV, 'xv', 'Les tests de novembre du XV de France face aux nations de l’hémisphère Sud.'),
  def(CAT.XV_COUPE_DU_MONDE, 'Coupe du monde', CAT.XV, 'xv', 'La préparation et le parcours du XV de France en Coupe du monde.'),
  def(CAT.FEMININE, 'France féminine', 0, 'feminine', 'Toute l’actualité de l’équipe de France féminine et des Bleues.'),
  def(
    CAT.FEMININE_SIX_NATIONS,
    'Tournoi des Six Nations féminin',
    CAT.FEMININE,
    'feminine',
    'Les Bleues dans le Tournoi des Six Nations féminin.',
  ),
  def(CAT.FEMININE_WXV, 'WXV', CAT.FEMININE, 'feminine', 'L’équipe de France féminine dans la compétition internationale WXV.'),
  def(CAT.SEPT, 'France 7', 0, 'seven', 'Les équipes de France de rugby à 7, sur le circuit mondial et aux Jeux olympiques.'),
  def(CAT.SEPT_SVNS, 'HSBC SVNS', CAT.SEPT, 'seven', 'France 7 sur les étapes du circuit mondial HSBC SVNS.'),
  def(CAT.SEPT_JO, 'Jeux olympiques', CAT.SEPT, 'seven', 'Le rugby à 7 aux Jeux olympiques.'),
  def(CAT.U20, 'France U20', 0, 'u20', 'L’équipe de France des moins de 20 ans, les Bleuets.'),
  def(CAT.U20_SIX_NATIONS, 'Six Nations U20', CAT.U20, 'u20', 'Les Bleuets dans le Tournoi des Six Nations U20.'),
  def(CAT.U20_MONDIAL, 'Championnat du monde U20', CAT.U20, 'u20', 'Les Bleuets au Championnat du monde U20.'),
  def(CAT.COMPETITIONS, 'Compétitions', 0, 'competitions', 'Les championnats professionnels, fédéraux et féminins.'),
  def(CAT.TOP14, 'Top 14', CAT.COMPETITIONS, 'competitions', 'Le championnat de France de première division.'),
  def(CAT.PROD2, 'Pro D2', CAT.COMPETITIONS, 'competitions', 'Le championnat de France de deuxième division.'),
  def(CAT.NATIONALE, 'Nationale', CAT.COMPETITIONS, 'competitions', 'Le championnat de troisième division organisé par la Fédération.'),
  def(CAT.NATIONALE2, 'Nationale 2', CAT.COMPETITIONS, 'competitions', 'Le championnat de Nationale 2.'),
  def(CAT.FEDERALE1, 'Fédérale 1', CAT.COMPETITIONS, 'competitions', 'Le championnat de Fédérale 1.'),
  def(CAT.ELITE1, 'Élite 1 féminine', CAT.COMPETITIONS, 'competitions', 'Le championnat de France féminin de première division.'),
  def(CAT.ELITE2, 'Élite 2 féminine', CAT.COMPETITIONS, 'competitions', 'Le championnat de France féminin de deuxième division.'),
  def(CAT.ESPOIRS, 'Championnat Espoirs', CAT.COMPETITIONS, 'competitions', 'Le championnat des équipes Espoirs des clubs professionnels.'),
  def(CAT.ARBITRAGE, 'Arbitrage', 0, 'arbitrage', 'Désignations, formation et recrutement des arbitres.'),
  def(CAT.FEDERATION, 'Fédération', 0, 'federation', 'La vie institutionnelle de la Fédération française de rugby.'),
  def(CAT.AG, 'Assemblée générale', CAT.FEDERATION, 'federation', 'Les Assemblées générales de la FFR et leurs décisions.'),
  def(CAT.COMITE, 'Comité directeur', CAT.FEDERATION, 'federation', 'Les décisions du comité directeur de la FFR.'),
  def(CAT.AMATEUR, 'Rugby amateur', 0, 'amateur', 'Les clubs, les bénévoles et les compétitions fédérales.'),
  def(CAT.FORMATION, 'Formation', 0, 'formation', 'La formation des joueurs, des éducateurs et des entraîneurs.'),
  def(CAT.SANTE, 'Rugby santé', 0, 'sante', 'Le rugby à 5, le rugby santé et le sport sur ordonnance.'),
  def(CAT.HANDI, 'Handirugby', 0, 'handi', 'Le rugby fauteuil, le rugby adapté et le rugby pour tous.'),
  def(CAT.COMMUNIQUES, 'Communiqués de presse', 0, 'presse', 'Les communiqués officiels et les informations destinées aux médias.'),
  def(CAT.PARTENAIRES, 'Partenaires', 0, 'partenaires', 'Les partenaires de la Fédération et des équipes de France.'),
];

export type CategoryRef = { id: number; slug: string; name: string };

export class CategoryTree {
  readonly list: WpCategory[];
  private readonly byId = new Map<number, WpCategory>();
  private readonly themes = new Map<number, Theme>();

  constructor(illustrations: IllustrationLibrary) {
    const orderInParent = new Map<number, number>();
    this.list = DEFS.map((d) => {
      const order = (orderInParent.get(d.parent) ?? 0) + 1;
      orderInParent.set(d.parent, order);
      const category: WpCategory = {
        id: d.id,
        name: d.name,
        slug: slugify(d.name),
        parent: d.parent,
        description: d.description,
        backgroundImage: illustrations.first(d.theme, order - 1).src1280,
        menuOrder: order,
        taxoSlug: 'category',
        count: 0,
      };
      this.byId.set(d.id, category);
      this.themes.set(d.id, d.theme);
      return category;
    });
  }

  get(id: number): WpCategory {
    const category = this.byId.get(id);
    if (!category) throw new Error(`Unknown category ${id}`);
    return category;
  }

  top(id: number): WpCategory {
    const category = this.get(id);
    return category.parent === 0 ? category : this.get(category.parent);
  }

  /** The category itself and its parent, most specific first. */
  lineage(id: number): number[] {
    const category = this.get(id);
    return category.parent === 0 ? [category.id] : [category.id, category.parent];
  }

  ref(id: number): CategoryRef {
    const { slug, name } = this.get(id);
    return { id, slug, name };
  }

  theme(id: number): Theme {
    return this.themes.get(id) ?? 'presse';
  }

  topLevel(): WpCategory[] {
    return this.list.filter((c) => c.parent === 0);
  }

  children(id: number): WpCategory[] {
    return this.list.filter((c) => c.parent === id);
  }
}
