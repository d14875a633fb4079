import * as z from 'zod';
import type { Config } from '../config/env.server';
import { list } from '../schemas/mapping';
import { NewsroomFlagsSchema, PrefsSchema } from '../schemas/prefs';
import { requestJson, UpstreamError } from './http.server';

// The signed-in user's calls to WordPress (SPEC §7), with the user's own access token, and the
// middleware's newsroom media list, with the site's configured bearer.

const NonEmpty = z
  .unknown()
  .refine((v) => v !== null && v !== '' && !(typeof v === 'object' && Object.keys(v as object).length === 0), 'NOT FOUND');

/**
 * SPEC §9 lets user preference requests take up to 600 000 ms. A reader waits for them (the press
 * space, an embargo, an accreditation request), so they have every upstream call's deadline,
 * UPSTREAM_TIMEOUT_MS (8 s), and are in the request's log line like the others (issue 43).
 */
async function call<S extends z.ZodType>(
  url: string,
  schema: S,
  init: { method?: 'GET' | 'POST'; accessToken: string; body?: unknown; timeoutMs: number },
): Promise<z.output<S>> {
  try {
    const { data } = await requestJson(url, NonEmpty.pipe(schema), {
      method: init.method ?? 'GET',
      timeoutMs: init.timeoutMs,
      headers: { authorization: `Bearer ${init.accessToken}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    return data;
  } catch (error) {
    // SPEC §8: empty responses raise 'NOT FOUND'.
    if (error instanceof UpstreamError && error.kind === 'malformed') throw new UpstreamError('not-found', url, 200, 'NOT FOUND');
    throw error;
  }
}

export function createUserClient(config: Config) {
  const base = `${config.WP_API_URL}/ffr/v1`;
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  return {
    prefs: (accessToken: string, complete: boolean) =>
      call(`${base}/user_prefs${complete ? '?type=complet' : ''}`, PrefsSchema, { accessToken, timeoutMs }),
    /** WordPress answers the preferences as they are after the change. */
    updatePrefs: (accessToken: string, action: string, value: unknown) =>
      call(`${base}/user_prefs?${new URLSearchParams({ action })}`, PrefsSchema, {
        method: 'POST',
        accessToken,
        body: { value },
        timeoutMs,
      }),
    newsroom: (accessToken: string, action: string, value: unknown) =>
      call(`${base}/user_newsroom?${new URLSearchParams({ action })}`, NewsroomFlagsSchema, {
        method: 'POST',
        accessToken,
        body: { value },
        timeoutMs,
      }),
  };
}

export const NewsroomMediaSchema = z.object({ id: z.coerce.number().int(), nom: z.string().min(1) });
export type NewsroomMedia = z.infer<typeof NewsroomMediaSchema>;

/** SPEC §7: the newsroom medias are asked 1 000 at a time. */
const MEDIAS_LIMIT = 1000;
const MEDIAS_MAX_PAGES = 50;

/**
 * The middleware's newsroom medias. Directus refuses a limit above its QUERY_LIMIT_MAX with 400
 * INVALID_QUERY (directus/directus api/src/utils/validate-query.ts): then the list is read page by
 * page at the maximum it states (« "limit" must be less than or equal to 100 »), until a short page.
 */
export async function newsroomMedias(config: Config): Promise<NewsroomMedia[]> {
  const get = (limit: number, page?: number) =>
    requestJson(
      `${config.MIDDLEWARE_URL}/items/newsroom_medias?${new URLSearchParams({ limit: String(limit), ...(page ? { page: String(page) } : {}) })}`,
      z.object({ data: list(NewsroomMediaSchema) }),
      {
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        headers: { authorization: `Bearer ${config.MIDDLEWARE_TOKEN}` },
      },
    ).then((r) => r.data.data);
  try {
    return await get(MEDIAS_LIMIT);
  } catch (error) {
    if (!(error instanceof UpstreamError && error.status === 400 && error.code === 'INVALID_QUERY' && /limit/i.test(error.detail ?? '')))
      throw error;
    const max = Number(/less than or equal to (\d+)/i.exec(error.detail ?? '')?.[1] ?? 100) || 100;
    const all: NewsroomMedia[] = [];
    for (let page = 1; page <= MEDIAS_MAX_PAGES; page++) {
      const items = await get(max, page);
      all.push(...items);
      if (items.length < max) break;
    }
    return all;
  }
}
