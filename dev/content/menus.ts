// Navigation menus (hierarchical mode of /nav-menus). The top bar's items are deliberately not
// stored in `order` order: the front end must sort them.

import type { WpMenuItem, WpMenus, WpPage } from './types.js';
import type { CategoryTree } from './categories.js';
import { PAGE_IDS } from './pages.js';
import { TEAM_PAGE_IDS } from './teams.js';

type Kind = WpMenuItem['type'];

const TYPE_NAMES: Record<Kind, [string, string]> = {
  post_type: ['Page', 'page'],
  taxonomy: ['Catégorie', 'category'],
  custom: ['Lien personnalisé', 'custom'],
  external: ['Lien externe', 'external'],
  clickable: ['Menu déroulant', 'clickable'],
};

class MenuBuilder {
  private nextId = 5001;

  item(type: Kind, label: string, order: number, fields: Partial<WpMenuItem> = {}, children: WpMenuItem[] = []): WpMenuItem {
    const id = this.nextId++;
    const [typeName, typeSlug] = TYPE_NAMES[type];
    const item: WpMenuItem = {
      id,
      parent: 0,
      order,
      type,
      type_name: typeName,
      type_slug: typeSlug,
      object_id: id,
      object_slug: '',
      slug_complet: '',
      label,
      url: '',
      title: label,
      target: '',
      description: '',
      items: children,
      classes: [],
      ...fields,
    };
    for (const child of children) child.parent = id;
    return item;
  }

  external(label: string, order: number, url: string): WpMenuItem {
    return this.item('external', label, order, { url, target: '_blank' });
  }

  /** A page item: its url and slug_complet follow the page's hierarchical permalink (WpPage.link). */
  page(label: string, order: number, page: WpPage): WpMenuItem {
    const path = page.link || `/${page.slug}`;
    return this.item('post_type', label, order, { object_id: page.id, object_slug: page.slug, slug_complet: path.slice(1), url: path });
  }

  category(categories: CategoryTree, id: number, order: number, children: WpMenuItem[] = []): WpMenuItem {
    const category = categories.get(id);
    const top = categories.top(id);
    const path = category.parent === 0 ? `categories/${category.slug}` : `categories/${top.slug}/${category.slug}`;
    return this.item(
      'taxonomy',
      category.name,
      order,
      { object_id: id, object_slug: category.slug, slug_complet: path, url: `/${path}` },
      children,
    );
  }
}

export function buildMenus(categories: CategoryTree, pages: WpPage[]): WpMenus {
  const m = new MenuBuilder();
  const pageById = (id: number): WpPage => {
    const found = pages.find((pg) => pg.id === id);
    if (!found) throw new Error(`Unknown page ${id}`);
    return found;
  };

  const topNav = [
    // The national teams' pages (teams.ts), at /equipes-de-france/{slug}.
    m.item('clickable', 'Équipes de France', 3, {}, [
      m.page('France 7', 3, pageById(TEAM_PAGE_IDS.seven)),
      m.page('XV de France', 1, pageById(TEAM_PAGE_IDS.xv)),
      m.page('France U20', 4, pageById(TEAM_PAGE_IDS.u20)),
      m.page('France féminine', 2, pageById(TEAM_PAGE_IDS.feminine)),
    ]),
    m.item('clickable', 'La FFR', 1, {}, [
      m.external('Billetterie', 2, 'https://billetterie.ffr.fr'),
      m.external('Le site de la FFR', 1, 'https://www.ffr.fr'),
      m.external('Boutique', 3, 'https://boutique.ffr.fr'),
    ]),
    m.page('Contacts presse', 4, pageById(PAGE_IDS.contact)),
    m.item('clickable', 'Compétitions', 2, {}, [
      m.external('Pro D2', 2, 'https://www.lnr.fr/rugby-pro-d2'),
      m.external('Top 14', 1, 'https://www.lnr.fr/rugby-top-14'),
      m.external('Compétitions fédérales', 3, 'https://competitions.ffr.fr'),
    ]),
  ];

  const tops = categories.topLevel().sort((a, b) => a.menuOrder - b.menuOrder);
  const categoryItems = tops.map((top, i) =>
    m.category(
      categories,
      top.id,
      i + 1,
      categories
        .children(top.id)
        .sort((a, b) => a.menuOrder - b.menuOrder)
        .map((c) => m.category(categories, c.id, c.menuOrder)),
    ),
  );
  categoryItems.push(m.external('Boutique officielle', tops.length + 1, 'https://boutique.ffr.fr'));
  // A call-to-action button configured in the WordPress menu: the front end must skip it.
  categoryItems.push(m.item('custom', 'S’accréditer', tops.length + 2, { url: '/accreditations', classes: ['bouton'] }));

  const footer = [
    m.page('Contacts presse', 1, pageById(PAGE_IDS.contact)),
    m.page('Accréditations', 2, pageById(PAGE_IDS.accreditations)),
    m.page('Mentions légales', 3, pageById(PAGE_IDS.mentions)),
    m.page('Politique de confidentialité', 4, pageById(PAGE_IDS.confidentialite)),
    m.page('Conditions générales d’utilisation', 5, pageById(PAGE_IDS.cgu)),
    m.external('ffr.fr', 6, 'https://www.ffr.fr'),
  ];

  return { 'top-nav': topNav, categories: categoryItems, footer };
}
