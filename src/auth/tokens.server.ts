import type { JWT } from '@auth/core/jwt';
import type { Config } from '../config/env.server';
import { IsolateMemo } from '../cache/isolate-memo';
import { refreshTokens } from '../upstream/oidc.server';
import { log } from '../observability/log.server';

// Access-token refresh with rotation. The provider rotates refresh tokens and revokes the whole
// grant when an old one is replayed, so two refreshes of the same token must never race: one
// refresh per refresh token is in flight per isolate, and later callers share its result.

export type TokenFields = { access_token?: string; refresh_token?: string; expires_at?: number; error?: string };
export type SessionToken = JWT & TokenFields;

/** Refresh a little before expiry, so a call made right now does not carry a dying token. */
const MARGIN_SECONDS = 30;

// Kept ten seconds after the answer, failures too: a request that set out with the old token
// meanwhile gets the same outcome instead of replaying the old token.
const refreshes = new IsolateMemo<TokenFields>(10_000, { rememberFailures: true });

async function requestRefresh(config: Config, refreshToken: string): Promise<TokenFields> {
  const body = await refreshTokens(config, refreshToken);
  return {
    access_token: body.access_token,
    // Rotation: keep the new refresh token; a provider that does not rotate leaves the old one valid.
    refresh_token: body.refresh_token ?? refreshToken,
    expires_at: Math.floor(Date.now() / 1000) + (body.expires_in ?? 3600),
  };
}

export function refreshOnce(config: Config, refreshToken: string): Promise<TokenFields> {
  return refreshes.get(refreshToken, () => requestRefresh(config, refreshToken));
}

/** The token as it should be used now: unchanged, refreshed, or marked RefreshAccessTokenError. */
export async function freshToken(config: Config, token: SessionToken): Promise<SessionToken> {
  if (token.error || !token.access_token) return token;
  if (typeof token.expires_at === 'number' && token.expires_at - MARGIN_SECONDS > Date.now() / 1000) return token;
  if (!token.refresh_token) return { ...token, error: 'RefreshAccessTokenError' };
  try {
    return { ...token, ...(await refreshOnce(config, token.refresh_token)), error: undefined };
  } catch (error) {
    log.warn('auth.refresh_failed', { error: log.describe(error) });
    return { ...token, access_token: undefined, error: 'RefreshAccessTokenError' };
  }
}
