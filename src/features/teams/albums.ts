import type { Album, AlbumFilter, Page } from '../../schemas/page';

// The photo albums of a team page, by season, filtered by the page's own album filters
// (albums_filtres). The filter is plain links (?saison=…&competition=…): it works without
// JavaScript, each filtered view is an address that can be shared, and the HTML cache keys on it.

/** The filters the site knows how to apply: a season group, or an album's competition (the query parameters a team page reads). */
export const ALBUM_FILTERS = ['saison', 'competition'] as const;
const APPLICABLE = new Set<string>(ALBUM_FILTERS);

export type ActiveFilters = Record<string, string>;

/** The filters offered (known keys, with options), and the value of each taken from the query when it is one of its options. */
export function readFilters(
  filters: readonly AlbumFilter[],
  query: (key: string) => string | undefined,
): { offered: AlbumFilter[]; active: ActiveFilters } {
  const offered = filters.filter((f) => APPLICABLE.has(f.cle) && f.options.length > 0);
  const active: ActiveFilters = {};
  for (const f of offered) {
    const wanted = query(f.cle);
    if (wanted && f.options.some((o) => o.valeur === wanted)) active[f.cle] = wanted;
  }
  return { offered, active };
}

export type SeasonAlbums = { saison: string; albums: Album[] };

/** The seasons and albums left by the active filters; seasons left empty are dropped. */
export function filterAlbums(seasons: Page['albums_saisons'], active: ActiveFilters): SeasonAlbums[] {
  return seasons
    .filter((s) => !active.saison || s.saison === active.saison)
    .map((s) => ({ saison: s.saison, albums: s.albums.filter((a) => !active.competition || a.competition === active.competition) }))
    .filter((s) => s.albums.length > 0);
}

/** The query string of a filter link: the other active filters kept, this one set (or removed). */
export function filterHref(path: string, active: ActiveFilters, key: string, value: string | null): string {
  const next = new URLSearchParams(Object.entries(active).filter(([k]) => k !== key));
  if (value) next.set(key, value);
  next.sort();
  const search = next.toString();
  return `${path}${search ? `?${search}` : ''}#albums`;
}
