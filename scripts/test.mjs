// npm test: type check, unit tests, worker integration tests in workerd, end-to-end in Chromium.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildClient } from './build-client.mjs';
import { ensureDevVars, root } from './lib/stack.mjs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log('Chromium absent : installation du paquet Debian « chromium »…');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
}

await ensureDevVars();
await buildClient();

const steps = [
  ['types (worker)', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['types (amont local, scripts)', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'dev/tsconfig.json']],
  ['unit', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.unit.config.ts']],
  ['worker (workerd)', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.worker.config.ts']],
  ['end-to-end (Chromium)', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.e2e.config.ts']],
];

const results = [];
for (const [name, args] of steps) {
  const t = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  results.push({ name, ok: r.status === 0, s: ((Date.now() - t) / 1000).toFixed(1) });
  if (r.status !== 0) break;
}
console.log('\n━━ résumé ━━');
for (const r of results) console.log(`${r.ok ? '✔' : '✘'} ${r.name} (${r.s} s)`);
const failed = results.filter((r) => !r.ok).length;
const skipped = steps.length - results.length;
console.log(`steps: ${results.length - failed} passed, ${failed + skipped} failed`);
process.exit(failed || skipped ? 1 : 0);
