import { decode, encode } from '@auth/core/jwt';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { SESSION_MAX_AGE } from './config.server';
import { authCookieName, isSecureRequest } from './cookies.server';
import { freshToken, type SessionToken } from './tokens.server';

// The server's view of a session: the decrypted cookie, with a fresh access token. Used by the
// profile proxy and the press space; the browser only ever gets PublicSession.

const secure = isSecureRequest;
export const sessionCookieName = (c: Context<AppEnv>) => authCookieName('sessionToken', secure(c));

/** Auth.js splits big cookies into name.0, name.1…; ours are small, but read both forms. */
function readCookie(c: Context<AppEnv>, name: string): string | undefined {
  const all = getCookie(c);
  if (all[name]) return all[name];
  const chunks = Object.keys(all)
    .filter((k) => k.startsWith(`${name}.`))
    .sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()));
  return chunks.length ? chunks.map((k) => all[k]).join('') : undefined;
}

export async function readSession(c: Context<AppEnv>): Promise<SessionToken | null> {
  const name = sessionCookieName(c);
  const raw = readCookie(c, name);
  if (!raw) return null;
  const secret = c.var.config.AUTH_SECRET;
  let token: SessionToken | null;
  try {
    token = (await decode({ token: raw, secret, salt: name })) as SessionToken | null;
  } catch {
    return null;
  }
  if (!token) return null;
  const fresh = await freshToken(c.var.config, token);
  if (fresh !== token) {
    // The refreshed (rotated) tokens must reach the cookie, or the next call replays the old one.
    const value = await encode({ token: fresh, secret, salt: name, maxAge: SESSION_MAX_AGE });
    setCookie(c, name, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c), maxAge: SESSION_MAX_AGE });
  }
  return fresh;
}
