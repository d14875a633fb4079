// npm run freshness — a publish on ten Cloudflare locations, once per KV propagation delay (0, 10,
// 60 and 120 s): the production bundle in the multi-location simulation (lib/edge-sim.mjs), its
// standard scenario (two publishes of a post a second apart, a location cut off from the purge
// marks' Durable Object, a purge delivered twice, 50 publishes at once). Writes
// bench/freshness.json: the bound after a purge's acknowledgement, resurrections, lost purges,
// older copies written over newer ones, per delay and over all. test/edge/freshness.test.ts
// asserts the same on three locations in npm test.
// Runs under tsx (the local upstream is TypeScript): node --import tsx scripts/freshness.mjs
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { simulate, standardDurationMs, standardScenario } from './lib/edge-sim.mjs';
import { root } from './lib/stack.mjs';

const LOCATIONS = ['CDG', 'MRS', 'FRA', 'LHR', 'MAD', 'IAD', 'GRU', 'JNB', 'SIN', 'NRT'];
const DELAYS_MS = [0, 10_000, 60_000, 120_000];

const runs = [];
for (const kvDelayMs of DELAYS_MS) {
  const started = performance.now();
  const report = await simulate({
    locations: LOCATIONS.map((name) => ({ name, kvDelayMs })),
    posts: 50,
    durationMs: standardDurationMs(kvDelayMs),
    scenario: standardScenario,
  });
  const { examples, ...figures } = report;
  runs.push({ kvDelayMs, ...figures, examples, seconds: Math.round((performance.now() - started) / 100) / 10 });
  console.log(
    `KV ${String(kvDelayMs / 1000).padStart(3)} s · ${LOCATIONS.length} locations · bound ${report.boundMs} ms · resurrections ${report.resurrections} · lost ${report.lostPurges} · older over newer ${report.storeViolations} · early glimpses ${report.earlyGlimpses} · ${report.views} views, ${report.publishes} publishes`,
  );
}

const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
const result = {
  boundMs: Math.max(...runs.map((r) => r.boundMs)),
  resurrections: sum('resurrections'),
  lostPurges: sum('lostPurges'),
  storeViolations: sum('storeViolations'),
  earlyGlimpses: sum('earlyGlimpses'),
  uncachedAtEnd: sum('uncachedAtEnd'),
  purgeToAckMs: Math.max(...runs.map((r) => r.purgeToAckMs)),
  locations: LOCATIONS,
  delaysMs: DELAYS_MS,
  runs,
  details: {
    date: new Date().toISOString(),
    node: process.version,
    cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
    note: 'boundMs: the latest view of an older revision after its purge was acknowledged (0: none), at one view per location every tick; earlyGlimpses: a newer revision seen before its acknowledgement, then an older one (WordPress publishes before it tells the site).',
  },
};
await writeFile(`${root}bench/freshness.json`, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `bound ${result.boundMs} ms · resurrections ${result.resurrections} · lost purges ${result.lostPurges} · older over newer ${result.storeViolations} → bench/freshness.json`,
);
process.exit(
  result.resurrections + result.lostPurges + result.storeViolations + sum('uncachedAtEnd') === 0 && result.boundMs <= 5000 ? 0 : 1,
);
