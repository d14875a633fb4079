import type { PlayerRecord, WpArticle, WpCategory, WpPage, SearchRecord } from '../content/types';

// What the federation's Algolia indexer writes for each post and category.

export function articleRecord(a: WpArticle, categories: WpCategory[]): SearchRecord {
  const names = a.categories.map((id) => categories.find((c) => c.id === id)?.name).filter((n): n is string => !!n);
  return {
    objectID: `post-${a.id}`,
    type: 'post',
    title: a.title,
    url_relative: a.link,
    post_tag: a.tags.filter((t) => t.source === 'tag').map((t) => t.name),
    categories: names,
    image_thumbnail: a.illustration,
    date: a.date,
    date_timestamp: Math.floor(Date.parse(`${a.date}Z`) / 1000),
    content: a.excerpt,
    distinct_key: `post-${a.id}`,
  };
}

export function categoryRecord(c: WpCategory, categories: WpCategory[]): SearchRecord {
  const parent = categories.find((p) => p.id === c.parent);
  return {
    objectID: `category-${c.id}`,
    type: 'category',
    title: c.name,
    url_relative: parent ? `/categories/${parent.slug}/${c.slug}` : `/categories/${c.slug}`,
    post_tag: [],
    categories: parent ? [parent.name, c.name] : [c.name],
    image_thumbnail: c.backgroundImage,
    date: '',
    date_timestamp: 0,
    content: c.description,
    distinct_key: `category-${c.id}`,
  };
}

export function newsroomRecords(articles: WpArticle[], categories: WpCategory[]): SearchRecord[] {
  return [
    ...articles.filter((a) => a.status === 'publish').map((a) => articleRecord(a, categories)),
    ...categories.map((c) => categoryRecord(c, categories)),
  ];
}

/** The players index: one record per player of every team page (template equipe / equipe-7). */
export function playerRecords(pages: WpPage[]): PlayerRecord[] {
  return pages.flatMap((page) =>
    page.effectif.map(
      (pl): PlayerRecord => ({
        objectID: `joueur-${pl.id}`,
        type: 'joueur',
        nom: pl.nom,
        prenom: pl.prenom,
        name: `${pl.prenom} ${pl.nom}`,
        poste: pl.poste,
        poste_libelle: pl.poste_libelle,
        equipe: page.title,
        equipe_url: page.link,
        genre: page.genre,
        classe_age: page.classe_age,
        club: pl.club,
        selections: pl.selections,
        image_thumbnail: pl.photo,
        url_relative: `${page.link}#joueur-${pl.slug}`,
      }),
    ),
  );
}
