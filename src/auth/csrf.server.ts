import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { authCookieName, isSecureRequest } from './cookies.server';

// Auth.js's double-submit CSRF token: the cookie holds "token|sha256(token + secret)", the request
// carries the token (form field csrfToken or header X-CSRF-Token). Every state-changing call of
// the site outside /api/auth checks it the same way.

export const CSRF_HEADER = 'x-csrf-token';

const csrfCookie = (c: Context<AppEnv>) => authCookieName('csrfToken', isSecureRequest(c));

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function equal(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function verifyCsrf(c: Context<AppEnv>, sent: string | undefined | null): Promise<boolean> {
  const cookie = getCookie(c, csrfCookie(c));
  if (!cookie || !sent) return false;
  // getCookie has already decoded the value once (Auth.js writes the "|" as %7C).
  const [token, hash] = cookie.split('|');
  if (!token || !hash) return false;
  return equal(token, sent) && equal(hash, await sha256Hex(`${token}${c.get('config').AUTH_SECRET}`));
}
