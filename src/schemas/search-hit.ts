import { z } from 'zod';
import { list, num, text } from './mapping';

const highlighted = z.object({ value: z.string() }).catch({ value: '' });

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
  _highlightResult: z.object({ title: highlighted }).loose().catch({ title: { value: '' } }),
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
