import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Configuration, type Interaction } from 'oidc-provider';
import devKeystore from 'oidc-provider/lib/consts/dev_keystore.js';
import type { TestAccount } from '../content/types.js';

// The federation's OpenID Connect identity provider, emulated with the real `oidc-provider`
// (v9): authorization code + PKCE, rotating refresh tokens, RP-initiated logout, and a French
// login page listing the seeded test accounts. State lives in memory (library default).

export type IdentityProviderClient = {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
};

export type IdentityProviderOptions = {
  issuer: string; // e.g. http://127.0.0.1:8790/oidc
  accounts: TestAccount[];
  clients: IdentityProviderClient[];
  accessTokenTtlSeconds?: number; // default 3600
  /** Characters of each opaque access and refresh token (default 1 600, as large as real ones). */
  tokenLength?: number;
};

export type IdentityProvider = {
  /** Node handler for every request whose path is under the issuer path (prefix included). */
  callback: (req: IncomingMessage, res: ServerResponse) => void;
  /** True when `url` (path + query, as in `req.url`) belongs to the identity provider. */
  handles: (url: string) => boolean;
  /** The account behind a valid, unexpired opaque access token; null otherwise. */
  verifyAccessToken: (token: string) => Promise<TestAccount | null>;
  provider: Provider;
  /** The issuer's path, without trailing slash ("/oidc"). */
  mountPath: string;
};

export const LOGIN_ERROR = 'Adresse e-mail ou mot de passe incorrect.';

// Signed-cookie keys. A fixed value keeps interaction cookies valid across emulator restarts;
// this is a local emulator, nothing here protects real accounts.
const COOKIE_KEYS = ['ffr-oidc-emulateur-local-cle-cookies-1'];

const DAY = 24 * 60 * 60;

export function createIdentityProvider(options: IdentityProviderOptions): IdentityProvider {
  const { issuer, accounts, clients } = options;
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 3600;
  const tokenLength = options.tokenLength ?? 1600;
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, '');

  const accountBySub = (sub: string) => accounts.find((account) => account.sub === sub);

  const configuration: Configuration = {
    clients: clients.map((client) => ({
      client_id: client.client_id,
      client_secret: client.client_secret,
      redirect_uris: client.redirect_uris,
      post_logout_redirect_uris: client.post_logout_redirect_uris ?? [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // client_secret_post is accepted too: oidc-provider treats basic and post as one family.
      token_endpoint_auth_method: 'client_secret_basic',
    })),

    async findAccount(_ctx, sub) {
      const account = accountBySub(sub);
      if (!account) return undefined;
      // All claims are returned; oidc-provider keeps only those the granted scopes allow.
      return { accountId: account.sub, claims: () => accountClaims(account) };
    },

    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      // Custom scope: lets a relying party read the press status straight from the tokens.
      journaliste: ['journaliste', 'journaliste_optin_whatsapp'],
    },
    scopes: ['openid', 'offline_access'], // profile, email and journaliste come from `claims`
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    pkce: { required: () => true }, // S256 is the only method oidc-provider 9 supports

    // conformIdTokenClaims stays at its default (true), as on a conformant provider: a code flow
    // puts only `sub` in the ID token, name and e-mail come from userinfo (OpenID Connect Core
    // §5.4), and the site's sign-in has to ask for them (src/auth/config.server.ts).

    // Auth.js does not send prompt=consent, so oidc-provider drops offline_access from its
    // requests; issue a refresh token to every code exchange of a client allowed to refresh.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Single-use refresh tokens, like the federation's: a reused one is rejected (invalid_grant)
    // and, by oidc-provider's reuse detection, revokes the whole grant.
    rotateRefreshToken: true,

    // Strict expiry: the default 15 s tolerance would keep "expired" tokens alive at /me, and the
    // worker's tests rely on short access token lifetimes. Everything runs on one clock anyway.
    clockTolerance: 0,

    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 14 * DAY,
      Interaction: 3600,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },

    // Real providers hand out access and refresh tokens of 1–2 KB (JWTs with many claims): opaque
    // ones of that size here, so that the site's session cookie is as large as in production and
    // gets split in chunks. 6 bits a character (oidc-provider lib/models/formats/opaque.js).
    formats: {
      bitsOfOpaqueRandomness: (_ctx, token) => (token.kind === 'AccessToken' || token.kind === 'RefreshToken' ? tokenLength * 6 : 256),
    },

    cookies: { keys: COOKIE_KEYS },
    // The library's fixed development keys: deterministic, no key generation, and ID tokens
    // (id_token_hint at logout) stay verifiable after an emulator restart.
    jwks: devKeystore,

    // Our own pages live under the issuer path, served by `callback` below (not by the Koa app):
    // the interaction cookie is scoped to exactly this path.
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },

    // Browser calls to /me are allowed from the clients' own origins only.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris.some((uri) => originOf(uri) === origin),

    renderError(ctx, out) {
      // Only errors that cannot go back to a redirect_uri land here (unknown client, bad
      // redirect_uri, expired logout form…): a French sentence, the library's detail below.
      const error = String(out.error);
      ctx.type = 'html';
      ctx.body = errorPage(
        'Une erreur est survenue',
        ERROR_MESSAGES[error] ?? 'La demande de connexion n’a pas pu aboutir.',
        error,
        out.error_description ? String(out.error_description) : undefined,
      );
    },

    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.body = logoutPage(form, ctx.oidc.client?.clientName);
        },
        postLogoutSuccessSource(ctx) {
          ctx.body = page('Vous êtes déconnecté', `<h1>Vous êtes déconnecté</h1><p>Vous avez quitté votre espace FFR. À bientôt !</p>`);
        },
      },
    },
  };

  const provider = new Provider(issuer, configuration);
  const koa = provider.callback();

  const handles = (url: string) => url === mountPath || url.startsWith(`${mountPath}/`) || url.startsWith(`${mountPath}?`);

  const interactionPath = new RegExp(`^${escapeRegExp(mountPath)}/interaction/([A-Za-z0-9_-]+)(/abort)?/?$`);

  const authenticate = (identifier: string, password: string): TestAccount | undefined => {
    const wanted = identifier.trim().toLowerCase();
    if (!wanted) return undefined;
    const account = accounts.find((a) => a.email.toLowerCase() === wanted || a.login.toLowerCase() === wanted);
    return account && account.password === password ? account : undefined;
  };

  // Consent is never shown: every client is the federation's own, so whatever it asks for is
  // granted (the pattern of oidc-provider's example, minus the screen).
  const grantConsent = async (req: IncomingMessage, res: ServerResponse, details: Interaction) => {
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent prompt without a signed-in account');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: details.params.client_id });
    if (!grant) throw new errors.SessionNotFound('grant not found');
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
  };

  const handleInteraction = async (req: IncomingMessage, res: ServerResponse, uid: string, abort: boolean) => {
    let details: Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return sendExpired(res);
      throw error;
    }
    // The cookie names the interaction in progress; an old tab's URL must not drive it.
    if (details.uid !== uid) return sendExpired(res);

    if (abort) {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'Connexion annulée par l’utilisateur.' },
        { mergeWithLastSubmission: false },
      );
    }

    if (details.prompt.name === 'consent') return grantConsent(req, res, details);
    if (details.prompt.name !== 'login') {
      return sendHtml(res, 400, errorPage('Étape inconnue', 'Cette étape de connexion n’est pas prise en charge.', details.prompt.name));
    }

    const action = `${mountPath}/interaction/${uid}`;
    const abortUrl = `${action}/abort`;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      return sendHtml(res, 200, loginPage({ action, abortUrl, email: hint, accounts }));
    }
    if (req.method !== 'POST')
      return sendHtml(res, 405, errorPage('Méthode non autorisée', 'Utilisez le formulaire de connexion.'), { allow: 'GET, POST' });

    const form = await readForm(req);
    const email = form.get('email') ?? '';
    const account = authenticate(email, form.get('password') ?? '');
    if (!account) return sendHtml(res, 200, loginPage({ action, abortUrl, email, accounts, error: LOGIN_ERROR }));
    // No `remember: false`: the session cookie persists, as on the federation's portal.
    return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  };

  const callback = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (!handles(url)) {
      sendHtml(res, 404, errorPage('Page introuvable', 'Cette adresse n’existe pas.'));
      return;
    }
    const path = url.split('?', 1)[0] ?? url;
    const interaction = interactionPath.exec(path);
    if (interaction) {
      handleInteraction(req, res, interaction[1] ?? '', interaction[2] !== undefined).catch((error: unknown) => {
        console.error('[oidc] interaction', error);
        if (!res.headersSent) sendHtml(res, 500, errorPage('Erreur interne', 'La connexion n’a pas pu aboutir. Réessayez.'));
        else res.end();
      });
      return;
    }
    // oidc-provider routes without the issuer path and rebuilds its own URLs from
    // `req.originalUrl` minus `req.url` (what express and koa-mount do): strip the prefix and
    // keep the original, so discovery and redirects point under `${issuer}`.
    const mutable = req as IncomingMessage & { originalUrl?: string };
    mutable.originalUrl = url;
    const rest = url.slice(mountPath.length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    koa(req, res);
  };

  const verifyAccessToken = async (token: string): Promise<TestAccount | null> => {
    if (!token) return null;
    // find() also drops tokens whose IdP session ended (expiresWithSession) and revoked ones.
    const accessToken = await provider.AccessToken.find(token);
    if (!accessToken || accessToken.isExpired) return null;
    const grant = await provider.Grant.find(accessToken.grantId);
    if (!grant) return null;
    return accountBySub(accessToken.accountId) ?? null;
  };

  return { callback, handles, verifyAccessToken, provider, mountPath };
}

/** Routing helper for a plain Node server: `if (idp.handles(req.url)) return idp.callback(req, res)`. */
export function mountIdentityProvider(issuerPath: string, idp: Pick<IdentityProvider, 'callback' | 'mountPath'>) {
  const base = issuerPath.replace(/\/+$/, '');
  if (base !== idp.mountPath) throw new Error(`issuer path ${idp.mountPath} cannot be mounted at ${base}`);
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = req.url ?? '/';
    if (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) idp.callback(req, res);
    else next();
  };
}

export function accountClaims(account: TestAccount) {
  return {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    given_name: account.first_name,
    family_name: account.last_name,
    name: `${account.first_name} ${account.last_name}`.trim(),
    preferred_username: account.login,
    journaliste: account.journaliste,
    journaliste_optin_whatsapp: account.journaliste_optin_whatsapp,
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

const FORM_LIMIT = 16 * 1024;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = String(req.headers['content-type'] ?? '');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > FORM_LIMIT) break;
    chunks.push(buffer);
  }
  if (!type.startsWith('application/x-www-form-urlencoded') || size > FORM_LIMIT) return new URLSearchParams();
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: after the login POST the browser follows redirects to the relying party.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...headers,
  });
  res.end(html);
}

function sendExpired(res: ServerResponse) {
  sendHtml(
    res,
    400,
    errorPage(
      'Session de connexion expirée',
      'Cette demande de connexion a expiré ou a déjà été utilisée. Revenez au site et cliquez à nouveau sur « Se connecter ».',
    ),
  );
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---------------------------------------------------------------------------------------------
// Pages (French, federation colours: navy #002a5c, red #e4002b)

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;background:#eef1f5;color:#1a1f29;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{width:100%;max-width:27rem;background:#fff;border-top:6px solid #e4002b;border-radius:8px;box-shadow:0 2px 14px rgba(0,42,92,.16);padding:2rem}
.marque{display:inline-block;background:#002a5c;color:#fff;font-weight:800;letter-spacing:.1em;padding:.2rem .6rem;border-radius:4px}
h1{color:#002a5c;font-size:1.45rem;line-height:1.25;margin:1rem 0 1.25rem}
label{display:block;font-weight:600;color:#002a5c;margin:1rem 0 .35rem}
input{width:100%;padding:.7rem .8rem;font:inherit;color:inherit;border:1px solid #5b6b7f;border-radius:4px}
input[aria-invalid=true]{border-color:#c00025}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #e4002b;outline-offset:2px}
button{display:block;width:100%;margin-top:1.5rem;padding:.8rem 1rem;font:inherit;font-weight:700;color:#fff;background:#002a5c;border:2px solid #002a5c;border-radius:4px;cursor:pointer}
button:hover{background:#e4002b;border-color:#e4002b}
button.secondaire{margin-top:.75rem;color:#002a5c;background:#fff}
button.secondaire:hover{color:#fff;background:#002a5c;border-color:#002a5c}
.erreur{margin:0 0 1rem;padding:.75rem 1rem;color:#a3001f;background:#fdecef;border-left:4px solid #e4002b;border-radius:4px;font-weight:600}
.annuler{display:inline-block;margin-top:1rem;color:#002a5c}
.comptes{margin-top:2rem;padding:1rem;font-size:.875rem;background:#f4f6f9;border:1px dashed #5b6b7f;border-radius:6px}
.comptes h2{margin:0 0 .5rem;font-size:1rem;color:#002a5c}
.comptes ul{margin:0 0 .5rem;padding-left:1.2rem}
.comptes p{margin:0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.95em;background:#fff;padding:0 .25rem;border-radius:3px;word-break:break-all}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — Fédération française de rugby</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="marque" aria-hidden="true">FFR</span>
${body}
</main>
</body>
</html>`;
}

const STATUS_LABELS: Record<TestAccount['journaliste'], string> = {
  oui: 'journaliste accrédité',
  non: 'non journaliste',
  a_valider: 'demande journaliste à valider',
  refuse: 'demande journaliste refusée',
  en_attente_infos: 'demande en attente d’informations',
  '': 'grand public',
};

function testAccountsBox(accounts: TestAccount[]): string {
  if (!accounts.length) return '';
  const passwords = new Set(accounts.map((account) => account.password));
  const shared = passwords.size === 1 ? [...passwords][0] : undefined;
  const items = accounts
    .map((account) => {
      const own = shared === undefined ? ` (mot de passe <code>${escapeHtml(account.password)}</code>)` : '';
      return `<li><code>${escapeHtml(account.email)}</code> — ${escapeHtml(STATUS_LABELS[account.journaliste] ?? account.journaliste)}${own}</li>`;
    })
    .join('');
  const password = shared !== undefined ? `<p>Mot de passe commun : <code>${escapeHtml(shared)}</code></p>` : '';
  return `<aside class="comptes" aria-labelledby="comptes-titre">
<h2 id="comptes-titre">Comptes de test</h2>
<ul>${items}</ul>
${password}
</aside>`;
}

function loginPage(input: { action: string; abortUrl: string; email: string; accounts: TestAccount[]; error?: string }): string {
  const { action, abortUrl, email, accounts, error } = input;
  const invalid = error ? ' aria-invalid="true" aria-describedby="erreur"' : '';
  const alert = error ? `<p class="erreur" id="erreur" role="alert">${escapeHtml(error)}</p>` : '';
  return page(
    'Connexion à votre espace FFR',
    `<h1>Connexion à votre espace FFR</h1>
${alert}
<form method="post" action="${escapeHtml(action)}">
<label for="email">Adresse e-mail</label>
<input id="email" name="email" type="text" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${invalid}${error || !email ? ' autofocus' : ''}>
<label for="password">Mot de passe</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${!error && email ? ' autofocus' : ''}>
<button type="submit">Se connecter</button>
</form>
<a class="annuler" href="${escapeHtml(abortUrl)}">Annuler et revenir au site</a>
${testAccountsBox(accounts)}`,
  );
}

function logoutPage(form: string, clientName?: string): string {
  // `form` is oidc-provider's own hidden form (action + xsrf), rendered as is.
  const where = clientName ? ` et de ${escapeHtml(clientName)}` : '';
  return page(
    'Se déconnecter de la FFR ?',
    `<h1>Se déconnecter de la FFR ?</h1>
<p>Vous allez quitter votre espace FFR${where}.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Se déconnecter</button>
<button type="submit" form="op.logoutForm" class="secondaire">Rester connecté à la FFR</button>`,
  );
}

const ERROR_MESSAGES: Record<string, string> = {
  invalid_client: 'L’application qui demande la connexion n’est pas reconnue par la FFR.',
  invalid_redirect_uri: 'L’adresse de retour demandée n’est pas autorisée pour cette application.',
  invalid_request: 'La demande de connexion est invalide ou incomplète.',
  access_denied: 'L’accès a été refusé.',
  session_not_found: 'Votre session de connexion a expiré. Recommencez depuis le site.',
  server_error: 'Le service de connexion a rencontré une erreur. Réessayez dans un instant.',
};

function errorPage(title: string, message: string, code?: string, description?: string): string {
  const detail = code
    ? `<p>Code : <code>${escapeHtml(code)}</code>${description ? ` — <span lang="en">${escapeHtml(description)}</span>` : ''}</p>`
    : '';
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${detail}`);
}
