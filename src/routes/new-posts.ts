import type { Context } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../app-env';
import { postsPublishedAfter } from '../features/reading/home/new-posts.server';
import { cacheControl } from '../http/cache-control';

// A Paris wall-clock time to the second, as WordPress writes post dates ("2026-11-24T07:05:00").
const Query = z.object({ after: z.iso.datetime({ local: true, precision: 0 }).refine((s) => s.length === 19) });

/** GET /api/posts?after=…: the posts published since the home page was rendered. */
export async function newPostsRoute(c: Context<AppEnv>) {
  const query = Query.safeParse(c.req.query());
  if (!query.success) {
    return c.json(
      { error: 'invalid_after', message: 'Le paramètre after doit être une date au format AAAA-MM-JJTHH:MM:SS (heure de Paris).' },
      400,
      {
        'cache-control': cacheControl.never,
      },
    );
  }
  try {
    return c.json(await postsPublishedAfter(c.get('content'), query.data.after, c.get('clock').now().getTime()), 200, {
      'cache-control': cacheControl.revalidate,
    });
  } catch {
    return c.json({ error: 'upstream_unavailable', message: 'Les nouveaux articles ne peuvent pas être vérifiés pour le moment.' }, 503, {
      'cache-control': cacheControl.never,
    });
  }
}
