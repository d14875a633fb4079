import { type AuthConfig, customFetch } from '@auth/core';
import type { Config } from '../config/env.server';
import { freshToken, type SessionToken } from './tokens.server';
import { userinfo } from '../upstream/oidc.server';
import { timedFetch } from '../upstream/http.server';
import { safeCallbackPath } from './callback-url';
import { authCookies, SESSION_MAX_AGE } from './cookies.server';
import { endedBySignOut } from './signed-out.server';
import { log } from '../observability/log.server';

export const AUTH_BASE_PATH = '/api/auth';
export const PROVIDER_ID = 'ffr';

/** The public fields of a session: what the browser may see. Never a token. */
export type PublicSession = {
  user: { id: string; name: string; email: string; firstName: string; lastName: string };
  expires: string;
  error?: 'RefreshAccessTokenError';
};

/**
 * `secure`: the request came over https, so every cookie is Secure and `__Host-`.
 * `signedOutAt`: when this browser signed out (signed-out.server.ts): a session begun before is over.
 */
export function authConfig(config: Config, secure: boolean, signedOutAt: number | null = null): AuthConfig {
  return {
    basePath: AUTH_BASE_PATH,
    useSecureCookies: secure,
    cookies: authCookies(secure),
    secret: config.AUTH_SECRET,
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE },
    pages: { signIn: '/connexion', error: '/connexion/erreur' },
    providers: [
      {
        id: PROVIDER_ID,
        name: 'Fédération française de rugby',
        type: 'oidc',
        issuer: config.OIDC_ISSUER,
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        checks: ['pkce', 'state'],
        // Auth.js's own calls (discovery, the code exchange): every upstream call's deadline, and its line in the request log.
        [customFetch]: timedFetch(config.UPSTREAM_TIMEOUT_MS),
        authorization: { params: { scope: 'openid profile email offline_access' } },
        // Auth.js reads an OIDC provider's profile from the ID token only (@auth/core
        // lib/actions/callback/oauth/callback.ts); providers that conform to OpenID Connect Core
        // §5.4 put name and e-mail in the userinfo answer instead, so it is asked when they are missing.
        async profile(p: Record<string, unknown>, tokens: { access_token?: string }) {
          let claims: Record<string, unknown> = p;
          if ((!p.name || !p.email) && tokens.access_token) {
            const info = await userinfo(config, tokens.access_token).catch((error) => {
              log.warn('auth.userinfo_failed', { error: log.describe(error) });
              return null;
            });
            // The userinfo sub must be the ID token's (OpenID Connect Core §5.3.2).
            if (info && info.sub === String(p.sub))
              claims = { ...info, ...Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '')) };
          }
          const given = claims.given_name ? String(claims.given_name) : '';
          const family = claims.family_name ? String(claims.family_name) : '';
          return {
            id: String(p.sub),
            name: String(claims.name ?? ([given, family].filter(Boolean).join(' ') || '')),
            email: String(claims.email ?? ''),
            given_name: given || undefined,
            family_name: family || undefined,
          } as never;
        },
      },
    ],
    callbacks: {
      async jwt({ token, account, profile, user }) {
        if (account) {
          // First sign-in: the provider's tokens go into the encrypted cookie, and only there. The
          // names come from the profile() above (ID token, completed by userinfo).
          const named = user as { given_name?: string; family_name?: string } | undefined;
          return {
            ...token,
            sub: String(profile?.sub ?? token.sub),
            given_name: named?.given_name ?? profile?.given_name,
            family_name: named?.family_name ?? profile?.family_name,
            access_token: account.access_token,
            refresh_token: account.refresh_token,
            expires_at: account.expires_at ?? Math.floor(Date.now() / 1000) + Number(account.expires_in ?? 3600),
            signedInAt: Date.now(),
          };
        }
        // Null ends the session: Auth.js answers none and clears the cookie (lib/actions/session.ts).
        if (endedBySignOut(token.signedInAt, signedOutAt)) return null;
        return freshToken(config, token as SessionToken);
      },
      async session({ session, token }) {
        const t = token as SessionToken & { given_name?: string; family_name?: string };
        const pub: PublicSession = {
          user: {
            id: String(t.sub ?? ''),
            name: String(t.name ?? ''),
            email: String(t.email ?? ''),
            firstName: String(t.given_name ?? ''),
            lastName: String(t.family_name ?? ''),
          },
          expires: session.expires as unknown as string,
          ...(t.error === 'RefreshAccessTokenError' ? { error: 'RefreshAccessTokenError' as const } : {}),
        };
        return pub as never;
      },
      redirect({ url, baseUrl }) {
        return `${baseUrl}${safeCallbackPath(url, baseUrl)}`;
      },
    },
  };
}
