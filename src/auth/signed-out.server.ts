import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { isSecureRequest, SESSION_MAX_AGE } from './cookies.server';

// « Se déconnecter » ends the session at once and for good in this browser, whatever else is in
// flight. A session cookie is a sealed token (JWT): Auth.js re-seals and re-sends it on every
// session read, so a read that set out before the sign-out can land after it and put the session
// back (seen with next-auth's client: 2 runs in 8). The sign-out therefore leaves a mark, an
// HttpOnly cookie with its time, that such a late cookie cannot remove; a session that began
// before that time is over. A later sign-in begins after it.

const name = (secure: boolean) => `${secure ? '__Host-' : ''}ffr.signed-out`;

/** When this browser last signed out (ms), or null. */
export function signedOutAt(c: Context<AppEnv>): number | null {
  const raw = getCookie(c, name(isSecureRequest(c)));
  return raw && /^\d{13}$/.test(raw) ? Number(raw) : null;
}

/** The mark of a sign-out, for as long as any session could have lived. */
export function signOutMark(c: Context<AppEnv>, at = Date.now()): string {
  return `${name(isSecureRequest(c))}=${at}; Path=/; Max-Age=${SESSION_MAX_AGE}; HttpOnly; SameSite=Lax${isSecureRequest(c) ? '; Secure' : ''}`;
}

/** Whether a session that began at `signedInAt` (ms; unknown for sessions older than this rule) was signed out since. */
export const endedBySignOut = (signedInAt: unknown, signedOut: number | null) =>
  signedOut !== null && !(typeof signedInAt === 'number' && signedInAt > signedOut);
