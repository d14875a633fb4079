import type { Prefs } from '../../schemas/prefs';

// The journalist's reading lists kept in the profile (SPEC §3): favourites
// (favorite_newsroom_post_ids) and visited contents (journaliste_contenus_visites). Both are lists
// of WordPress post ids, newest first. Client-safe: the islands and the press space share it.

/** How many visited contents the profile keeps: enough for "where was that article?". */
export const VISITED_KEPT = 20;

/** Post ids from whatever the profile holds: numbers or numeric strings, deduplicated, in order. */
export function postIds(raw: unknown): number[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  for (const item of raw) {
    const id = typeof item === 'number' ? item : typeof item === 'string' && /^\d{1,12}$/.test(item.trim()) ? Number(item) : NaN;
    if (Number.isSafeInteger(id) && id > 0) seen.add(id);
  }
  return [...seen];
}

export const favoriteIds = (prefs: Partial<Prefs> | null | undefined) => postIds(prefs?.favorite_newsroom_post_ids);
export const visitedIds = (prefs: Partial<Prefs> | null | undefined) => postIds(prefs?.journaliste_contenus_visites);

/** The favourites after adding (first) or removing one post. */
export function withFavorite(ids: number[], id: number, on: boolean): number[] {
  const rest = ids.filter((x) => x !== id);
  return on ? [id, ...rest] : rest;
}

/** The visited list after reading a post, or null when it is already the latest (nothing to save). */
export function afterVisit(ids: number[], id: number): number[] | null {
  if (ids[0] === id) return null;
  return [id, ...ids.filter((x) => x !== id)].slice(0, VISITED_KEPT);
}
