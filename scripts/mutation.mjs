// npm run mutation — do the tests of each guarantee fail when its code is changed? StrykerJS
// mutates the modules that carry one (signed links, the purge's signature and its once-only check,
// the accreditation signature, the form and multipart bounds, the canonical cache keys, the alerts'
// exactly-once and withdrawal guards: those in SQL, by hand, see SQL_GUARDS) and runs
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

/**
 * The alerts' exactly-once and withdrawal guards live in SQL, inside strings Stryker does not
 * mutate: each is removed by hand here (one exact text replaced in the file), its tests run, and
 * the mutant must make them fail.
 */
const SQL_GUARDS = {
  key: 'alerts-guards',
  what: 'the alerts’ exactly-once and withdrawal guards: one delivery per post and follower, one send per delivery, none to a suspended follower or of a withdrawn post',
  file: 'src/data/alerts-store.server.ts',
  command: UNIT(['src/data/alerts-store.test.ts']),
  mutants: [
    [
      'fan-out without OR IGNORE',
      'INSERT OR IGNORE INTO deliveries (item, subscriber_id, state, via_digest, reason, created_at)\n           SELECT (?1), s.id',
      'INSERT INTO deliveries (item, subscriber_id, state, via_digest, reason, created_at)\n           SELECT (?1), s.id',
    ],
    [
      'answer recorded without OR IGNORE',
      `INSERT OR IGNORE INTO deliveries (item, subscriber_id, state, via_digest, reason, created_at)\n             SELECT (?1), id, 'queued'`,
      `INSERT INTO deliveries (item, subscriber_id, state, via_digest, reason, created_at)\n             SELECT (?1), id, 'queued'`,
    ],
    ['fan-out to suspended followers', ') AND s.suspended_at IS NULL', ')'],
    ['claim without its state check', `AND (state = 'queued' OR (state = 'sending' AND via_digest = 0 AND claimed_at < ?4))`, ''],
    [
      'claim takes any delivery being sent',
      `(state = 'queued' OR (state = 'sending' AND via_digest = 0 AND claimed_at < ?4))`,
      `(state = 'queued' OR state = 'sending')`,
    ],
    [
      'claim takes a claim at once',
      `via_digest = 0 AND claimed_at < ?4))\n               AND NOT EXISTS`,
      `via_digest = 0 AND claimed_at <= ?3))\n               AND NOT EXISTS`,
    ],
    [
      'claim takes digests',
      `(state = 'sending' AND via_digest = 0 AND claimed_at < ?4))\n               AND NOT`,
      `(state = 'sending' AND claimed_at < ?4) OR state = 'digest')\n               AND NOT`,
    ],
    [
      'claim for a suspended follower',
      'AND NOT EXISTS (SELECT 1 FROM subscribers s WHERE s.id = deliveries.subscriber_id AND s.suspended_at IS NOT NULL)',
      '',
    ],
    [
      'digest without its state check',
      `WHERE subscriber_id = ?1 AND (state = 'digest' OR (state = 'sending' AND via_digest = 1 AND claimed_at < ?4))`,
      'WHERE subscriber_id = ?1',
    ],
    [
      'withdrawal keeps the queued',
      `DELETE FROM deliveries WHERE item = ?1 AND state IN ('queued', 'digest')`,
      `DELETE FROM deliveries WHERE item = ?1 AND state IN ('digest')`,
    ],
    [
      'withdrawal keeps the digests',
      `DELETE FROM deliveries WHERE item = ?1 AND state IN ('queued', 'digest')`,
      `DELETE FROM deliveries WHERE item = ?1 AND state IN ('queued')`,
    ],
  ],
};

/** Each hand-made mutant of SQL_GUARDS applied alone; killed when the command fails. */
async function sqlGuards() {
  const { execSync } = await import('node:child_process');
  const path = `${root}${SQL_GUARDS.file}`;
  const original = await readFile(path, 'utf8');
  const t0 = Date.now();
  const results = [];
  try {
    for (const [name, from, to] of SQL_GUARDS.mutants) {
      if (original.split(from).length !== 2) throw new Error(`${name}: its text is not found once in ${SQL_GUARDS.file}`);
      await writeFile(path, original.replace(from, to));
      let killed = false;
      try {
        execSync(SQL_GUARDS.command, { cwd: root, stdio: 'ignore' });
      } catch {
        killed = true;
      }
      results.push({ name, killed });
    }
  } finally {
    await writeFile(path, original);
  }
  const killed = results.filter((r) => r.killed).length;
  return {
    what: SQL_GUARDS.what,
    mutate: [SQL_GUARDS.file],
    mutants: results.length,
    killed,
    timeout: 0,
    survived: results.length - killed,
    noCoverage: 0,
    ignored: [],
    compileErrors: 0,
    score: Math.round((killed / results.length) * 1000) / 10,
    survivors: results.filter((r) => !r.killed).map((r) => `${SQL_GUARDS.file} ${r.name}`),
    byHand: results.map((r) => r.name),
    seconds: Math.round((Date.now() - t0) / 1000),
  };
}

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const chosen = MODULES.filter((m) => !only || only.includes(m.key));
const withGuards = !only || only.includes(SQL_GUARDS.key);
if (only && chosen.length + (withGuards ? 1 : 0) !== only.length) {
  console.error(`Module inconnu (modules : ${[...MODULES.map((m) => m.key), SQL_GUARDS.key].join(', ')})`);
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
if (withGuards) {
  const guards = await sqlGuards();
  report.modules[SQL_GUARDS.key] = guards;
  console.log(`${SQL_GUARDS.key}: ${guards.score} % (${guards.killed}/${guards.mutants}), ${guards.survivors.length} survivant(s)`);
  for (const s of guards.survivors) console.log(`  ${s}`);
}
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log('Écrit : bench/mutation.json');
