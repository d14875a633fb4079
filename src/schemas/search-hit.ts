import * as z from 'zod';
import { list, num, text } from './mapping';

const highlighted = z.object({ value: z.string() }).catch({ value: '' });
/** A highlighted array (post_tag, categories): one value per element; anything else, none. */
const highlightedList = list(z.object({ value: z.string() })).catch([]);

/**
 * `_rankingInfo`, sent when the query asks getRankingInfo: the typos Algolia corrected to find the
 * hit (Hit.yml#rankingInfo in algolia/api-clients-automation). null when absent or unreadable: the
 * count is then unknown, never taken for 0 or 1.
 */
const rankingInfo = z.object({ nbTypos: z.number().int().nonnegative() }).loose().nullable().catch(null);

/** SPEC §3 Search hit, with the highlighted title Algolia adds. */
export const SearchHitSchema = z.object({
  objectID: z.string().min(1),
  type: z.enum(['post', 'category']).catch('post'),
  title: z.string(),
  url_relative: z.string().min(1),
  post_tag: list(z.string()),
  image_thumbnail: text(),
  date: text(),
  date_timestamp: num(0),
  _highlightResult: z
    .object({ title: highlighted, post_tag: highlightedList.optional(), categories: highlightedList.optional() })
    .loose()
    .catch({ title: { value: '' } }),
  _rankingInfo: rankingInfo,
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultSchema = z.object({
  hits: list(SearchHitSchema),
  nbHits: num(0),
  page: num(0),
  nbPages: num(0),
  hitsPerPage: num(10),
  processingTimeMS: num(0),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** getObjects: one record or null per requested objectID, in order. */
export const ObjectsResultSchema = z.object({ results: z.array(SearchHitSchema.nullable().catch(null)) });

const playerFields = z.object({
  objectID: z.string().min(1),
  name: text(),
  prenom: text(),
  nom: text(),
  poste_libelle: text(),
  equipe: text(),
  /** The team page's path, and `url_relative` the player's card on it (`{equipe_url}#joueur-{slug}`). */
  equipe_url: text(),
  url_relative: text(),
  club: text(),
  selections: num(0),
  image_thumbnail: text(),
  _highlightResult: z
    .object({ name: highlighted })
    .loose()
    .catch({ name: { value: '' } }),
  _rankingInfo: rankingInfo,
});

/** The attributes a player hit reads: the only ones asked of Algolia (the others are Algolia's own). */
export const PLAYER_ATTRIBUTES = Object.keys(playerFields.shape).filter((key) => !key.startsWith('_'));

/**
 * A record of the players index (joueurs / joueurs_pp): one player of a team page's squad. A player
 * is shown by name and links to a team page, so a record without either is left out.
 */
export const PlayerHitSchema = playerFields
  .transform((hit) => ({ ...hit, name: hit.name.trim() || `${hit.prenom} ${hit.nom}`.trim() }))
  .refine((hit) => hit.name !== '' && (hit.url_relative !== '' || hit.equipe_url !== ''));
export type PlayerHit = z.infer<typeof PlayerHitSchema>;

export const PlayersResultSchema = z.object({ hits: list(PlayerHitSchema) });
