import type { Prefs } from '../../schemas/prefs';
import { reportClientError, type ClientAuthErrorCode } from './auth-log';

// The browser's calls for the signed-in user (client-safe). Tokens never come here: the worker's
// /api/user/* adds them from the encrypted session cookie.

export type PublicSession = {
  user: { id: string; name: string; email: string; firstName: string; lastName: string };
  expires: string;
  error?: 'RefreshAccessTokenError';
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
  if (!res.ok) throw new ApiError(res.status, body?.error ?? String(res.status), body?.message ?? 'Erreur');
  return body as T;
}

/** A failed call to /api/auth, named with next-auth's client codes (auth-log.ts). */
export class ClientAuthError extends Error {
  constructor(
    readonly code: ClientAuthErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * GET /api/auth/session. As next-auth's fetchData (packages/next-auth/src/client/_utils.ts): no
 * answer, an answer that is not JSON or an HTTP error is CLIENT_FETCH_ERROR; then readSession.
 */
export async function fetchSession(): Promise<PublicSession | null> {
  let body: unknown;
  try {
    const res = await fetch('/api/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    body = await res.json();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (error) {
    throw new ClientAuthError('CLIENT_FETCH_ERROR', `session: ${messageOf(error)}`);
  }
  return readSession(body);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The session answer: {} (or null) when signed out, else the public session of
 * src/auth/config.server.ts. RefreshAccessTokenError is a session the site handles (the
 * DISCONNECTED modal; the worker logs the failed refresh itself). Anything else — another error,
 * a session without its user — cannot be used: CLIENT_SESSION_ERROR, as next-auth names a session
 * its SessionProvider could not take in (packages/next-auth/src/react/index.tsx).
 */
export function readSession(body: unknown): PublicSession | null {
  if (body === null || (isRecord(body) && Object.keys(body).length === 0)) return null;
  if (!isRecord(body)) throw new ClientAuthError('CLIENT_SESSION_ERROR', 'session: not an object');
  if (body.error !== undefined && body.error !== 'RefreshAccessTokenError')
    throw new ClientAuthError('CLIENT_SESSION_ERROR', `session: error ${String(body.error).slice(0, 100)}`);
  const user = body.user;
  const fields = ['id', 'name', 'email', 'firstName', 'lastName'] as const;
  if (!isRecord(user) || !user.id || fields.some((f) => typeof user[f] !== 'string') || typeof body.expires !== 'string') {
    throw new ClientAuthError('CLIENT_SESSION_ERROR', 'session: malformed');
  }
  return body as PublicSession;
}

let csrf: Promise<string> | null = null;
export function csrfToken(): Promise<string> {
  return (csrf ??= fetch('/api/auth/csrf', { credentials: 'same-origin' })
    .then((r) => json<{ csrfToken: string }>(r))
    .then((b) => b.csrfToken)
    .catch((e) => {
      csrf = null;
      // next-auth logs a failed /csrf like a failed /session (client/_utils.ts fetchData).
      reportClientError('CLIENT_FETCH_ERROR', `csrf: ${messageOf(e)}`);
      throw e;
    }));
}

export const getPrefs = () => fetch('/api/user/prefs?type=complet', { credentials: 'same-origin' }).then((r) => json<Prefs>(r));

async function post<T>(path: string, action: string, value: unknown): Promise<T> {
  const res = await fetch(`${path}?${new URLSearchParams({ action })}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': await csrfToken() },
    body: JSON.stringify({ value }),
  });
  return json<T>(res);
}

/** The actions of POST user_prefs (SPEC §7) the site sends. */
export type PrefsAction = 'profil' | 'optin_whatsapp' | 'optin_mail' | 'favoris' | 'contenus_visites' | 'journaliste_media';
export const updatePrefs = (action: PrefsAction, value: unknown) => post<Prefs>('/api/user/prefs', action, value);
export const newsroomAction = (action: 'journalist_status_request' | 'journalist_updated_profile', value: unknown) =>
  post<{ journalist_status_request: boolean; journalist_updated_profile: boolean }>('/api/user/newsroom', action, value);
export const getMedias = () =>
  fetch('/api/user/medias', { credentials: 'same-origin' }).then((r) => json<Array<{ id: number; nom: string }>>(r));

/**
 * Sign-out is a POST with the CSRF token (Auth.js), sent as a real form so the browser follows it.
 * Without the token (a failed /api/auth/csrf), the form cannot go: `orElse`, the page that asks
 * and signs out without JavaScript, is opened instead of a click that does nothing.
 */
export async function signOut(callbackUrl = '/', orElse?: string) {
  let token: string;
  try {
    token = await csrfToken();
  } catch (error) {
    if (orElse === undefined) throw error;
    window.location.assign(orElse);
    return;
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/api/auth/signout';
  for (const [name, value] of [
    ['csrfToken', token],
    ['callbackUrl', callbackUrl],
  ] as const) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
