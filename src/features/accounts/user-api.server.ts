import type { Context } from 'hono';
import { forgetAlerts } from '../alerts/settings.server';
import * as z from 'zod';
import type { AppEnv } from '../../app-env';
import { CSRF_HEADER, verifyCsrf } from '../../auth/csrf.server';
import { endSession, readSession } from '../../auth/session.server';
import { UpstreamError } from '../../data/loaded';
import { cacheControl } from '../../http/cache-control';

// /api/user/* (routes/account.ts) — the browser never holds the access token: it calls these, and the worker adds the
// user's bearer from the encrypted session cookie.

const ActionSchema = z.string().regex(/^[a-z_]{1,40}$/);
const BodySchema = z.object({ value: z.unknown() });

const fail = (c: Context<AppEnv>, status: 400 | 401 | 403 | 404 | 502 | 503, error: string, message: string) =>
  c.json({ error, message }, status, { 'cache-control': cacheControl.personal });

async function withToken(c: Context<AppEnv>): Promise<string | Response> {
  const session = await readSession(c);
  if (!session) return fail(c, 401, 'unauthenticated', 'Vous devez être connecté.');
  if (session.error || !session.access_token)
    return fail(c, 401, 'RefreshAccessTokenError', 'Votre session a expiré. Merci de vous reconnecter.');
  return session.access_token;
}

function upstreamFailure(c: Context<AppEnv>, error: unknown) {
  if (error instanceof UpstreamError) {
    if (error.kind === 'not-found') return fail(c, 404, 'NOT FOUND', 'Aucune donnée.');
    if (error.status === 401) {
      endSession(c);
      return fail(c, 401, 'RefreshAccessTokenError', 'Votre session n’est plus reconnue. Merci de vous reconnecter.');
    }
    if (error.status === 400) return fail(c, 400, error.code ?? 'invalid', 'La demande a été refusée.');
  }
  return fail(c, 503, 'unavailable', 'Le service est momentanément indisponible.');
}

async function mutation(c: Context<AppEnv>, send: (token: string, action: string, value: unknown) => Promise<unknown>) {
  if (!(await verifyCsrf(c, c.req.header(CSRF_HEADER)))) return fail(c, 403, 'csrf', 'Jeton CSRF absent ou invalide.');
  const action = ActionSchema.safeParse(c.req.query('action'));
  if (!action.success) return fail(c, 400, 'invalid_action', 'Action inconnue.');
  const body = BodySchema.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return fail(c, 400, 'invalid_body', 'Le corps doit être un objet JSON {"value": …}.');
  const token = await withToken(c);
  if (token instanceof Response) return token;
  try {
    return c.json(await send(token, action.data, body.data.value), 200, { 'cache-control': cacheControl.personal });
  } catch (error) {
    return upstreamFailure(c, error);
  }
}

export async function prefsAnswer(c: Context<AppEnv>) {
  const token = await withToken(c);
  if (token instanceof Response) return token;
  try {
    return c.json(await c.get('user').prefs(token, c.req.query('type') === 'complet'), 200, { 'cache-control': cacheControl.personal });
  } catch (error) {
    return upstreamFailure(c, error);
  }
}

export const prefsUpdateAnswer = (c: Context<AppEnv>) =>
  mutation(c, async (t, a, v) => {
    const answer = await c.get('user').updatePrefs(t, a, v);
    // The mail consent withdrawn: the press alerts stop with it (their rows go).
    if (a === 'optin_mail' && v === false) {
      const sub = (await readSession(c))?.sub;
      if (sub) await forgetAlerts(c, sub);
    }
    return answer;
  });
export const newsroomAnswer = (c: Context<AppEnv>) => mutation(c, (t, a, v) => c.get('user').newsroom(t, a, v));

export async function mediasAnswer(c: Context<AppEnv>) {
  const token = await withToken(c);
  if (token instanceof Response) return token;
  try {
    return c.json(await c.get('content').newsroomMedias(), 200, { 'cache-control': cacheControl.personalForAnHour });
  } catch (error) {
    return upstreamFailure(c, error);
  }
}
