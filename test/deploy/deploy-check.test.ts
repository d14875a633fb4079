import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// npm run deploy:check, as a developer runs it before a deploy (scripts/deploy-check.mjs).
const root = fileURLToPath(new URL('../../', import.meta.url));
const check = (...args: string[]) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${root}scripts/deploy-check.mjs`, ...args], { cwd: root, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
};
const example = `${root}test/deploy/wrangler.example.jsonc`;
const scratch = mkdtempSync(join(tmpdir(), 'ffr-deploy-check-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run deploy:check', () => {
  it('refuses the committed configuration with the French list of what to fill in', () => {
    const { status, out } = check('--env', 'production');
    expect(status).toBe(1);
    for (const name of [
      'kv_namespaces[0].id',
      'WP_API_URL',
      'STATIC_LISTS_URL',
      'MIDDLEWARE_URL',
      'ALGOLIA_APP_ID',
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
    ])
      expect(out).toContain(`env.production.${name.startsWith('kv') ? name : `vars.${name}`} : à remplir — `);
    expect(out).toContain('7 points à régler avant de déployer (production, wrangler.jsonc)');
    // Nothing else is wrong with it: names, domain, counters, schema, bundle and startup pass.
    expect(out.match(/^ {2}– /gm)).toHaveLength(7);
  }, 60_000);

  it('asks for an environment: the top level is the developer’s machine', () => {
    const { status, out } = check();
    expect(status).toBe(1);
    expect(out).toContain('précisez l’environnement : --env staging ou --env production');
  });

  it('accepts a complete configuration, naming the secrets to set and measuring the bundle and its startup', () => {
    for (const env of ['staging', 'production']) {
      const { status, out } = check('--env', env, '--config', example);
      expect(status, out).toBe(0);
      expect(out).toContain(`✔ prêt à déployer (${env}`);
      expect(out).toContain(
        `npx wrangler secret put <NOM> --env ${env}) : MIDDLEWARE_TOKEN, WP_PREVIEW_CREDENTIALS, CF7_CREDENTIALS, ALGOLIA_SEARCH_KEY, OIDC_CLIENT_SECRET, AUTH_SECRET, PURGE_SECRET, PREVIEW_SECRET`,
      );
      expect(out).toMatch(/paquet : [\d\u202f ]+ o, [\d\u202f ]+ o gzip/);
      expect(out).toMatch(/démarrage : [\d.]+ ms/);
    }
  }, 60_000);

  it('finds an environment that would share or leak: workers.dev on, no custom domain, http, shared counters and namespace, a secret in the file', () => {
    const text = readFileSync(example, 'utf8')
      .replace('"../../node_modules/wrangler/config-schema.json"', `"${root}node_modules/wrangler/config-schema.json"`)
      .replace('"../../src/index.ts"', `"${root}src/index.ts"`)
      .replace('"../../public"', `"${root}public"`)
      .replace('"name": "ffr-presse-staging",\n      "workers_dev": false,', '"name": "ffr-presse-staging",\n      "workers_dev": true,')
      .replace('"pattern": "pp.presse.ffr.fr"', '"pattern": "autre.ffr.fr"')
      .replace('"https://pp-middleware.ffr.fr"', '"http://pp-middleware.ffr.fr", "PURGE_SECRET": "en-clair-dans-le-fichier-0123456789"')
      .replace('"0f1e2d3c4b5a69788796a5b4c3d2e1f0"', '"9a8b7c6d5e4f30211203f4e5d6c7b8a9"')
      .replace('"namespace_id": "2001"', '"namespace_id": "3001"');
    const file = join(scratch, 'wrangler.jsonc');
    writeFileSync(file, text);
    const { status, out } = check('--env', 'staging', '--config', file);
    expect(status).toBe(1);
    expect(out).toContain('workers_dev : doit valoir false');
    expect(out).toContain('routes : aucun domaine personnalisé (custom_domain) pour https://pp.presse.ffr.fr');
    expect(out).toContain('vars.MIDDLEWARE_URL : doit être en https hors développement');
    expect(out).toContain('vars.PURGE_SECRET : c’est un secret, à retirer du fichier');
    expect(out).toContain('kv_namespaces CACHE : le même namespace que l’environnement production');
    expect(out).toContain('ratelimits FORM_LIMITER : namespace_id 3001 partagé avec l’environnement production');
  }, 60_000);
});
