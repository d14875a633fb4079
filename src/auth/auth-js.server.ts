import * as z from 'zod';
import { Auth } from '@auth/core';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { safeCallbackPath } from './callback-url';
import { AUTH_BASE_PATH, authConfig, PROVIDER_ID } from './config.server';
import { providerMetadata } from '../upstream/oidc.server';
import { getCookie } from 'hono/cookie';
import { authCookieName, isSecureRequest } from './cookies.server';
import { sessionCookieName } from './session.server';
import { signedOutAt, signOutMark, signOutNotice } from './signed-out.server';
import { tooManyRequests, withinLimit } from '../http/rate-limit.server';
import { cacheControl } from '../http/cache-control';
import { log } from '../observability/log.server';

// /api/auth/* — Auth.js, plus what the site's callers expect of it (SPEC §2, §7) that @auth/core
// does not do: the _log beacon, `json=true` answered with {url}, {} for no session, and the
// redirects for a missing or unknown provider.

const LOG_LEVELS = new Set(['error', 'warn', 'debug']);

/**
 * The beacon's fields, whatever the encoding: a flat object of strings (next-auth v4's client adds
 * the error's message and url beside level and code; only those two are read). A `null`, an array,
 * a number or a nested object is refused.
 */
const BeaconSchema = z
  .record(z.string().max(64), z.string().max(4000))
  .refine((fields) => Object.keys(fields).length <= 20, 'trop de champs')
  .transform((fields) => ({ level: fields.level, code: fields.code }));

async function logBeacon(c: Context<AppEnv>) {
  let raw: unknown;
  const type = c.req.header('content-type') ?? '';
  try {
    // The browser's beacon is form-encoded (features/accounts/auth-log.ts): read as a form, not as text.
    raw = type.includes('application/json')
      ? await c.req.json()
      : /application\/x-www-form-urlencoded|multipart\/form-data/.test(type)
        ? Object.fromEntries([...(await c.req.formData())].flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])))
        : Object.fromEntries(new URLSearchParams(await c.req.text()));
  } catch {
    return c.json({ error: 'invalid_body', message: 'Corps de requête illisible.' }, 400);
  }
  const parsed = BeaconSchema.safeParse(raw);
  if (!parsed.success) return c.json({ error: 'invalid_body', message: 'Corps de requête invalide\u00a0: { level, code } attendu.' }, 400);
  const fields = parsed.data;
  const level = LOG_LEVELS.has(fields.level ?? '') ? fields.level! : 'error';
  // A code names an error (CLIENT_FETCH_ERROR): anything else a visitor sends (a line break that
  // would forge a log line, markup, control characters) is no part of it.
  const code =
    String(fields.code ?? 'UNKNOWN')
      .replace(/[^\w.:-]/g, '_')
      .slice(0, 100) || 'UNKNOWN';
  (level === 'error' ? log.error : log.warn)('auth.client', { code, level });
  return c.json({});
}

/** What Auth.js answers at /api/auth/* (routes/auth.ts), with the site's additions: the client log beacon, the sign-out at the provider. */
export async function authJsAnswer(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const action = url.pathname.slice(AUTH_BASE_PATH.length + 1).split('/');
  if (action[0] === '_log' && c.req.method === 'POST') return (await withinLimit(c, 'LOG_LIMITER')) ? logBeacon(c) : tooManyRequests(c);

  // Sign-in attempts (starting one, or the provider coming back) are counted per visitor.
  if (c.req.method === 'POST' && (action[0] === 'signin' || action[0] === 'callback') && !(await withinLimit(c, 'SIGNIN_LIMITER'))) {
    if ((c.req.header('accept') ?? '').includes('application/json') || c.req.header('x-auth-return-redirect')) return tooManyRequests(c);
    const form = await c.req.raw
      .clone()
      .formData()
      .catch(() => null);
    const asked = form?.get('callbackUrl') ?? url.searchParams.get('callbackUrl');
    const callbackUrl = safeCallbackPath(typeof asked === 'string' ? asked : null, url.origin);
    return c.redirect(`/connexion?${new URLSearchParams({ callbackUrl, error: 'RateLimited' })}`, 303);
  }

  // A reader who cancels at the provider (« Annuler et revenir au site »: RFC 6749 §4.1.2.1
  // error=access_denied) is not in error: back to the page they left, as they left it (a form's
  // draft is kept in the tab, features/forms/draft.ts).
  if (c.req.method === 'GET' && action[0] === 'callback' && url.searchParams.get('error') === 'access_denied') {
    return c.redirect(signInReturnPath(c), 302);
  }

  // signin/{provider} for a provider we do not have: back to the sign-in page, keeping callbackUrl.
  if ((action[0] === 'signin' || action[0] === 'callback') && action[1] && action[1] !== PROVIDER_ID) {
    const callbackUrl = safeCallbackPath(url.searchParams.get('callbackUrl'), url.origin);
    return c.redirect(`${AUTH_BASE_PATH}/signin?${new URLSearchParams({ callbackUrl })}`, 302);
  }

  let request = c.req.raw;
  // Auth.js answers a callbackUrl it cannot parse (« %ZZ ») with a 500: only site paths reach it.
  if (url.searchParams.has('callbackUrl')) {
    const safe = new URL(url);
    safe.searchParams.set('callbackUrl', safeCallbackPath(url.searchParams.get('callbackUrl'), url.origin));
    request = new Request(safe, request);
  }
  if (request.method === 'POST' && (request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    const body = await request.clone().text();
    const form = new URLSearchParams(body);
    const headers = new Headers(request.headers);
    // next-auth v4 callers post json=true and expect {url}; @auth/core wants this header instead.
    if (form.get('json') === 'true') headers.set('X-Auth-Return-Redirect', '1');
    if (form.has('callbackUrl')) form.set('callbackUrl', safeCallbackPath(form.get('callbackUrl'), url.origin));
    request = new Request(request.url, { method: 'POST', headers, body: form.toString() });
  }

  // Auth.js answers redirects with Response.redirect(), whose headers are immutable: copy them so
  // that the security headers can still be added on the way out.
  const answer = await Auth(request, authConfig(c.get('config'), isSecureRequest(c), signedOutAt(c)));
  const response = new Response(answer.body, answer);
  if (action[0] !== 'signin') keepSignInReturn(c, response.headers);
  if (action[0] === 'signout' && request.method === 'POST') return announceSignOut(await signOutAtProvider(c, response), c);
  if (action[0] === 'session' && request.method === 'GET') {
    const body = await response.clone().text();
    if (body === 'null' || body === '') {
      const headers = new Headers(response.headers);
      headers.set('content-type', 'application/json');
      headers.set('cache-control', cacheControl.personal);
      return new Response('{}', { status: 200, headers });
    }
  }
  return response;
}

/**
 * Once Auth.js has ended the site's session, end the provider's too (OpenID RP-Initiated Logout),
 * or the next "Se connecter" would sign the same person straight back in. client_id, not
 * id_token_hint: no token goes through the browser. The provider asks to confirm, then comes back
 * to the home page (the address registered with it). Without an end-session endpoint, or when the
 * sign-out itself was refused (bad CSRF token), Auth.js's answer stands.
 */
async function signOutAtProvider(c: Context<AppEnv>, response: Response): Promise<Response> {
  const cookieName = sessionCookieName(c);
  // The session may have been in chunks (name.0, name.1…): any of them cleared means signed out.
  const cleared = response.headers
    .getSetCookie()
    .some(
      (cookie) =>
        new RegExp(`^${cookieName.replaceAll('.', '\\.')}(\\.\\d+)?=`).test(cookie) && /max-age=0|expires=thu, 01 jan 1970/i.test(cookie),
    );
  if (!cleared) return response;
  let endpoint: string | undefined;
  try {
    endpoint = (await providerMetadata(c.get('config'))).end_session_endpoint;
  } catch {
    return response; // the site's session is over; the provider's can end another time
  }
  if (!endpoint) return response;
  const target = new URL(endpoint);
  target.searchParams.set('client_id', c.get('config').OIDC_CLIENT_ID);
  target.searchParams.set('post_logout_redirect_uri', `${c.get('config').PUBLIC_ORIGIN}/`);
  target.searchParams.set('ui_locales', 'fr');
  const headers = new Headers(response.headers);
  if (response.status >= 300 && response.status < 400) {
    headers.set('location', target.href);
    return new Response(null, { status: 302, headers });
  }
  // json=true callers get {url} and navigate themselves.
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify({ url: target.href }), { status: 200, headers });
}

function announceSignOut(response: Response, c: Context<AppEnv>): Response {
  const signedOut = response.headers
    .getSetCookie()
    .some((cookie) => /max-age=0|expires=thu, 01 jan 1970/i.test(cookie) && cookie.includes('session-token'));
  if (signedOut) {
    response.headers.append('set-cookie', signOutNotice(c));
    // For good: a session cookie that comes back from a read still in flight is refused.
    response.headers.append('set-cookie', signOutMark(c));
  }
  return response;
}

/** Where the sign-in under way was to come back to (Auth.js's callback-url cookie), a path of this site. */
export function signInReturnPath(c: Context<AppEnv>): string {
  return safeCallbackPath(getCookie(c, authCookieName('callbackUrl', isSecureRequest(c))) ?? null, new URL(c.req.url).origin);
}

/** Auth.js's answer to a sign-in POST the worker makes for the reader (features/accounts/sign-in.page.tsx). */
export const startSignIn = (c: Context<AppEnv>, request: Request) =>
  Auth(request, authConfig(c.get('config'), isSecureRequest(c), signedOutAt(c)));

/**
 * Auth.js writes its callback-url cookie on every answer whose request names no callbackUrl, with
 * the site's origin when the cookie is missing or reads differently (@auth/core lib/init.ts,
 * lib/utils/callback-url.ts). A session poll still in flight when the reader starts a sign-in
 * (another tab's, or the page's own on focus) then overwrote the sign-in's return address, and the
 * reader came back to the home page. Only a sign-in's start says where it returns to.
 */
function keepSignInReturn(c: Context<AppEnv>, headers: Headers): void {
  const returnCookie = `${authCookieName('callbackUrl', isSecureRequest(c))}=`;
  const cookies = headers.getSetCookie();
  if (!cookies.some((cookie) => cookie.startsWith(returnCookie))) return;
  headers.delete('set-cookie');
  for (const cookie of cookies) if (!cookie.startsWith(returnCookie)) headers.append('set-cookie', cookie);
}

/** A CSRF token for a server-rendered form, with the cookie it needs (and no other: see keepSignInReturn). */
export async function csrfFor(c: Context<AppEnv>): Promise<{ token: string; setCookie: string[] }> {
  const origin = new URL(c.req.url).origin;
  const res = await Auth(
    new Request(`${origin}${AUTH_BASE_PATH}/csrf`, { headers: { cookie: c.req.header('cookie') ?? '' } }),
    authConfig(c.get('config'), isSecureRequest(c), signedOutAt(c)),
  );
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  keepSignInReturn(c, res.headers);
  return { token: csrfToken, setCookie: res.headers.getSetCookie() };
}
