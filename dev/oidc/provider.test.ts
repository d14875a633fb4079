import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../content/types.js';
import { createIdentityProvider, LOGIN_ERROR, mountIdentityProvider, type IdentityProvider } from './provider.js';

// End-to-end flows against the real oidc-provider over HTTP, driven with plain fetch: redirects
// are followed by hand and cookies kept in a tiny jar, as a browser (or Auth.js) would.

const PASSWORD = 'Rugby2026!';
const ACCOUNTS: TestAccount[] = [
  {
    sub: 'ffr-1001',
    login: 'claire.martin',
    password: PASSWORD,
    email: 'claire.martin@exemple.fr',
    first_name: 'Claire',
    last_name: 'Martin',
    journaliste: 'oui',
    journaliste_optin_whatsapp: true,
  },
  {
    sub: 'ffr-1002',
    login: 'hugo.bernard',
    password: PASSWORD,
    email: 'hugo.bernard@exemple.fr',
    first_name: 'Hugo',
    last_name: 'Bernard',
    journaliste: 'a_valider',
    journaliste_optin_whatsapp: false,
  },
  {
    sub: 'ffr-1003',
    login: 'lea.dubois',
    password: PASSWORD,
    email: 'lea.dubois@exemple.fr',
    first_name: 'Léa',
    last_name: 'Dubois',
    journaliste: 'non',
    journaliste_optin_whatsapp: false,
  },
  {
    sub: 'ffr-1004',
    login: 'o.brien',
    password: PASSWORD,
    email: "o'brien+test@exemple.fr",
    first_name: 'Seán',
    last_name: "O'Brien",
    journaliste: '',
    journaliste_optin_whatsapp: false,
  },
];
const CLIENT = { client_id: 'ffr-presse', client_secret: 'ffr-presse-local-secret' };
const REDIRECT_URI = 'http://127.0.0.1:8787/api/auth/callback/ffr';
const POST_LOGOUT_URI = 'http://127.0.0.1:8787/';

type Harness = { origin: string; issuer: string; idp: IdentityProvider; server: Server };

async function startHarness(accessTokenTtlSeconds?: number): Promise<Harness> {
  let route: ReturnType<typeof mountIdentityProvider> | undefined;
  // The issuer needs the port, so the provider is created once the server listens.
  const server = createServer((req, res) => {
    if (!route) return void res.writeHead(503).end();
    route(req, res, () => res.writeHead(404, { 'content-type': 'text/plain' }).end('hors fournisseur'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const issuer = `${origin}/oidc`;
  const idp = createIdentityProvider({
    issuer,
    accounts: ACCOUNTS,
    clients: [{ ...CLIENT, redirect_uris: [REDIRECT_URI], post_logout_redirect_uris: [POST_LOGOUT_URI] }],
    accessTokenTtlSeconds,
  });
  route = mountIdentityProvider('/oidc', idp);
  return { origin, issuer, idp, server };
}

const stop = (h: Harness | undefined) =>
  new Promise<void>((resolve) => {
    if (!h) return resolve();
    h.server.closeAllConnections();
    h.server.close(() => resolve());
  });

class CookieJar {
  #cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='));
      const gone = !value || (expires && Date.parse(expires.split('=')[1] ?? '') <= Date.now());
      if (gone) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

function pkcePair() {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const [, payload = ''] = jwt.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function request(jar: CookieJar, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

/** Follows redirects (GET) until one leaves the identity provider or a page is rendered. */
async function follow(jar: CookieJar, h: Harness, response: Response): Promise<{ response: Response; url?: string }> {
  let current = response;
  for (let hops = 0; hops < 10; hops += 1) {
    const location = current.headers.get('location');
    if (current.status < 300 || current.status >= 400 || !location) return { response: current };
    const next = new URL(location, h.origin).href;
    if (!next.startsWith(h.issuer)) return { response: current, url: next };
    await current.body?.cancel();
    current = await request(jar, next);
  }
  throw new Error('too many redirects');
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const basicAuth = `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString('base64')}`;

type TokenSet = { access_token: string; id_token: string; refresh_token: string; token_type: string; expires_in: number; scope: string };

/** Authorization request up to the login page; returns the form action and the PKCE verifier. */
async function startLogin(h: Harness, jar: CookieJar, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkcePair();
  const state = base64url(randomBytes(12));
  const auth = new URL(`${h.issuer}/auth`);
  auth.search = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email offline_access',
    state,
    nonce: 'nonce-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  const { response: loginPage } = await follow(jar, h, await request(jar, auth.href));
  const html = await loginPage.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  return { verifier, state, loginPage, html, action: action ? new URL(action, h.origin).href : '' };
}

async function signIn(h: Harness, jar: CookieJar, email = ACCOUNTS[0]!.email) {
  const login = await startLogin(h, jar);
  const submitted = await request(jar, login.action, form({ email, password: PASSWORD }));
  const { url } = await follow(jar, h, submitted);
  const callback = new URL(url ?? 'http://invalid/');
  return { ...login, callback };
}

async function exchangeCode(h: Harness, code: string, verifier: string) {
  const response = await fetch(`${h.issuer}/token`, {
    method: 'POST',
    headers: { authorization: basicAuth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenSet & { error?: string } };
}

async function refresh(h: Harness, refreshToken: string) {
  // client_secret_post here, client_secret_basic for the code: both must work.
  const response = await fetch(`${h.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, ...CLIENT }).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenSet & { error?: string; error_description?: string } };
}

describe('identity provider (oidc-provider, authorization code + PKCE)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => stop(h));

  it('publishes discovery with every endpoint under the issuer path', async () => {
    const response = await fetch(`${h.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const meta = (await response.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(h.issuer);
    expect(meta.authorization_endpoint).toBe(`${h.issuer}/auth`);
    expect(meta.token_endpoint).toBe(`${h.issuer}/token`);
    expect(meta.userinfo_endpoint).toBe(`${h.issuer}/me`);
    expect(meta.jwks_uri).toBe(`${h.issuer}/jwks`);
    expect(meta.end_session_endpoint).toBe(`${h.issuer}/session/end`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(['client_secret_basic', 'client_secret_post']));
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access', 'journaliste']));
    expect(meta.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'journaliste']),
    );

    const jwks = (await (await fetch(meta.jwks_uri as string)).json()) as { keys: Array<{ alg?: string; d?: string }> };
    expect(jwks.keys.some((key) => key.alg === 'RS256')).toBe(true);
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
  });

  it('routes only paths under the issuer', () => {
    expect(h.idp.handles('/oidc')).toBe(true);
    expect(h.idp.handles('/oidc/token')).toBe(true);
    expect(h.idp.handles('/oidc?x=1')).toBe(true);
    expect(h.idp.handles('/oidcx')).toBe(false);
    expect(h.idp.handles('/wp-json/ffr/v1/posts')).toBe(false);
  });

  it('runs the full flow: login page, wrong password, code, tokens, userinfo, rotation', async () => {
    const jar = new CookieJar();
    const login = await startLogin(h, jar);

    // The French login page, with the test accounts box.
    expect(login.loginPage.status).toBe(200);
    expect(login.loginPage.headers.get('content-type')).toContain('text/html');
    expect(login.html).toContain('<html lang="fr">');
    expect(login.html).toContain('Connexion à votre espace FFR');
    expect(login.html).toContain('<label for="email">Adresse e-mail</label>');
    expect(login.html).toContain('<label for="password">Mot de passe</label>');
    expect(login.html).toContain('>Se connecter</button>');
    expect(login.html).toContain('Comptes de test');
    expect(login.html).toContain(`<code>${PASSWORD}</code>`);
    expect(login.html).toContain('claire.martin@exemple.fr');
    expect(login.html).toContain('o&#39;brien+test@exemple.fr'); // escaped
    expect(login.action).toMatch(new RegExp(`^${h.issuer}/interaction/[\\w-]+$`));

    // Wrong password: same form again, French error, e-mail kept (and escaped).
    const typed = "O'Brien+test@exemple.fr";
    const bad = await request(jar, login.action, form({ email: typed, password: 'mauvais' }));
    expect(bad.status).toBe(200);
    const badHtml = await bad.text();
    expect(badHtml).toContain(LOGIN_ERROR);
    expect(badHtml).toContain('role="alert"');
    expect(badHtml).toContain('value="O&#39;Brien+test@exemple.fr"');
    expect(badHtml).toContain('aria-invalid="true"');

    // Right password (e-mail is case-insensitive): consent is granted without a screen and the
    // browser lands on the relying party's callback with a code.
    const good = await request(jar, login.action, form({ email: 'Claire.Martin@exemple.fr', password: PASSWORD }));
    expect(good.status).toBe(303);
    const { url } = await follow(jar, h, good);
    expect(url).toBeDefined();
    const callback = new URL(url!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(login.state);
    expect(callback.searchParams.get('iss')).toBe(h.issuer);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    // Code exchange with client_secret_basic.
    const tokens = await exchangeCode(h, code!, login.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('Bearer');
    expect(tokens.body.expires_in).toBeGreaterThan(3500);
    expect(tokens.body.access_token).toMatch(/^[\w-]{20,}$/); // opaque, not a JWT
    expect(tokens.body.refresh_token).toBeTruthy();
    const claims = decodeJwtPayload(tokens.body.id_token);
    expect(claims).toMatchObject({ iss: h.issuer, aud: CLIENT.client_id, sub: 'ffr-1001', nonce: 'nonce-123' });
    // Conformant ID token (conformIdTokenClaims on): with an access token issued, the scope claims
    // are for userinfo only.
    expect(claims.email).toBeUndefined();
    expect(claims.name).toBeUndefined();
    expect(claims.journaliste).toBeUndefined();

    expect(await h.idp.verifyAccessToken(tokens.body.access_token)).toEqual(ACCOUNTS[0]);
    expect(await h.idp.verifyAccessToken('inconnu')).toBeNull();
    expect(await h.idp.verifyAccessToken('')).toBeNull();

    const me = await fetch(`${h.issuer}/me`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      sub: 'ffr-1001',
      email: 'claire.martin@exemple.fr',
      email_verified: true,
      name: 'Claire Martin',
      given_name: 'Claire',
      family_name: 'Martin',
    });

    // Refresh (client_secret_post): a new refresh token and a new working access token.
    const first = await refresh(h, tokens.body.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens.body.refresh_token);
    expect(first.body.access_token).not.toBe(tokens.body.access_token);
    expect(decodeJwtPayload(first.body.id_token)).toMatchObject({ sub: 'ffr-1001' });
    expect(await h.idp.verifyAccessToken(first.body.access_token)).toEqual(ACCOUNTS[0]);

    // The rotated token chains.
    const second = await refresh(h, first.body.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);

    // Reusing a consumed refresh token is rejected; oidc-provider then revokes the whole grant
    // (reuse detection), so the latest tokens die too.
    const reused = await refresh(h, tokens.body.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    expect(await h.idp.verifyAccessToken(second.body.access_token)).toBeNull();
    expect((await refresh(h, second.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('accepts the login instead of the e-mail and grants the custom journaliste scope', async () => {
    const jar = new CookieJar();
    const { verifier, action } = await startLogin(h, jar, { scope: 'openid profile email journaliste' });
    const { url } = await follow(jar, h, await request(jar, action, form({ email: 'hugo.bernard', password: PASSWORD })));
    const code = new URL(url!).searchParams.get('code')!;
    const tokens = await exchangeCode(h, code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'journaliste']));
    // No offline_access asked, a refresh token all the same (issueRefreshToken).
    expect(tokens.body.refresh_token).toBeTruthy();
    expect(decodeJwtPayload(tokens.body.id_token)).toMatchObject({ sub: 'ffr-1002' });
    const me = await fetch(`${h.issuer}/me`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(await me.json()).toMatchObject({ sub: 'ffr-1002', journaliste: 'a_valider', journaliste_optin_whatsapp: false });
  });

  it('signs a returning browser in without the form (IdP session)', async () => {
    const jar = new CookieJar();
    await signIn(h, jar, ACCOUNTS[2]!.email);
    const again = await startLogin(h, jar); // follow() stops at the relying party this time
    expect(again.loginPage.status).toBe(303);
    expect(again.loginPage.headers.get('location')).toContain(`${REDIRECT_URI}?code=`);
  });

  it('requires PKCE and rejects a wrong verifier or client secret', async () => {
    const jar = new CookieJar();
    const auth = new URL(`${h.issuer}/auth`);
    auth.search = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT.client_id,
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      state: 's',
    }).toString();
    const noPkce = await request(jar, auth.href);
    expect(noPkce.status).toBe(303);
    const error = new URL(noPkce.headers.get('location')!);
    expect(error.searchParams.get('error')).toBe('invalid_request');
    expect(error.searchParams.get('error_description')).toContain('PKCE');

    const { callback } = await signIn(h, jar);
    const code = callback.searchParams.get('code')!;
    expect((await exchangeCode(h, code, pkcePair().verifier)).body.error).toBe('invalid_grant');

    const wrongSecret = await fetch(`${h.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: CLIENT.client_id,
        client_secret: 'faux',
      }).toString(),
    });
    expect(wrongSecret.status).toBe(401);
    expect(((await wrongSecret.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('treats a replayed authorization code as an attack: invalid_grant and tokens revoked', async () => {
    const jar = new CookieJar();
    const { callback, verifier } = await signIn(h, jar);
    const code = callback.searchParams.get('code')!;
    const tokens = await exchangeCode(h, code, verifier);
    expect(await h.idp.verifyAccessToken(tokens.body.access_token)).toEqual(ACCOUNTS[0]);
    expect((await exchangeCode(h, code, verifier)).body.error).toBe('invalid_grant');
    expect(await h.idp.verifyAccessToken(tokens.body.access_token)).toBeNull();
  });

  it('cancels a login back to the relying party with access_denied', async () => {
    const jar = new CookieJar();
    const { action, state } = await startLogin(h, jar);
    const { url } = await follow(jar, h, await request(jar, `${action}/abort`));
    const back = new URL(url!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
  });

  it('answers a stale interaction URL with a French page, not a crash', async () => {
    const response = await fetch(`${h.issuer}/interaction/inconnu`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('lang="fr"');
    expect(html).toContain('Session de connexion expirée');
  });

  it('logs out (RP-initiated) with a French confirmation and revokes the tokens', async () => {
    const jar = new CookieJar();
    const { callback, verifier } = await signIn(h, jar, ACCOUNTS[1]!.email);
    const tokens = await exchangeCode(h, callback.searchParams.get('code')!, verifier);
    expect(await h.idp.verifyAccessToken(tokens.body.access_token)).toEqual(ACCOUNTS[1]);

    const end = new URL(`${h.issuer}/session/end`);
    end.search = new URLSearchParams({
      id_token_hint: tokens.body.id_token,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: 'au-revoir',
    }).toString();
    const confirm = await request(jar, end.href);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('lang="fr"');
    expect(html).toContain('Se déconnecter de la FFR ?');
    expect(html).toContain('>Se déconnecter</button>');
    const formAction = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(formAction).toBe(`${h.issuer}/session/end/confirm`);

    const done = await request(jar, formAction!, form({ xsrf: xsrf!, logout: 'yes' }));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${POST_LOGOUT_URI}?state=au-revoir`);
    expect(await h.idp.verifyAccessToken(tokens.body.access_token)).toBeNull();
    expect((await refresh(h, tokens.body.refresh_token)).body.error).toBe('invalid_grant');

    // Signed out at the IdP: the next authorization shows the form again.
    const again = await startLogin(h, jar);
    expect(again.html).toContain('Connexion à votre espace FFR');
  });
});

describe('identity provider with short-lived access tokens', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(1);
  });
  afterAll(() => stop(h));

  it('expires access tokens after accessTokenTtlSeconds, and refresh still works', async () => {
    const jar = new CookieJar();
    const { callback, verifier } = await signIn(h, jar);
    const tokens = await exchangeCode(h, callback.searchParams.get('code')!, verifier);
    expect(tokens.body.expires_in).toBe(1);
    expect(await h.idp.verifyAccessToken(tokens.body.access_token)).toEqual(ACCOUNTS[0]);

    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await h.idp.verifyAccessToken(tokens.body.access_token)).toBeNull();
    const me = await fetch(`${h.issuer}/me`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(me.status).toBe(401);

    const renewed = await refresh(h, tokens.body.refresh_token);
    expect(renewed.status).toBe(200);
    expect(await h.idp.verifyAccessToken(renewed.body.access_token)).toEqual(ACCOUNTS[0]);
  });
});
