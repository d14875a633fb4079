// npm run mutation — do the tests of each guarantee fail when its code is changed? StrykerJS
// mutates the modules that carry one (signed links, the purge's signature and its once-only check,
// the accreditation signature, the form and multipart bounds, the canonical cache keys) and runs
// the test files that hold it after each mutant, with its command runner (its vitest runner
// hard-codes the threads pool and cannot run @cloudflare/vitest-pool-workers). Each module's tests
// run in Node: the workerd suites hold the same guarantees through the whole worker, at minutes a
// mutant where these take a second. Writes bench/mutation.json: per module, the mutants, the score
// and every survivor. A mutant that changes nothing observable is marked in its file with
// `// Stryker disable next-line <mutator>: <why>` and counted as ignored, with its reason.
// Not part of `npm test`: about a minute per module.
//   npm run mutation                       every module
//   npm run mutation -- --only=signed-links,purge-signature
import { readFile, writeFile } from 'node:fs/promises';
import { root } from './lib/stack.mjs';

const UNIT = (files) =>
  `"${process.execPath}" node_modules/vitest/vitest.mjs run --config vitest.unit.config.ts --project unit ${files.join(' ')}`;

/** Each guarantee: the code that provides it, and the tests that must fail without it. */
const MODULES = [
  {
    key: 'signed-links',
    what: 'preview and embargo links: HMAC, purpose, post, end, bounds',
    mutate: ['src/features/previews/signed-link.ts', 'src/lib/base64url.ts'],
    command: UNIT([
      'src/features/previews/signed-link.test.ts',
      'src/lib/base64url.test.ts',
      'src/features/alerts/unsubscribe-token.test.ts',
    ]),
  },
  {
    key: 'unsubscribe-links',
    what: 'the alerts’ unsubscribe tokens: derived key, shape, rotation',
    mutate: ['src/features/alerts/unsubscribe-token.server.ts'],
    command: UNIT(['src/features/alerts/unsubscribe-token.test.ts']),
  },
  {
    key: 'purge-signature',
    what: 'the publish hook’s signature: MAC, timestamp and window, the once-only id (the handler around it: workerd suites)',
    mutate: ['src/cache/purge.server.ts:122-175'],
    command: UNIT(['src/cache/purge.test.ts']),
  },
  {
    key: 'purge-once',
    what: 'each signature taken once: the purge object’s memory of MACs (its leases: test/edge, workerd)',
    mutate: ['src/cache/purge-marks.server.ts:18-18', 'src/cache/purge-marks.server.ts:41-60'],
    command: UNIT(['src/cache/purge-marks.test.ts', 'src/cache/purge.test.ts']),
  },
  {
    key: 'accreditation-signature',
    what: 'the site’s signature over an accreditation request’s identity',
    mutate: ['src/features/forms/accreditation-signature.server.ts'],
    command: UNIT(['src/features/forms/accreditation-signature.test.ts']),
  },
  // The next two run their modules through Hono in Node, each bound at its limit and one past it
  // (a mutant a second); their workerd suites (test/worker/forms.test.ts, cache-keys.test.ts) hold
  // the same through the whole worker, at several minutes a mutant.
  {
    key: 'form-bounds',
    what: 'form and multipart bounds, before any parsing',
    mutate: ['src/features/forms/form-post.server.ts'],
    command: UNIT(['src/features/forms/form-post.test.ts']),
  },
  {
    key: 'cache-keys',
    what: 'one cache key per page: the parameters each page reads, one spelling each',
    mutate: ['src/http/page-query.server.ts'],
    command: UNIT(['src/http/page-query.test.ts']),
  },
];

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const chosen = MODULES.filter((m) => !only || only.includes(m.key));
if (only && chosen.length !== only.length) {
  console.error(`Module inconnu (modules : ${MODULES.map((m) => m.key).join(', ')})`);
  process.exit(2);
}

const { Stryker } = await import('@stryker-mutator/core');
const file = `${root}bench/mutation.json`;
const report = JSON.parse(await readFile(file, 'utf8').catch(() => '{"modules":{}}'));
report.date = new Date().toISOString();
for (const module of chosen) {
  const t0 = Date.now();
  const results = await new Stryker({
    mutate: module.mutate,
    testRunner: 'command',
    commandRunner: { command: module.command },
    coverageAnalysis: 'off',
    concurrency: 2,
    timeoutMS: 30_000,
    reporters: ['clear-text'],
    clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: false },
    ignorePatterns: ['.wrangler', 'test-results', '.bench', 'bench', '.stryker-tmp', 'dist'],
    tempDirName: '.stryker-tmp',
    // Its sandbox rewrites tsconfig.json through the TypeScript API, which TypeScript 7 no longer
    // has; the sandbox needs no rewrite (no project references, vitest reads the sources itself).
    tsconfigFile: 'aucun-tsconfig-pour-stryker.json',
    cleanTempDir: 'always',
    logLevel: 'warn',
  }).runMutationTest();
  const count = (status) => results.filter((r) => r.status === status).length;
  const detected = count('Killed') + count('Timeout');
  const valid = detected + count('Survived') + count('NoCoverage');
  const survivors = results
    .filter((r) => r.status === 'Survived' || r.status === 'NoCoverage')
    .map((r) => `${r.fileName.slice(root.length)}:${r.location.start.line} ${r.mutatorName} → ${JSON.stringify(r.replacement ?? '')}`);
  report.modules[module.key] = {
    what: module.what,
    mutate: module.mutate,
    mutants: results.length,
    killed: count('Killed'),
    timeout: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    ignored: results
      .filter((r) => r.status === 'Ignored')
      .map((r) => `${r.fileName.slice(root.length)}:${r.location.start.line} ${r.statusReason}`),
    compileErrors: count('CompileError') + count('RuntimeError'),
    score: valid ? Math.round((detected / valid) * 1000) / 10 : null,
    survivors,
    seconds: Math.round((Date.now() - t0) / 1000),
  };
  console.log(`${module.key}: ${report.modules[module.key].score} % (${detected}/${valid}), ${survivors.length} survivant(s)`);
  for (const s of survivors) console.log(`  ${s}`);
}
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log('Écrit : bench/mutation.json');
