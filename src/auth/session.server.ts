import { encode, getToken } from '@auth/core/jwt';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { authCookieName, isSecureRequest, SESSION_MAX_AGE } from './cookies.server';
import { endedBySignOut, signedOutAt } from './signed-out.server';
import { freshToken, type SessionToken } from './tokens.server';

// The server's view of a session: the decrypted cookie, with a fresh access token. Used by the
// profile proxy and the press space; the browser only ever gets PublicSession.

const secure = isSecureRequest;
export const sessionCookieName = (c: Context<AppEnv>) => authCookieName('sessionToken', secure(c));

/**
 * Auth.js splits a session cookie longer than 3 936 characters into name.0, name.1… (its
 * SessionStore, @auth/core lib/utils/cookie.ts: 4 096 bytes a cookie, less room for attributes).
 * With real provider tokens (1–2 KB each) the session is always that long.
 */
export const CHUNK_SIZE = 4096 - 160;

const chunkNames = (all: Record<string, string>, name: string) =>
  Object.keys(all)
    .filter((k) => k.startsWith(`${name}.`) && /^\d+$/.test(k.slice(name.length + 1)))
    .sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));

/** Writes the session as Auth.js does: whole when it fits, else in chunks; old parts expire. */
function writeCookie(c: Context<AppEnv>, name: string, value: string) {
  const options = { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c) } as const;
  const existing = getCookie(c);
  const parts = value.length <= CHUNK_SIZE ? [value] : (value.match(new RegExp(`.{1,${CHUNK_SIZE}}`, 'g')) ?? []);
  const written = new Set<string>();
  if (parts.length === 1) {
    setCookie(c, name, value, { ...options, maxAge: SESSION_MAX_AGE });
    written.add(name);
  } else {
    parts.forEach((part, i) => {
      setCookie(c, `${name}.${i}`, part, { ...options, maxAge: SESSION_MAX_AGE });
      written.add(`${name}.${i}`);
    });
  }
  for (const old of [name, ...chunkNames(existing, name)]) {
    if (existing[old] !== undefined && !written.has(old)) setCookie(c, old, '', { ...options, maxAge: 0 });
  }
}

/** Whether the request carries a session cookie (not whether it is valid): enough to say « signed in » in shared HTML. */
export function hasSessionCookie(c: Context<AppEnv>): boolean {
  const all = getCookie(c);
  const name = sessionCookieName(c);
  return Boolean(all[name]) || chunkNames(all, name).length > 0;
}

/**
 * Whether the request's session cookie opens a session: it decrypts, and no sign-out ended it. No
 * refresh, no call upstream: the cheap test of a made-up cookie (cache/html-cache.server.ts).
 */
export async function sessionOpens(c: Context<AppEnv>): Promise<boolean> {
  if (!hasSessionCookie(c)) return false;
  const token = await decrypted(c);
  return token !== null && !endedBySignOut(token.signedInAt, signedOutAt(c));
}

/**
 * Auth.js's own reader (whole or chunked cookie, null when it does not decrypt). Only the cookie
 * header is handed over: getToken would otherwise take an `Authorization: Bearer` JWE as a session.
 */
async function decrypted(c: Context<AppEnv>): Promise<SessionToken | null> {
  const name = sessionCookieName(c);
  return (await getToken({
    req: { headers: { cookie: c.req.header('cookie') ?? '' } },
    secret: c.get('config').AUTH_SECRET,
    cookieName: name,
    salt: name,
  })) as SessionToken | null;
}

export async function readSession(c: Context<AppEnv>): Promise<SessionToken | null> {
  const name = sessionCookieName(c);
  const secret = c.get('config').AUTH_SECRET;
  const token = await decrypted(c);
  if (!token) return null;
  if (endedBySignOut(token.signedInAt, signedOutAt(c))) {
    endSession(c);
    return null;
  }
  const fresh = await freshToken(c.get('config'), token);
  if (fresh !== token) {
    // The refreshed (rotated) tokens must reach the cookie, or the next call replays the old one.
    writeCookie(c, name, await encode({ token: fresh, secret, salt: name, maxAge: SESSION_MAX_AGE }));
  }
  return fresh;
}

/**
 * Ends the site's session when the provider no longer knows it (WordPress answered 401 to its
 * token: revoked, or ended at the provider): every part of the cookie expires, so the header and
 * the islands see a signed-out reader on their next look instead of a session that cannot work.
 */
export function endSession(c: Context<AppEnv>) {
  const name = sessionCookieName(c);
  const existing = getCookie(c);
  for (const part of [name, ...chunkNames(existing, name)]) {
    if (existing[part] !== undefined) setCookie(c, part, '', { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c), maxAge: 0 });
  }
}
