/// <reference path="../../dev/oidc/oidc-provider.d.ts" />
// oidc-provider's typings are the emulator's own (dev/tsconfig.json), which this program does not include.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../config/env.server';
import type { TestAccount } from '../../dev/content/types.js';
import { createIdentityProvider, mountIdentityProvider } from '../../dev/oidc/provider.js';
import { UpstreamError } from './http.server';
import { providerMetadata, refreshTokens, userinfo } from './oidc.server';

// The worker's refresh and userinfo calls against the real local provider (dev/oidc, over HTTP),
// and what they make of answers that do not conform.

const CLIENT = { client_id: 'ffr-presse', client_secret: 'ffr-presse-local-secret' };
const REDIRECT_URI = 'http://presse.test/api/auth/callback/ffr';
const ACCOUNT: TestAccount = {
  sub: 'ffr-1001',
  login: 'claire.martin',
  password: 'Rugby2026!',
  email: 'claire.martin@exemple.fr',
  first_name: 'Claire',
  last_name: 'Martin',
  journaliste: 'oui',
  journaliste_optin_whatsapp: true,
};

let server: Server;
let config: Config;

beforeAll(async () => {
  let route: ReturnType<typeof mountIdentityProvider> | undefined;
  server = createServer((req, res) => (route ? route(req, res, () => res.writeHead(404).end()) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;
  route = mountIdentityProvider(
    '/oidc',
    createIdentityProvider({ issuer, accounts: [ACCOUNT], clients: [{ ...CLIENT, redirect_uris: [REDIRECT_URI] }] }),
  );
  config = {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    UPSTREAM_TIMEOUT_MS: 4000,
  } as Config;
});
afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
afterEach(() => vi.unstubAllGlobals());

/** A code flow as Auth.js runs it (cookies kept, redirects followed by hand): the provider's first tokens. */
async function signIn(): Promise<{ access_token: string; refresh_token: string }> {
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  const follow = async (res: Response) => {
    while (res.status >= 300 && res.status < 400 && !res.headers.get('location')!.startsWith(REDIRECT_URI))
      res = await go(new URL(res.headers.get('location')!, config.OIDC_ISSUER).href);
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL(`${config.OIDC_ISSUER}/auth`);
  auth.search = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email offline_access',
    state: 'etat',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const page = await follow(await go(auth.href));
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1]!;
  const back = await follow(
    await go(new URL(action.replaceAll('&amp;', '&'), config.OIDC_ISSUER).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: ACCOUNT.email, password: ACCOUNT.password }).toString(),
    }),
  );
  const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
  const tokens = await fetch(`${config.OIDC_ISSUER}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${CLIENT.client_id}:${CLIENT.client_secret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }),
  });
  return (await tokens.json()) as { access_token: string; refresh_token: string };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the identity provider, through oauth4webapi and requestJson', () => {
  it('reads the metadata', async () => {
    expect(await providerMetadata(config)).toMatchObject({
      issuer: config.OIDC_ISSUER,
      token_endpoint: `${config.OIDC_ISSUER}/token`,
      userinfo_endpoint: `${config.OIDC_ISSUER}/me`,
      end_session_endpoint: `${config.OIDC_ISSUER}/session/end`,
    });
  });

  it('refreshes with rotation (client_secret_basic), reads userinfo with the new token, and maps a replayed refresh token to invalid_grant', async () => {
    const first = await signIn();
    const fresh = await refreshTokens(config, first.refresh_token);
    expect(fresh.access_token).toBeTruthy();
    expect(fresh.access_token).not.toBe(first.access_token);
    expect(fresh.refresh_token).toBeTruthy();
    expect(fresh.refresh_token).not.toBe(first.refresh_token);
    expect(fresh.expires_in).toBeGreaterThan(0);
    expect(Object.keys(fresh).sort()).toEqual(['access_token', 'expires_in', 'refresh_token']); // no id_token, no scope

    expect(await userinfo(config, fresh.access_token)).toMatchObject({
      sub: ACCOUNT.sub,
      email: ACCOUNT.email,
      name: 'Claire Martin',
      given_name: 'Claire',
      family_name: 'Martin',
    });

    // RFC 6749 §5.2: the provider's error answer stays an UpstreamError with its code.
    const replayed = await failure(refreshTokens(config, first.refresh_token));
    expect(replayed).toBeInstanceOf(UpstreamError);
    expect(replayed).toMatchObject({ kind: 'status', status: 400, code: 'invalid_grant' });
  });

  it('answers a dead access token at userinfo with an UpstreamError 401', async () => {
    expect(await failure(userinfo(config, 'jeton-inconnu'))).toMatchObject({ name: 'UpstreamError', kind: 'status', status: 401 });
  });
});

describe('answers that do not conform', () => {
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const other = { ...({} as Config), OIDC_CLIENT_ID: 'ffr-presse', OIDC_CLIENT_SECRET: 's', UPSTREAM_TIMEOUT_MS: 1000 };

  it('refuses metadata for another issuer (OpenID Connect Discovery §4.3)', async () => {
    const cfg = { ...other, OIDC_ISSUER: 'https://idp.example/realm-a' } as Config;
    vi.stubGlobal('fetch', async () => json({ issuer: 'https://evil.example/realm-a', token_endpoint: 'https://evil.example/token' }));
    expect(await failure(providerMetadata(cfg))).toMatchObject({
      name: 'UpstreamError',
      kind: 'malformed',
      code: 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
    });
  });

  it('refuses a token answer without token_type (RFC 6749 §5.1), and still validates with zod first', async () => {
    const cfg = { ...other, OIDC_ISSUER: 'https://idp.example/realm-b' } as Config;
    const token = vi.fn(async (_url: string, _init: RequestInit) => json({ access_token: 'a', expires_in: 60 }));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) =>
      url.endsWith('/openid-configuration')
        ? json({ issuer: cfg.OIDC_ISSUER, token_endpoint: `${cfg.OIDC_ISSUER}/token` })
        : token(url, init),
    );
    expect(await failure(refreshTokens(cfg, 'r'))).toMatchObject({
      name: 'UpstreamError',
      kind: 'malformed',
      code: 'OAUTH_INVALID_RESPONSE',
    });
    // HTTP Basic (RFC 6749 §2.3.1) with the very header Auth.js sends at sign-in: « - » not escaped.
    const [, init] = token.mock.calls[0]!;
    expect((init.headers as Record<string, string>).authorization).toBe(`Basic ${btoa('ffr-presse:s')}`);
    expect(String(init.body)).toBe('refresh_token=r&grant_type=refresh_token');

    token.mockImplementation(async () => json({ access_token: '', token_type: 'Bearer' }));
    expect(await failure(refreshTokens(cfg, 'r'))).toMatchObject({ name: 'UpstreamError', kind: 'malformed' });
  });

  it('refuses plain http to any provider but the local one', async () => {
    const cfg = { ...other, OIDC_ISSUER: 'http://idp.example' } as Config;
    vi.stubGlobal('fetch', vi.fn());
    expect(await failure(providerMetadata(cfg))).toMatchObject({ code: 'OAUTH_HTTP_REQUEST_FORBIDDEN' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
