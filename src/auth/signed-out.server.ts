import type { Context, MiddlewareHandler } from 'hono';
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

// Once signed out, the reader is told so on the page they land on (after the provider's own
// confirmation). The page is the cached one everyone gets: a short-lived HttpOnly notice cookie
// marks that one answer (<html data-signed-out>, read by the SessionSync island) and is cleared by
// it. HttpOnly like every cookie of the site (docs/security.md): no script needs to read it.
const noticeName = (secure: boolean) => `${secure ? '__Host-' : ''}ffr.deconnecte`;
const NOTICE_SECONDS = 600;

/** The notice's cookie, set beside the sign-out's (auth-js.server.ts). */
export const signOutNotice = (c: Context<AppEnv>): string =>
  `${noticeName(isSecureRequest(c))}=1; Path=/; Max-Age=${NOTICE_SECONDS}; HttpOnly; SameSite=Lax${isSecureRequest(c) ? '; Secure' : ''}`;

/** On the first page after a sign-out: the document marked for the island, the notice cleared. */
export const announceSignedOut = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  const secure = isSecureRequest(c);
  if (getCookie(c, noticeName(secure)) !== '1') return;
  if (!(c.res.headers.get('content-type') ?? '').startsWith('text/html') || c.res.status !== 200 || !c.res.body) return;
  c.res = new HTMLRewriter()
    .on('html', {
      element: (html) => {
        html.setAttribute('data-signed-out', '');
      },
    })
    .transform(c.res);
  c.res.headers.append('set-cookie', `${noticeName(secure)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
  c.res.headers.set('cache-control', 'private, no-store');
};
