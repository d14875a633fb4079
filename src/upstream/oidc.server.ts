import * as oauth from 'oauth4webapi';
import * as z from 'zod';
import type { Config } from '../config/env.server';
import { IsolateMemo } from '../cache/isolate-memo';
import { requestJson, UpstreamError } from './http.server';

// The federation's OpenID Connect provider, for what Auth.js does not do for us: the metadata
// (token, userinfo and end-session endpoints), token refresh with rotation, and userinfo.
// oauth4webapi (the client Auth.js itself runs on) writes the requests and checks the answers;
// they still travel through requestJson, for its deadline, its UpstreamError (an OAuth error
// answer such as invalid_grant included) and the request's log line, and what crosses the
// boundary is still our zod schemas' (loose, so that oauth4webapi sees the fields it checks).

const MetadataSchema = z
  .object({
    issuer: z.url(),
    token_endpoint: z.url(),
    userinfo_endpoint: z.url().optional().catch(undefined),
    end_session_endpoint: z.url().optional().catch(undefined),
  })
  .loose();
export type ProviderMetadata = z.infer<typeof MetadataSchema>;

const TokenSchema = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).optional(),
    expires_in: z.coerce.number().positive().optional(),
  })
  .loose();

/** OpenID Connect Core §5.3.2: sub always, the rest as the scopes allow. */
const UserinfoSchema = z
  .object({
    sub: z.coerce.string(),
    name: z.string().optional().catch(undefined),
    given_name: z.string().optional().catch(undefined),
    family_name: z.string().optional().catch(undefined),
    email: z.string().optional().catch(undefined),
  })
  .loose();
export type Userinfo = Pick<z.infer<typeof UserinfoSchema>, 'sub' | 'name' | 'given_name' | 'family_name' | 'email'>;

type Transport = {
  [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<'GET' | 'POST', URLSearchParams | undefined>) => Promise<Response>;
  [oauth.allowInsecureRequests]: boolean;
};

/** oauth4webapi's transport: requestJson with this schema, its answer handed back as a Response. */
function through(config: Config, schema: z.ZodType): Transport {
  const { protocol, hostname } = new URL(config.OIDC_ISSUER);
  return {
    async [oauth.customFetch](url, init) {
      const { data, status } = await requestJson(url, schema, {
        method: init.method,
        headers: init.headers,
        body: init.body ?? undefined,
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      });
      return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    },
    // Plain http only for the local provider (dev/oidc); anywhere else oauth4webapi refuses it.
    [oauth.allowInsecureRequests]: protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost'),
  };
}

/** An answer that came back but that oauth4webapi finds non-conformant is malformed, like one our schemas refuse. */
async function conformant<T>(url: string, check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
      throw new UpstreamError('malformed', url, undefined, error.code, error.message);
    }
    throw error;
  }
}

const client = (config: Config): oauth.Client => ({ client_id: config.OIDC_CLIENT_ID });

// client_secret_basic with the header Auth.js sends for the code exchange (@auth/core
// lib/actions/callback/oauth/callback.ts): oauth4webapi's ClientSecretBasic also escapes
// - _ . ! ~ * ' ( ), and a provider that does not form-decode Basic credentials would then
// refuse « ffr%2Dpresse » at refresh while accepting « ffr-presse » at sign-in.
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
const clientSecretBasic =
  (config: Config): oauth.ClientAuth =>
  (_as, _client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${formEncode(config.OIDC_CLIENT_ID)}:${formEncode(config.OIDC_CLIENT_SECRET)}`)}`);
  };

// Read once per isolate and issuer; a failure is not remembered, so the next caller retries.
const metadata = new IsolateMemo<ProviderMetadata>(Infinity);

export function providerMetadata(config: Config): Promise<ProviderMetadata> {
  const issuer = new URL(config.OIDC_ISSUER);
  const url = `${config.OIDC_ISSUER}/.well-known/openid-configuration`;
  return metadata.get(url, async () => {
    // OpenID Connect Discovery 1.0 §4: discoveryRequest / processDiscoveryResponse (issuer must match, §4.3).
    const response = await oauth.discoveryRequest(issuer, through(config, MetadataSchema));
    // Already MetadataSchema's output (through()); oauth4webapi only adds its checks.
    return (await conformant(url, oauth.processDiscoveryResponse(issuer, response))) as ProviderMetadata;
  });
}

/** A refresh_token grant, the client authenticating with HTTP Basic (client_secret_basic). */
export async function refreshTokens(
  config: Config,
  refreshToken: string,
): Promise<{ access_token: string; refresh_token?: string; expires_in?: number }> {
  const meta = await providerMetadata(config);
  const as = meta as oauth.AuthorizationServer;
  // RFC 6749 §6 (refresh) and §2.3.1 (client_secret_basic): refreshTokenGrantRequest / processRefreshTokenResponse.
  const response = await oauth.refreshTokenGrantRequest(
    as,
    client(config),
    clientSecretBasic(config),
    refreshToken,
    through(config, TokenSchema),
  );
  const { access_token, refresh_token, expires_in } = await conformant(
    meta.token_endpoint,
    oauth.processRefreshTokenResponse(as, client(config), response),
  );
  return { access_token, refresh_token, expires_in };
}

/** The userinfo answer for this access token; null when the provider has no userinfo endpoint. */
export async function userinfo(config: Config, accessToken: string): Promise<Userinfo | null> {
  const as = (await providerMetadata(config)) as oauth.AuthorizationServer;
  if (!as.userinfo_endpoint) return null;
  // OpenID Connect Core §5.3: userInfoRequest / processUserInfoResponse. The caller compares sub
  // with the ID token's (auth/config.server.ts), so the check is not made twice here.
  const response = await oauth.userInfoRequest(as, client(config), accessToken, through(config, UserinfoSchema));
  const { sub, name, given_name, family_name, email } = await conformant(
    as.userinfo_endpoint,
    oauth.processUserInfoResponse(as, client(config), oauth.skipSubjectCheck, response),
  );
  return { sub, name, given_name, family_name, email };
}
