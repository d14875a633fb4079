import type { Config } from '../config/env.server';

// The provider's OpenID metadata (/.well-known/openid-configuration), read once per isolate and
// issuer: the token endpoint for refreshes, the end-session endpoint for sign-out at the provider.

export type ProviderMetadata = { token_endpoint: string; end_session_endpoint?: string };

let cached: { issuer: string; metadata: Promise<ProviderMetadata> } | null = null;

export function providerMetadata(config: Config): Promise<ProviderMetadata> {
  if (cached?.issuer !== config.OIDC_ISSUER) {
    const metadata = fetch(`${config.OIDC_ISSUER}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS) })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`discovery ${r.status}`))))
      .then((d) => {
        const doc = d as Record<string, unknown>;
        if (typeof doc.token_endpoint !== 'string') throw new Error('discovery: no token_endpoint');
        return {
          token_endpoint: doc.token_endpoint,
          end_session_endpoint: typeof doc.end_session_endpoint === 'string' ? doc.end_session_endpoint : undefined,
        };
      });
    // A failed discovery is retried by the next caller, not remembered.
    metadata.catch(() => (cached = null));
    cached = { issuer: config.OIDC_ISSUER, metadata };
  }
  return cached.metadata;
}
