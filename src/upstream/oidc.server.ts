import * as z from 'zod';
import type { Config } from '../config/env.server';
import { IsolateMemo } from '../cache/isolate-memo';
import { requestJson } from './http.server';

// The federation's OpenID Connect provider, for what Auth.js does not do for us: the metadata
// (token, userinfo and end-session endpoints), token refresh with rotation, and userinfo.

const MetadataSchema = z.object({
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional().catch(undefined),
  end_session_endpoint: z.url().optional().catch(undefined),
});
export type ProviderMetadata = z.infer<typeof MetadataSchema>;

const TokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
});

/** OpenID Connect Core §5.3.2: sub always, the rest as the scopes allow. */
const UserinfoSchema = z.object({
  sub: z.coerce.string(),
  name: z.string().optional().catch(undefined),
  given_name: z.string().optional().catch(undefined),
  family_name: z.string().optional().catch(undefined),
  email: z.string().optional().catch(undefined),
});
export type Userinfo = z.infer<typeof UserinfoSchema>;

// Read once per isolate and issuer; a failure is not remembered, so the next caller retries.
const metadata = new IsolateMemo<ProviderMetadata>(Infinity);

export function providerMetadata(config: Config): Promise<ProviderMetadata> {
  const url = `${config.OIDC_ISSUER}/.well-known/openid-configuration`;
  return metadata.get(url, () => requestJson(url, MetadataSchema, { timeoutMs: config.UPSTREAM_TIMEOUT_MS }).then((r) => r.data));
}

/** A refresh_token grant, the client authenticating with HTTP Basic (client_secret_basic). */
export async function refreshTokens(config: Config, refreshToken: string) {
  const { token_endpoint } = await providerMetadata(config);
  const { data } = await requestJson(token_endpoint, TokenSchema, {
    method: 'POST',
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${btoa(`${encodeURIComponent(config.OIDC_CLIENT_ID)}:${encodeURIComponent(config.OIDC_CLIENT_SECRET)}`)}`,
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return data;
}

/** The userinfo answer for this access token; null when the provider has no userinfo endpoint. */
export async function userinfo(config: Config, accessToken: string): Promise<Userinfo | null> {
  const { userinfo_endpoint } = await providerMetadata(config);
  if (!userinfo_endpoint) return null;
  const { data } = await requestJson(userinfo_endpoint, UserinfoSchema, { timeoutMs: config.UPSTREAM_TIMEOUT_MS, headers: { authorization: `Bearer ${accessToken}` } });
  return data;
}
