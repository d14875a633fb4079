// Home page (/ffr/v1/home): latest news, one section per main category, upcoming events.

import type { WpArticle, WpEvent, WpHome, WpHomeSection, WpPostCard } from './types.js';
import { CAT, type CategoryTree } from './categories.js';
import type { IllustrationLibrary } from './images.js';

const CATEGORY_SECTIONS = [CAT.XV, CAT.FEMININE, CAT.SEPT, CAT.U20, CAT.COMPETITIONS, CAT.COMMUNIQUES];

export type HomeInputs = {
  categories: CategoryTree;
  illustrations: IllustrationLibrary;
  published: WpArticle[];
  cards: Map<number, WpPostCard>;
  futureEvents: WpEvent[];
};

export function buildHome({ categories, illustrations, published, cards, futureEvents }: HomeInputs): WpHome {
  const card = (a: WpArticle): WpPostCard => cards.get(a.id) as WpPostCard;
  const sections: WpHomeSection[] = [
    { type: 'a_la_une', title: 'À la une', posts: published.slice(0, 5).map(card) },
    ...CATEGORY_SECTIONS.map((id): WpHomeSection => {
      const category = categories.ref(id);
      return {
        type: 'categorie',
        title: category.name,
        category,
        posts: published
          .filter((a) => a.categories.includes(id))
          .slice(0, 4)
          .map(card),
      };
    }),
    { type: 'evenements', title: 'Prochains événements', events: futureEvents.slice(0, 4) },
  ];
  return {
    title: 'Accueil',
    banner_background_image: illustrations.first('xv').src1280,
    meta: {
      title: 'FFR Presse – La salle de presse de la Fédération française de rugby',
      description: 'Communiqués, compositions, résultats, accréditations et contacts presse des équipes de France de rugby.',
    },
    content: { data: sections },
  };
}
