import { z } from 'zod';
import type { Config } from '../config/env.server';
import { list } from '../schemas/mapping';
import { requestJson, UpstreamError } from './http.server';

// The signed-in user's calls to WordPress (SPEC §7), with the user's own access token, and the
// middleware's newsroom media list, with the site's configured bearer.

/** SPEC §9: user preferences requests may take up to 600 000 ms. */
export const USER_PREFS_TIMEOUT_MS = 600_000;

const NonEmpty = z.unknown().refine((v) => v !== null && v !== '' && !(typeof v === 'object' && Object.keys(v as object).length === 0), 'NOT FOUND');

async function call(url: string, init: { method?: 'GET' | 'POST'; accessToken: string; body?: unknown }) {
  try {
    const { data } = await requestJson(url, NonEmpty, {
      method: init.method ?? 'GET',
      timeoutMs: USER_PREFS_TIMEOUT_MS,
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
  return {
    prefs: (accessToken: string, complete: boolean) => call(`${base}/user_prefs${complete ? '?type=complet' : ''}`, { accessToken }),
    updatePrefs: (accessToken: string, action: string, value: unknown) =>
      call(`${base}/user_prefs?${new URLSearchParams({ action })}`, { method: 'POST', accessToken, body: { value } }),
    newsroom: (accessToken: string, action: string, value: unknown) =>
      call(`${base}/user_newsroom?${new URLSearchParams({ action })}`, { method: 'POST', accessToken, body: { value } }),
  };
}

export const NewsroomMediaSchema = z.object({ id: z.coerce.number().int(), nom: z.string().min(1) });
export type NewsroomMedia = z.infer<typeof NewsroomMediaSchema>;

export async function newsroomMedias(config: Config): Promise<NewsroomMedia[]> {
  const { data } = await requestJson(`${config.MIDDLEWARE_URL}/items/newsroom_medias?limit=1000`, z.object({ data: list(NewsroomMediaSchema) }), {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    headers: { authorization: `Bearer ${config.MIDDLEWARE_TOKEN}` },
  });
  return data.data;
}
