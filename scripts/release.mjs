// npm run release -- <command> --env <staging|production>: what the release workflows ask of
// Cloudflare and of git, in one place (.github/workflows/, docs/deploy.md).
//   serving   the commit each deployed version was built from (its version tag), and its share;
//   plan      --from <commit|none> --to <commit>: whether that release may go through a canary
//             (`versions upload` + a 10 % split) or must be one full `wrangler deploy`;
//   repin     deploys again the code that serves 100 % (from its own commit, checked out), so that
//             it is the newest version again: after a rollback, `wrangler secret put` works again;
//   origin    the environment's PUBLIC_ORIGIN, for the smoke tests.
// Each prints French lines for people, and `key=value` lines to $GITHUB_OUTPUT when it is set.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runWrangler } from './lib/wrangler.mjs';
import { pathToFileURL } from 'node:url';

const ENVIRONMENTS = ['staging', 'production'];
/** What CI tags each version with: the commit's first 12 hexadecimal digits. */
export const TAG = /^[0-9a-f]{12}$/;

/**
 * Whether a release from one wrangler.jsonc to the next may be a canary (docs/decisions/022).
 * `versions upload` cannot carry a Durable Object migration (Cloudflare refuses it, error 10211),
 * and cannot be a Worker's first upload. Nor does it apply the triggers — routes, cron schedules,
 * Queue consumers — which only `wrangler deploy` (or `wrangler triggers deploy`) sends: wrangler's
 * own triggers/deploy.ts, called by deploy and not by versions upload. Those releases are one
 * `wrangler deploy` at 100 %. `before` is null when nothing is deployed yet.
 */
export function releasePlan(before, after, env) {
  if (!before) return { mode: 'full', reasons: ['premier déploiement de cet environnement (versions upload ne peut pas créer un Worker)'] };
  const reasons = [];
  const tags = (config) => (config.env?.[env]?.migrations ?? config.migrations ?? []).map((m) => m.tag);
  const [was, now] = [tags(before), tags(after)];
  const added = now.filter((t) => !was.includes(t));
  if (added.length) reasons.push(`migration Durable Object ${added.join(', ')} (versions upload la refuse : erreur 10211)`);
  if (was.some((t) => !now.includes(t)))
    reasons.push('une migration déployée a disparu de wrangler.jsonc : à corriger avant tout déploiement');
  // Queues are a binding, which an environment does not inherit (routes and triggers are inherited).
  const triggers = [
    ['routes modifiées', (c) => c.env?.[env]?.routes ?? c.routes],
    ['tâches planifiées (crons) modifiées', (c) => c.env?.[env]?.triggers?.crons ?? c.triggers?.crons],
    ['consommateurs de files (Queues) modifiés', (c) => c.env?.[env]?.queues?.consumers],
  ];
  for (const [what, of] of triggers)
    if (JSON.stringify(of(before) ?? []) !== JSON.stringify(of(after) ?? [])) reasons.push(`${what} (versions upload ne les applique pas)`);
  return reasons.length ? { mode: 'full', reasons } : { mode: 'canary', reasons: [] };
}

/** The versions of the current deployment, each with its share and the commit in its tag. */
export function serving(status, views) {
  return (status.versions ?? []).map((v) => {
    const tag = views[v.version_id]?.annotations?.['workers/tag'] ?? null;
    return { id: v.version_id, percentage: v.percentage, commit: tag && TAG.test(tag) ? tag : null };
  });
}

const wrangler = (args, { json = false, inherit = false } = {}) => {
  const run = runWrangler(args, { inherit });
  if (run.status !== 0) fail(`wrangler ${args.join(' ')} a échoué :\n${(run.stderr || run.stdout || '').trim()}`);
  return json ? JSON.parse(run.stdout) : run.stdout;
};
const git = (args) => {
  const run = spawnSync('git', args, { encoding: 'utf8' });
  return run.status === 0 ? run.stdout : null;
};

function fail(message) {
  console.error(`✘ ${message}`);
  process.exit(1);
}
function output(values) {
  if (process.env.GITHUB_OUTPUT)
    appendFileSync(
      process.env.GITHUB_OUTPUT,
      Object.entries(values)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
}

function readServing(env) {
  const status = wrangler(['deployments', 'status', '--env', env, '--json'], { json: true });
  const views = Object.fromEntries(
    (status.versions ?? []).map((v) => [
      v.version_id,
      wrangler(['versions', 'view', v.version_id, '--env', env, '--json'], { json: true }),
    ]),
  );
  return serving(status, views);
}

/** wrangler.jsonc as committed at `commit`, read by wrangler's own parser (JSONC). */
async function configAt(commit) {
  const text = git(['show', `${commit}:wrangler.jsonc`]);
  if (text === null) fail(`wrangler.jsonc introuvable au commit ${commit} (git fetch --unshallow ?)`);
  const { experimental_readRawConfig } = await import('wrangler');
  const dir = mkdtempSync(join(tmpdir(), 'ffr-release-'));
  try {
    writeFileSync(join(dir, 'wrangler.jsonc'), text);
    return experimental_readRawConfig({ config: join(dir, 'wrangler.jsonc') }).rawConfig;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({ args: rest, options: { env: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } });
  if (!ENVIRONMENTS.includes(values.env)) fail('précisez --env staging ou --env production');
  const env = values.env;
  switch (command) {
    case 'serving': {
      const versions = readServing(env);
      if (versions.length === 0) {
        console.log(`Rien n’est déployé sur ${env}.`);
        output({ commit: 'none', version: '' });
        return;
      }
      for (const v of versions)
        console.log(`${v.percentage} % : version ${v.id}, commit ${v.commit ?? 'inconnu (version sans étiquette de commit)'}`);
      const main = versions.reduce((a, b) => (b.percentage > a.percentage ? b : a));
      output({ commit: main.commit ?? 'unknown', version: main.id, split: versions.length > 1 ? 'yes' : 'no' });
      return;
    }
    case 'plan': {
      if (!values.to) fail('précisez --to <commit> (et --from <commit|none>)');
      const before = !values.from || values.from === 'none' ? null : await configAt(values.from);
      const plan = releasePlan(before, await configAt(values.to), env);
      if (plan.mode === 'canary') console.log('Déploiement progressif possible : 10 %, contrôles, puis 100 %.');
      else console.log(`Déploiement complet obligatoire (pas de canari) :\n${plan.reasons.map((r) => `  – ${r}`).join('\n')}`);
      output({ mode: plan.mode });
      return;
    }
    case 'repin': {
      const versions = readServing(env);
      if (versions.length !== 1)
        fail(`${env} est servi par ${versions.length} versions : terminez ou annulez le déploiement progressif d’abord`);
      const [current] = versions;
      if (!current.commit) fail(`la version ${current.id} n’a pas d’étiquette de commit : impossible de reconstruire son code`);
      const head = (git(['rev-parse', 'HEAD']) ?? '').trim();
      if (!head.startsWith(current.commit))
        fail(`le code servi vient du commit ${current.commit} ; faites d’abord git checkout ${current.commit}`);
      console.log(`Redéploiement du commit ${current.commit} (version ${current.id}) comme dernière version de ${env}…`);
      wrangler(
        ['deploy', '--env', env, '--tag', current.commit, '--message', `Même code que ${current.id}, redéployé en dernière version`],
        { inherit: true },
      );
      return;
    }
    case 'origin': {
      const { unstable_readConfig } = await import('wrangler');
      const origin = unstable_readConfig({ config: 'wrangler.jsonc', env }).vars?.PUBLIC_ORIGIN;
      if (typeof origin !== 'string' || !URL.canParse(origin)) fail(`PUBLIC_ORIGIN de ${env} n’est pas une adresse`);
      console.log(origin);
      output({ origin });
      return;
    }
    default:
      fail('commandes : serving, plan, repin, origin (voir l’en-tête de scripts/release.mjs)');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
