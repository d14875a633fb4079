import type { Prefs } from '../../schemas/prefs';

// The browser's calls for the signed-in user (client-safe). Tokens never come here: the worker's
// /api/user/* adds them from the encrypted session cookie.

export type PublicSession = {
  user: { id: string; name: string; email: string; firstName: string; lastName: string };
  expires: string;
  error?: 'RefreshAccessTokenError';
};

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
  if (!res.ok) throw new ApiError(res.status, body?.error ?? String(res.status), body?.message ?? 'Erreur');
  return body as T;
}

export async function fetchSession(): Promise<PublicSession | null> {
  const res = await fetch('/api/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = await json<Partial<PublicSession>>(res);
  return body && body.user ? (body as PublicSession) : null;
}

let csrf: Promise<string> | null = null;
export function csrfToken(): Promise<string> {
  return (csrf ??= fetch('/api/auth/csrf', { credentials: 'same-origin' })
    .then((r) => json<{ csrfToken: string }>(r))
    .then((b) => b.csrfToken)
    .catch((e) => {
      csrf = null;
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

export const updatePrefs = (action: string, value: unknown) => post<Prefs>('/api/user/prefs', action, value);
export const newsroomAction = (action: 'journalist_status_request' | 'journalist_updated_profile', value: unknown) =>
  post<{ journalist_status_request: boolean; journalist_updated_profile: boolean }>('/api/user/newsroom', action, value);
export const getMedias = () => fetch('/api/user/medias', { credentials: 'same-origin' }).then((r) => json<Array<{ id: number; nom: string }>>(r));

/** Sign-out is a POST with the CSRF token (Auth.js), sent as a real form so the browser follows it. */
export async function signOut(callbackUrl = '/') {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/api/auth/signout';
  for (const [name, value] of [['csrfToken', await csrfToken()], ['callbackUrl', callbackUrl]] as const) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
