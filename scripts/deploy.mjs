// npm run deploy -- --env <staging|production>: the configuration checked (deploy-check.mjs:
// nothing left « à remplir », the bundle and its startup measured), then `wrangler deploy` for
// that environment; wrangler builds the client itself (`build` in wrangler.jsonc). Any other
// argument goes to wrangler (e.g. --dry-run, --secrets-file for a first deploy).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { root } from './lib/stack.mjs';

const { values, tokens } = parseArgs({ options: { env: { type: 'string' } }, strict: false, tokens: true });
const passOn = tokens
  .filter((t) => t.kind !== 'option' || t.name !== 'env')
  .map((t) => (t.kind === 'option' ? t.rawName + (t.value !== undefined ? `=${t.value}` : '') : t.value))
  .filter(Boolean);
const step = (args) => {
  // What is deployed is React's production build, whatever the caller's NODE_ENV (wrangler bundles with it).
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (run.status !== 0) process.exit(run.status ?? 1);
};

if (!values.env) {
  console.error('npm run deploy -- --env staging | --env production (le niveau principal de wrangler.jsonc ne se déploie pas)');
  process.exit(1);
}
step(['--import', 'tsx', `${root}scripts/deploy-check.mjs`, '--env', values.env]);
step([`${root}node_modules/wrangler/bin/wrangler.js`, 'deploy', '--env', values.env, ...passOn]);
