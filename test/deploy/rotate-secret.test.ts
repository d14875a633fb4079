import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rotationPlan } from '../../scripts/rotate-secret.mjs';
import { startCloudflareApi } from './cloudflare-api.mjs';

// npm run … has no entry for it: the operator runs `node scripts/rotate-secret.mjs --env production NAME`
// with the value on stdin. Here the real wrangler it spawns talks to test/deploy/cloudflare-api.mjs,
// which refuses a secret change (10215) unless the newest version is the one deployed at 100 %.
const root = fileURLToPath(new URL('../../', import.meta.url));
const WORKER = 'ffr-presse'; // wrangler.jsonc, env.production.name
const logs = mkdtempSync(join(tmpdir(), 'rotate-secret-logs-'));
afterAll(() => rmSync(logs, { recursive: true, force: true }));

type Api = Awaited<ReturnType<typeof startCloudflareApi>>;
let api: Api;
beforeEach(async () => {
  api = await startCloudflareApi();
});
afterEach(async () => {
  // Whatever wrangler asked that the emulator does not know would make these tests lie.
  expect(api.unknown).toEqual([]);
  await api.close();
});

/** A command run to its end, its stdin given, as the operator's shell would. */
function run(command: string, args: string[], input: string): Promise<{ status: number | null; out: string; stdout: string }> {
  const child = spawn(process.execPath, [command, ...args], {
    cwd: root,
    env: {
      ...process.env,
      CLOUDFLARE_API_BASE_URL: api.baseUrl,
      CLOUDFLARE_API_TOKEN: api.token,
      CLOUDFLARE_ACCOUNT_ID: api.accountId,
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      NO_UPDATE_NOTIFIER: '1',
      WRANGLER_LOG_PATH: logs,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(input);
  // Asynchronous: the emulator answers from this very process.
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, out: stdout + stderr, stdout })));
}
const WRANGLER = `${root}node_modules/wrangler/bin/wrangler.js`;
const rotate = (args: string[], value: string) => run(`${root}scripts/rotate-secret.mjs`, args, value);
const secretPuts = () => api.requests.filter((r: { method: string }) => r.method !== 'GET');

/** Production as the release workflows leave it: release-1 deployed, then the given steps. */
function production(...steps: Array<'upload' | 'canary' | 'promote' | 'rollback'>) {
  const first = api.upload(WORKER, { code: 'release-1', tag: 'aaaaaaa', secrets: { AUTH_SECRET: 'ancienne', PURGE_SECRET: 'purge' } });
  api.deploy(WORKER, [{ id: first, percentage: 100 }]);
  let next = first;
  for (const step of steps) {
    if (step === 'upload') next = api.upload(WORKER, { code: 'release-2', tag: 'bbbbbbb' });
    if (step === 'canary')
      api.deploy(WORKER, [
        { id: next, percentage: 10 },
        { id: first, percentage: 90 },
      ]);
    if (step === 'promote') api.deploy(WORKER, [{ id: next, percentage: 100 }]);
    if (step === 'rollback') api.deploy(WORKER, [{ id: first, percentage: 100 }], { triggeredBy: 'rollback' });
  }
  return { first, next };
}

// Each spawn of wrangler takes about 0.7 s; a rotation spawns it five times.
describe('node scripts/rotate-secret.mjs, with the real wrangler', { timeout: 30_000 }, () => {
  it('puts the secret when the newest version is the one deployed at 100 %, and checks the new version serves everything', async () => {
    production('upload', 'canary', 'promote');
    const before = api.state(WORKER);
    const { status, out, stdout } = await rotate(['--env', 'production', 'AUTH_SECRET'], 'nouvelle-valeur-3f9a\n');
    expect(out).not.toContain('nouvelle-valeur-3f9a');
    expect(status, out).toBe(0);

    const after = api.state(WORKER);
    expect(after.versions).toHaveLength(before.versions.length + 1);
    const made = after.versions.at(-1)!;
    expect(after.deployed).toEqual([{ id: made.id, percentage: 100 }]);
    expect(after.latest).toBe(made.id);
    // The deployed code (release-2), its other secrets, the new value.
    expect(made.code).toBe('release-2');
    expect(made.secrets).toEqual({ AUTH_SECRET: 'nouvelle-valeur-3f9a', PURGE_SECRET: 'purge' });
    expect(stdout).toContain(`nouvelle version ${made.id} à 100 %`);
    expect(secretPuts()).toEqual([{ method: 'PUT', path: `/accounts/${api.accountId}/workers/scripts/${WORKER}/secrets`, query: '' }]);
  });

  it('refuses during a canary (10 % / 90 %): nothing changes', async () => {
    const { first, next } = production('upload', 'canary');
    const before = api.state(WORKER);
    const { status, out } = await rotate(['--env', 'production', 'AUTH_SECRET'], 'nouvelle-valeur\n');
    expect(status, out).toBe(1);
    expect(out).toContain('un déploiement progressif est en cours en production');
    expect(out).toMatch(new RegExp(`${next} .*à 10 %, ${first} .*à 90 %`));
    expect(out).toContain('workflow Rollback');
    expect(api.state(WORKER)).toEqual(before);
    expect(secretPuts()).toEqual([]);
  });

  it.each([
    ['after a rollback', ['upload', 'canary', 'promote', 'rollback'] as const],
    ['while a newer version waits for its rollout', ['upload'] as const],
  ])('refuses %s, naming repin: nothing changes, and wrangler itself is refused there', async (_, steps) => {
    production(...steps);
    const before = api.state(WORKER);
    const { status, out } = await rotate(['--env', 'production', 'AUTH_SECRET'], 'nouvelle-valeur\n');
    expect(status, out).toBe(1);
    expect(out).toContain('n’est pas la plus récente');
    expect(out).toContain('code 10215');
    expect(out).toContain('npm run release -- repin --env production');
    expect(api.state(WORKER)).toEqual(before);
    expect(secretPuts()).toEqual([]);

    // The emulator's rule is the one wrangler knows: its own message, and still nothing changes.
    const plain = await run(WRANGLER, ['secret', 'put', 'AUTH_SECRET', '--env', 'production'], 'x\n');
    expect(plain.status).not.toBe(0);
    expect(plain.out).toContain("the latest version of your Worker isn't currently deployed");
    expect(api.state(WORKER)).toEqual(before);
  });

  it('reports a version uploaded between its reading and its put: Cloudflare refuses, nothing changes', async () => {
    production();
    api.beforeAnswer = ({ method }: { method: string }) => {
      if (method === 'PUT') api.upload(WORKER, { code: 'release-2' });
    };
    const { status, out } = await rotate(['--env', 'production', 'AUTH_SECRET'], 'nouvelle-valeur\n');
    expect(status, out).toBe(1);
    expect(out).toContain('Cloudflare a refusé AUTH_SECRET (code 10215) : l’état a changé depuis sa lecture');
    expect(api.state(WORKER).versions.map((v: { secrets: object }) => v.secrets)).toEqual([
      { AUTH_SECRET: 'ancienne', PURGE_SECRET: 'purge' },
      { AUTH_SECRET: 'ancienne', PURGE_SECRET: 'purge' },
    ]);
  });

  it('the emulator holds `wrangler secret bulk` (PATCH secrets-bulk) to the same rule', async () => {
    const { first } = production('upload');
    const bulk = () => run(WRANGLER, ['secret', 'bulk', '--env', 'production'], JSON.stringify({ PREVIEW_SECRET: 'apercu' }));
    const refused = await bulk();
    expect(refused.status).not.toBe(0);
    expect(refused.out).toContain("the latest version of your Worker isn't currently deployed");

    api.deploy(WORKER, [{ id: api.state(WORKER).latest!, percentage: 100 }]);
    const accepted = await bulk();
    expect(accepted.status, accepted.out).toBe(0);
    const made = api.state(WORKER).versions.at(-1)!;
    expect(made.code).toBe('release-2');
    expect(made.secrets).toEqual({ AUTH_SECRET: 'ancienne', PURGE_SECRET: 'purge', PREVIEW_SECRET: 'apercu' });
    expect(api.state(WORKER).deployed).toEqual([{ id: made.id, percentage: 100 }]);
    expect(made.id).not.toBe(first);
  });

  it('refuses when nothing is deployed (no such Worker)', async () => {
    const { status, out } = await rotate(['--env', 'staging', 'AUTH_SECRET'], 'nouvelle-valeur\n');
    expect(status, out).toBe(1);
    expect(out).toContain('rien n’est déployé en staging');
    expect(secretPuts()).toEqual([]);
  });

  it.each([
    [['--env', 'production', 'auth_secret'], 'valeur', 'nom de secret invalide « auth_secret »'],
    [['--env', 'production', 'AUTH-SECRET'], 'valeur', 'nom de secret invalide'],
    [['--env', 'production', 'AUTH_SECRET'], '\n', 'valeur vide pour AUTH_SECRET'],
    [['--env', 'production', 'AUTH_SECRET'], '', 'valeur vide pour AUTH_SECRET'],
    [['--env', 'prod', 'AUTH_SECRET'], 'valeur', 'environnement inconnu « prod »'],
    [['AUTH_SECRET'], 'valeur', 'environnement inconnu'],
    [['--env', 'production', 'AUTH_SECRET', 'valeur'], '', 'jamais en argument'],
  ])('exits 2 on %j (stdin %j) before any request', async (args, value, said) => {
    production();
    const { status, out } = await rotate(args, value);
    expect(status, out).toBe(2);
    expect(out).toContain(said);
    expect(api.requests).toEqual([]);
  });
});

// The shapes wrangler 4.164 prints: `deployments status --json` (the deployment as the API gives
// it) and `versions list --json` (items sorted by metadata.created_on).
const version = (id: string, created_on: string, tag?: string) => ({
  id,
  number: 1,
  metadata: { author_email: 'ops@ffr.fr', source: 'wrangler', created_on },
  annotations: { 'workers/triggered_by': 'upload', ...(tag ? { 'workers/tag': tag } : {}) },
});
const deployment = (...versions: Array<[string, number]>) => ({
  id: 'd0000000-0000-4000-8000-000000000000',
  created_on: '2026-02-01T10:00:00.000000Z',
  source: 'wrangler',
  strategy: 'percentage',
  author_email: 'ops@ffr.fr',
  annotations: { 'workers/triggered_by': 'deployment' },
  versions: versions.map(([version_id, percentage]) => ({ version_id, percentage })),
});
const OLD = 'a0000000-0000-4000-8000-000000000001';
const NEW = 'b0000000-0000-4000-8000-000000000002';
const list = [version(OLD, '2026-01-10T08:00:00.000000Z', 'aaaaaaa'), version(NEW, '2026-01-20T08:00:00.000000Z', 'bbbbbbb')];

describe('rotationPlan', () => {
  it('puts the secret when the newest version alone serves 100 %', () => {
    expect(rotationPlan(deployment([NEW, 100]), list, 'production')).toEqual({ action: 'put', deployed: NEW });
    // Whatever the order of the list: the newest is the latest created.
    expect(rotationPlan(deployment([NEW, 100]), [...list].reverse(), 'staging')).toEqual({ action: 'put', deployed: NEW });
  });

  it('refuses a split, whichever version has the most traffic', () => {
    for (const status of [deployment([NEW, 10], [OLD, 90]), deployment([OLD, 50], [NEW, 50])]) {
      const plan = rotationPlan(status, list, 'production');
      expect(plan).toMatchObject({ action: 'refuse', reason: 'rollout-in-progress' });
      expect(plan.message).toContain('workflow Production');
    }
  });

  it('refuses when the deployed version is not the newest, pointing to repin', () => {
    const plan = rotationPlan(deployment([OLD, 100]), list, 'staging');
    expect(plan).toMatchObject({ action: 'refuse', reason: 'latest-not-deployed' });
    expect(plan.message).toContain('npm run release -- repin --env staging');
    expect(plan.message).toContain(`${NEW} (créée le 2026-01-20 08:00 UTC, tag bbbbbbb)`);
    // Deployed but out of the 10 that `versions list` prints: still not the newest.
    expect(rotationPlan(deployment(['c0000000-0000-4000-8000-000000000003', 100]), list, 'production').reason).toBe('latest-not-deployed');
  });

  it('refuses when nothing is deployed', () => {
    for (const [status, versions] of [
      [null, []],
      [null, list],
      [deployment([NEW, 100]), []],
    ] as const) {
      const plan = rotationPlan(status, versions, 'production');
      expect(plan).toMatchObject({ action: 'refuse', reason: 'nothing-deployed' });
      expect(plan.message).toContain('rien n’est déployé en production');
    }
  });
});
