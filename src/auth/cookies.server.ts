import type { AuthConfig } from '@auth/core';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

// Every cookie of the site is Auth.js's. On https each one is `__Host-`: the browser then refuses
// it unless it is Secure, has Path=/ and no Domain, so no sibling subdomain of the federation can
// plant or shadow a session or a CSRF token. Auth.js's defaults use the weaker `__Secure-` for all
// but the CSRF cookie. On http (local development) the prefix is not allowed, so names are bare.

type CookieKind = keyof NonNullable<AuthConfig['cookies']>;

const KINDS = {
  sessionToken: 'session-token',
  callbackUrl: 'callback-url',
  csrfToken: 'csrf-token',
  pkceCodeVerifier: 'pkce.code_verifier',
  state: 'state',
  nonce: 'nonce',
  webauthnChallenge: 'challenge',
} as const satisfies Record<CookieKind, string>;

/** How long a session lives without a visit (Auth.js's session.maxAge), and every mark about it. */
export const SESSION_MAX_AGE = 30 * 24 * 3600;

export const isSecureRequest = (c: Context<AppEnv>) => new URL(c.req.url).protocol === 'https:';

export function authCookieName(kind: keyof typeof KINDS, secure: boolean): string {
  return `${secure ? '__Host-' : ''}authjs.${KINDS[kind]}`;
}

/** Auth.js's `cookies` option: names and options for every cookie it may set. */
export function authCookies(secure: boolean): NonNullable<AuthConfig['cookies']> {
  const shortLived = new Set<keyof typeof KINDS>(['pkceCodeVerifier', 'state', 'nonce', 'webauthnChallenge']);
  return Object.fromEntries(
    (Object.keys(KINDS) as (keyof typeof KINDS)[]).map((kind) => [
      kind,
      {
        name: authCookieName(kind, secure),
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure, ...(shortLived.has(kind) ? { maxAge: 15 * 60 } : {}) },
      },
    ]),
  );
}
