// npm run smoke -- --url https://pp.presse.ffr.fr [--version ffr-presse=<version-id>]
// What a deploy must still do, asked of the deployed site itself: the main pages in French with
// every script and stylesheet they name, a search, the health check, a sign-in that reaches the
// identity provider, and a signed purge. CI runs it after the staging deploy and before each step
// of a production rollout (docs/deploy.md); npm test runs it on the local stack
// (test/e2e/smoke.test.ts). Exits 1 with the French list of what failed.
//
// From the environment, when set: HEALTH_TOKEN (the health check's details), PURGE_SECRET (the
// signed purge; without it the purge is skipped, said so), CF_ACCESS_CLIENT_ID and
// CF_ACCESS_CLIENT_SECRET (staging's Cloudflare Access service token).
import { createHmac, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

/** One request's deadline: a deployed site answers in well under a second; 15 s names a hang. */
const REQUEST_MS = 15_000;

/**
 * Runs every check against `url`; `version` (`<worker>=<version id>`) pins each request to that
 * version of a gradual deployment (Cloudflare-Workers-Version-Overrides), so that a canary is
 * checked before it takes traffic. Resolves to the list of results; never throws.
 */
export async function smoke({ url, version, env = process.env, log = () => {} }) {
  const origin = new URL(url).origin;
  const headers = { 'user-agent': 'ffr-presse-smoke/1 (+docs/deploy.md)' };
  if (version) {
    const [worker, id] = version.split('=');
    // developers.cloudflare.com/workers/versions-and-deployments/gradual-deployments/ « Version
    // overrides »: a Dictionary structured header, worker name = quoted version id.
    headers['cloudflare-workers-version-overrides'] = `${worker}="${id}"`;
  }
  if (env.CF_ACCESS_CLIENT_ID && env.CF_ACCESS_CLIENT_SECRET) {
    headers['cf-access-client-id'] = env.CF_ACCESS_CLIENT_ID;
    headers['cf-access-client-secret'] = env.CF_ACCESS_CLIENT_SECRET;
  }
  const get = (path, init = {}) =>
    fetch(new URL(path, origin), {
      redirect: 'manual',
      ...init,
      headers: { ...headers, ...init.headers },
      signal: AbortSignal.timeout(REQUEST_MS),
    });
  const results = [];
  const check = async (name, run) => {
    try {
      const detail = await run();
      results.push({ name, ok: true, detail });
      log(`✔ ${name}${detail ? ` — ${detail}` : ''}`);
    } catch (error) {
      results.push({ name, ok: false, detail: error.message });
      log(`✘ ${name} — ${error.message}`);
    }
  };
  const page = async (path) => {
    const res = await get(path);
    if (res.status !== 200) throw new Error(`${path} : statut ${res.status}`);
    const html = await res.text();
    if (!/<html[^>]* lang="fr"/.test(html)) throw new Error(`${path} : pas une page en français`);
    return html;
  };

  let home = '';
  await check('accueil', async () => {
    home = await page('/');
    return `${home.length.toLocaleString('fr-FR')} caractères`;
  });
  await check('scripts et feuilles de style de l’accueil', async () => {
    const assets = [...new Set([...home.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
    if (assets.length === 0) throw new Error('l’accueil ne nomme aucun fichier /assets/');
    const missing = [];
    for (const path of assets) if ((await get(path)).status !== 200) missing.push(path);
    if (missing.length) throw new Error(`introuvables : ${missing.join(', ')}`);
    return `${assets.length} fichiers`;
  });
  await check('une catégorie', async () => {
    const path = home.match(/href="(\/categories\/[a-z0-9-]+)"/)?.[1];
    if (!path) throw new Error('l’accueil ne mène à aucune catégorie');
    await page(path);
    return path;
  });
  await check('un article', async () => {
    // An article's address is its category's and its own slug (routes in src/index.ts).
    const path = home.match(/href="(\/categories\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1];
    if (!path) throw new Error('l’accueil ne mène à aucun article');
    await page(path);
    return path;
  });
  await check('la recherche', async () => {
    await page('/recherche?query=france');
  });
  await check('l’état de santé', async () => {
    const open = await get('/__health');
    const status = (await open.json()).status;
    if (open.status !== 200 || status !== 'ok') throw new Error(`public : ${open.status} ${status}`);
    if (!env.HEALTH_TOKEN) return 'public seulement (HEALTH_TOKEN absent)';
    const res = await get('/__health', { headers: { authorization: `Bearer ${env.HEALTH_TOKEN}` } });
    const body = await res.json();
    const failing = (body.checks ?? []).filter((c) => !c.ok).map((c) => `${c.name} (${c.error})`);
    if (res.status !== 200 || !body.checks) throw new Error(`détail : ${res.status} ${body.status} ${failing.join(', ')}`);
    return `${body.checks.length} sondes`;
  });
  await check('la connexion mène au fournisseur d’identité', async () => {
    const start = await get(`/connexion/compte-ffr?${new URLSearchParams({ callbackUrl: '/espace-presse' })}`);
    const location = start.headers.get('location');
    if (![302, 303].includes(start.status) || !location) throw new Error(`statut ${start.status}, pas de redirection`);
    const authorize = new URL(location);
    const params = authorize.searchParams;
    if (params.get('response_type') !== 'code' || !params.get('code_challenge') || !params.get('state'))
      throw new Error(`redirection sans code PKCE : ${authorize.origin}${authorize.pathname}`);
    if (params.get('redirect_uri') !== `${origin}/api/auth/callback/ffr`)
      throw new Error(`redirect_uri ${params.get('redirect_uri')}, attendu ${origin}/api/auth/callback/ffr`);
    // The provider's own page: only its answer is asked for, never a sign-in.
    const provider = await fetch(authorize, { redirect: 'manual', signal: AbortSignal.timeout(REQUEST_MS) });
    if (provider.status >= 400) throw new Error(`le fournisseur répond ${provider.status}`);
    return authorize.origin;
  });
  await check('une purge signée', async () => {
    if (!env.PURGE_SECRET) return 'non faite (PURGE_SECRET absent)';
    // The forms' models alone: the cheapest purge, that no reader notices.
    // With a nonce, as the plugin sends them: the site takes a signature once.
    const body = JSON.stringify({
      type: 'form',
      action: 'update',
      form: { id: 999_999, slug: 'controle-apres-deploiement' },
      nonce: randomUUID(),
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', env.PURGE_SECRET).update(`${timestamp}.${body}`).digest('base64');
    const res = await get('/api/purge', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ffr-timestamp': timestamp, 'x-ffr-signature': signature },
      body,
    });
    const answer = await res.json().catch(() => ({}));
    if (res.status !== 200 || !answer.effectiveAt) throw new Error(`statut ${res.status} ${answer.error ?? ''}`.trim());
    return `effective à ${answer.effectiveAt}`;
  });
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, version: { type: 'string' } } });
  if (!values.url || !URL.canParse(values.url) || (values.version && !/^[\w-]+=[0-9a-f-]{36}$/.test(values.version))) {
    console.error('npm run smoke -- --url https://… [--version <worker>=<id de version>]');
    process.exit(2);
  }
  console.log(`Contrôle de ${values.url}${values.version ? ` (version ${values.version})` : ''}`);
  const results = await smoke({ url: values.url, version: values.version, log: console.log });
  const failed = results.filter((r) => !r.ok);
  console.log(
    failed.length ? `✘ ${failed.length} contrôle${failed.length > 1 ? 's' : ''} en échec` : `✔ ${results.length} contrôles passés`,
  );
  process.exit(failed.length ? 1 : 0);
}
