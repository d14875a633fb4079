import type { Topic } from '../../schemas/alerts';

// The topics offered in the press space, and those a post falls under (the shapes: schemas/alerts.ts).

export type Choice = { topic: Topic; label: string };
export type Catalogue = { teams: Choice[]; categories: Choice[] };

const key = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The teams (the team pages, matched to the top-level category of the same name) and the other
 * top-level categories, in the site's order.
 */
export function catalogue(categories: { id: number; name: string; parent: number }[], teamPages: { title: string }[]): Catalogue {
  const top = categories.filter((c) => c.parent === 0);
  const teamNames = new Set(teamPages.map((p) => key(p.title)));
  const choice = (c: { id: number; name: string }): Choice => ({ topic: `category:${c.id}`, label: c.name });
  return {
    teams: top.filter((c) => teamNames.has(key(c.name))).map(choice),
    categories: top.filter((c) => !teamNames.has(key(c.name))).map(choice),
  };
}

export const ALL_LABEL = 'toute l’actualité';
export const ACCREDITATIONS_LABEL = 'les ouvertures d’accréditation';

/** The topics a post falls under, given its categories (every ancestor included, as WordPress lists them). */
export const topicsOfPost = (categoryIds: number[]): Topic[] =>
  [...new Set(categoryIds)].map((id) => `category:${id}` as Topic).concat('all');
