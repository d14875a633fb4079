import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { experimental_readRawConfig } from 'wrangler';

// npm run deploy:check, as a developer runs it before a deploy (scripts/deploy-check.mjs).
const root = fileURLToPath(new URL('../../', import.meta.url));
const check = (...args: string[]) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${root}scripts/deploy-check.mjs`, ...args], { cwd: root, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
};
// Inside the project (git ignores .wrangler/): wrangler check startup looks for the project from the file's folder.
mkdirSync(join(root, '.wrangler'), { recursive: true });
const scratch = mkdtempSync(join(root, '.wrangler', 'deploy-check-test-'));

/**
 * wrangler.jsonc as the federation fills it in: every « à remplir » replaced by a made-up value,
 * everything else as committed, so that what is checked is the very file that is deployed.
 */
function filledConfig(change: (config: Record<string, any>) => void = () => {}): string {
  const config = experimental_readRawConfig({ config: `${root}wrangler.jsonc` }).rawConfig as Record<string, any>;
  const made = {
    staging: { kv: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', d1: '3f1c9a52-7b7e-4d0a-9c1e-5a2b8e6d4f10', host: 'pp-' },
    production: { kv: '9a8b7c6d5e4f30211203f4e5d6c7b8a9', d1: 'b8e2d7a4-1c3f-4e9b-8a6d-2f5c7e9b1a30', host: '' },
  } as const;
  for (const [name, e] of Object.entries(made)) {
    const env = config.env[name];
    env.kv_namespaces[0].id = e.kv;
    env.d1_databases[0].database_id = e.d1;
    Object.assign(env.vars, {
      WP_API_URL: `https://${e.host}api.ffr.fr/wp-json`,
      STATIC_LISTS_URL: `https://${e.host}api.ffr.fr/wp-content/uploads/newsroom`,
      MIDDLEWARE_URL: `https://${e.host}middleware.ffr.fr`,
      ALGOLIA_APP_ID: 'FFRPRESSE1',
      OIDC_ISSUER: `https://${e.host}connexion.ffr.fr/realms/ffr`,
      OIDC_CLIENT_ID: `ffr-presse-${name}`,
      CF_ZONE_ID: e.kv.split('').reverse().join(''),
    });
    env.build.cwd = root;
  }
  // Paths are relative to the file: the copy lives in a scratch folder.
  config.main = `${root}src/index.ts`;
  config.assets.directory = `${root}public`;
  delete config.$schema;
  change(config);
  const file = join(scratch, `wrangler-${Math.random().toString(36).slice(2)}.jsonc`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run deploy:check', () => {
  it('refuses the committed configuration with the French list of what to fill in', () => {
    const { status, out } = check('--env', 'production');
    expect(status).toBe(1);
    for (const name of [
      'kv_namespaces[0].id',
      'd1_databases[0].database_id',
      'WP_API_URL',
      'STATIC_LISTS_URL',
      'MIDDLEWARE_URL',
      'ALGOLIA_APP_ID',
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'CF_ZONE_ID',
    ])
      expect(out).toContain(`env.production.${/^(kv|d1)_/.test(name) ? name : `vars.${name}`} : à remplir — `);
    expect(out).toContain('9 points à régler avant de déployer (production, wrangler.jsonc)');
    // Nothing else is wrong with it: names, domain, counters, schema, bundle and startup pass.
    expect(out.match(/^ {2}– /gm)).toHaveLength(9);
  }, 60_000);

  it('asks for an environment: the top level is the developer’s machine', () => {
    const { status, out } = check();
    expect(status).toBe(1);
    expect(out).toContain('précisez l’environnement : --env staging ou --env production');
  });

  it('accepts a complete configuration, naming the secrets to set and measuring the bundle and its startup', () => {
    const example = filledConfig();
    for (const env of ['staging', 'production']) {
      const { status, out } = check('--env', env, '--config', example);
      expect(status, out).toBe(0);
      expect(out).toContain(`✔ prêt à déployer (${env}`);
      expect(out).toContain(
        `npm run rotate-secret -- --env ${env} <NOM>) : MIDDLEWARE_TOKEN, WP_PREVIEW_CREDENTIALS, CF7_CREDENTIALS, ALGOLIA_SEARCH_KEY, OIDC_CLIENT_SECRET, AUTH_SECRET, PURGE_SECRET, CF_PURGE_TOKEN, PREVIEW_SECRET, FORMS_SECRET, HEALTH_TOKEN, SMTP_PASSWORD`,
      );
      expect(out).toMatch(/paquet : [\d\u202f ]+ o, [\d\u202f ]+ o gzip/);
      expect(out).toMatch(/démarrage : [\d.]+ ms/);
    }
  }, 60_000);

  it('finds an environment that would share or leak: workers.dev on, no custom domain, http, shared counters and namespace, a secret in the file', () => {
    const file = filledConfig((config) => {
      const staging = config.env.staging;
      staging.workers_dev = true;
      staging.routes[0].pattern = 'autre.ffr.fr';
      staging.vars.MIDDLEWARE_URL = 'http://pp-middleware.ffr.fr';
      staging.vars.PURGE_SECRET_PREVIOUS = 'en-clair-dans-le-fichier-0123456789';
      staging.kv_namespaces[0].id = config.env.production.kv_namespaces[0].id;
      staging.ratelimits[0].namespace_id = config.env.production.ratelimits[0].namespace_id;
      staging.d1_databases[0].database_id = config.env.production.d1_databases[0].database_id;
      staging.queues.producers[0].queue = config.env.production.queues.producers[0].queue;
    });
    const { status, out } = check('--env', 'staging', '--config', file);
    expect(status).toBe(1);
    expect(out).toContain('workers_dev : doit valoir false');
    expect(out).toContain('routes : aucun domaine personnalisé (custom_domain) pour https://pp.presse.ffr.fr');
    expect(out).toContain('vars.MIDDLEWARE_URL : doit être en https hors développement');
    expect(out).toContain('vars.PURGE_SECRET_PREVIOUS : c’est un secret, à retirer du fichier');
    expect(out).toContain('kv_namespaces CACHE : le même namespace que l’environnement production');
    expect(out).toContain('ratelimits FORM_LIMITER : namespace_id 3001 partagé avec l’environnement production');
    expect(out).toContain('d1_databases ALERTS_DB : la même base que l’environnement production');
    expect(out).toContain('queues ALERTS_QUEUE : la même file que l’environnement production');
  }, 60_000);

  it('refuses an environment that would deploy without one of the secrets the worker reads', () => {
    const file = filledConfig((config) => {
      config.env.production.secrets.required = config.env.production.secrets.required.filter((n: string) => n !== 'PURGE_SECRET');
    });
    const { status, out } = check('--env', 'production', '--config', file);
    expect(status).toBe(1);
    expect(out).toContain('secrets.required : PURGE_SECRET manque');
    expect(out.match(/^ {2}– /gm)).toHaveLength(1);
  }, 60_000);

  it('refuses a bundle over the project’s budget', () => {
    // 400 KB that gzip cannot shrink, carried by the worker's own entry.
    const entry = join(scratch, 'heavy-entry.ts');
    writeFileSync(
      entry,
      `import worker from '${root}src/index.ts';\nexport * from '${root}src/index.ts';\n(globalThis as any).ballast = ${JSON.stringify(randomBytes(300_000).toString('base64'))};\nexport default worker;\n`,
    );
    const file = filledConfig((config) => {
      config.main = entry;
    });
    const { status, out } = check('--env', 'production', '--config', file);
    expect(status).toBe(1);
    expect(out).toMatch(/paquet : [\d\u202f ]+ o gzip, au-dessus du budget du projet \(350\u202f000 o/);
  }, 60_000);
});
