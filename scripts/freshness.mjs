// npm run freshness — the production bundle on simulated Cloudflare locations, on a clock for time
// and load (lib/edge-sim.mjs, lib/edge-scenarios.mjs). Writes bench/freshness.json:
//  1. ordering (issue 31): ten locations, once per KV propagation delay (0, 10, 60 and 120 s), the
//     standard scenario (two publishes of a post a second apart, a location cut off from the purge
//     object, a purge delivered twice, 50 publishes at once): resurrections, lost purges, older
//     copies written over newer ones;
//  2. the scenarios of issue 41 (an ordinary day, match day, the object unreachable or slow,
//     WordPress down), each with publish-to-visible, the readers' added latency, the object's and
//     WordPress's per-second peaks, and WordPress's calls against the same minutes without the fault;
//  3. calibration: the same model on the worker before issue 41 (git archive of CALIBRATION_COMMIT:
//     needs the repository's history), against the review's figures;
//  4. issue 51, before (LOCATION_COMMIT) → after: object reads per location in Sydney with 1, 2, 4
//     and 8 isolates (busy, then quiet); views of an older revision after the acknowledgement at
//     quiet locations 320 and 400 ms away, and while the object answers in 2 s.
// test/edge/freshness.test.ts asserts the same on three locations in npm test.
// 1 and 2 are the default set; 3 and 4 compare with old commits (`--history`). Each run is a job in
// its own process (each simulation patches its process's clock and fetch), as many at once as the
// machine has cores, longest first: about 10 minutes on two cores.
// Runs under tsx (the local upstream is TypeScript):
//   node --import tsx scripts/freshness.mjs [--history] [--only name,…] [--jobs N]
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { simulate } from './lib/edge-sim.mjs';
import { at, both, CALIBRATION, ORDINARY, publishes, SCENARIOS, standardDurationMs, standardScenario } from './lib/edge-scenarios.mjs';
import { sourceAt } from './lib/source-at.mjs';
import { root } from './lib/stack.mjs';

/** The last commit before issue 41's changes to the purge marks. */
const CALIBRATION_COMMIT = 'ba18361';
/** The last commit before issue 51's reads per location and acknowledgements that wait for slow reads. */
const LOCATION_COMMIT = '6714fb2';
const ORDERING_LOCATIONS = ['CDG', 'MRS', 'FRA', 'LHR', 'MAD', 'IAD', 'GRU', 'JNB', 'SIN', 'NRT'];
const DELAYS_MS = [0, 10_000, 60_000, 120_000];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    history: { type: 'boolean' },
    jobs: { type: 'string' },
    job: { type: 'string' },
    out: { type: 'string' },
  },
});
const seconds = (started) => Math.round((performance.now() - started) / 100) / 10;
const figures = ({ examples, slowest, wordpressCallsBetween, viewsBetween, ...rest }) => rest;
/** WordPress's calls over a fault and the minute after it. */
const faultWindow = ({ fault: [from, to] }) => [from, to + 60_000];

// ── The jobs, each one simulation (or a few short ones), run in a process of its own ──

async function ordering(kvDelayMs) {
  const started = performance.now();
  const report = await simulate({
    locations: ORDERING_LOCATIONS.map((name) => at(name, 2, 6, { kvDelayMs })),
    posts: 50,
    durationMs: standardDurationMs(kvDelayMs),
    scenario: standardScenario,
  });
  console.log(
    `ordering · KV ${String(kvDelayMs / 1000).padStart(3)} s · ${ORDERING_LOCATIONS.length} locations · after ack ${report.boundAfterAckMs} ms · resurrections ${report.resurrections} · lost ${report.lostPurges} · older over newer ${report.storeViolations} · ${report.views} views`,
  );
  return { kvDelayMs, ...figures(report), examples: report.examples, seconds: seconds(started) };
}

/**
 * One of issue 41's scenarios on the worker under `source`. `baselineFor`: the WordPress calls in
 * the fault windows of the scenarios this run is the fault-free baseline of (same readers, same
 * length), by their name.
 */
async function scenario(s, source = root) {
  const started = performance.now();
  const report = await simulate({ locations: s.locations, durationMs: s.durationMs, scenario: s.scenario, model: s.model, root: source });
  const baselineFor = Object.fromEntries(
    SCENARIOS.filter((f) => f.fault && !f.baseline && f.durationMs === s.durationMs && s.name === 'ordinary').map((f) => [
      f.name,
      report.wordpressCallsBetween(...faultWindow(f)),
    ]),
  );
  return {
    name: s.name,
    locations: s.locations.reduce((n, l) => n + (l.weight ?? 1), 0),
    publishToVisibleP99Ms: report.publishToVisibleP99Ms,
    resurrections: report.resurrections,
    lostPurges: report.lostPurges,
    serverErrors: report.serverErrors,
    objectPeakRps: report.objectPeakRps,
    wordpressPeakRps: report.wordpressPeakRps,
    wordpressCallsPerPurgedResource: report.wordpressCallsPerPurgedResource,
    waitingShare: report.waitingShare,
    addedLatencyP99Ms: report.addedLatencyP99Ms,
    publishToVisibleP50Ms: report.publishToVisibleP50Ms,
    maxObjectWaitMs: report.maxObjectWaitMs,
    lateAfterAck: report.lateAfterAck,
    objectReadsPerLocationPerSecond: report.objectReadsPerLocationPerSecond,
    isolatesPerBusyLocation: report.isolatesPerBusyLocation,
    ...(s.fault ? { faultCalls: report.wordpressCallsBetween(...faultWindow(s)), duringFault: report.viewsBetween(...s.fault) } : {}),
    baselineFor,
    details: { ...figures(report), examples: report.examples, seconds: seconds(started) },
  };
}

/** The fault-free run a fault scenario with its own baseline is compared with. */
async function baseline(s) {
  const report = await simulate({ locations: s.locations, durationMs: s.durationMs, scenario: s.baseline, root });
  return { [s.name]: report.wordpressCallsBetween(...faultWindow(s)) };
}

/** The model on the worker before issue 41 (git archive of CALIBRATION_COMMIT), against the review's figures. */
async function calibrate() {
  const before = await sourceAt(CALIBRATION_COMMIT);
  const noPrefetch = { prefetch: { share: 0, count: 0, gapMs: 0 } };
  const run = async (source) => {
    const report = await simulate({ locations: CALIBRATION, durationMs: 120_000, model: noPrefetch, root: source });
    return {
      readsPerSecondBusyFarIsolate: report.readsPerIsolatePerSecond.farBusy,
      waitingShare: report.waitingShare,
      addedLatencyMeanMs: report.addedLatencyMeanMs,
      addedLatencyP99Ms: report.addedLatencyP99Ms,
      objectPeakRps: report.objectPeakRps,
      durableObjectCalls: report.durableObjectCalls,
    };
  };
  const result = {
    commit: CALIBRATION_COMMIT,
    review:
      'about 20 object reads a second for a 100 req/s isolate; most requests waiting at a quiet isolate 280 ms away (82 %, +231 ms on average)',
    locations: CALIBRATION,
    before: await run(before.dir),
    after: await run(root),
  };
  await before.dispose();
  console.log(
    `calibration    · before: ${result.before.readsPerSecondBusyFarIsolate} reads/s at a busy far isolate, ${Math.round(result.before.waitingShare.quiet * 100)} % of a quiet far isolate's hits waiting (mean +${result.before.addedLatencyMeanMs.farQuiet} ms) · after: ${result.after.readsPerSecondBusyFarIsolate} reads/s, ${Math.round(result.after.waitingShare.quiet * 100)} %`,
  );
  return result;
}

/** Issue 41's scenario `name` on the code before it, for the calibration's before → after. */
async function scenarioBefore(name) {
  const before = await sourceAt(CALIBRATION_COMMIT);
  const { details, baselineFor, faultCalls, ...entry } = await scenario(
    SCENARIOS.find((x) => x.name === name),
    before.dir,
  );
  await before.dispose();
  return { ...entry, views: details.views, objectPeakSecond: details.objectPeakSecond };
}

/** Issue 51 before (LOCATION_COMMIT) → after, on the same model and seeds; `side`: which. */
async function perLocationSide(side) {
  const before = side === 'before' ? await sourceAt(LOCATION_COMMIT) : null;
  const source = before?.dir ?? root;
  const reads = async (rate) => {
    const out = {};
    for (const n of [1, 2, 4, 8]) {
      const r = await simulate({ locations: [at('CDG', 1, 1), at('SYD', n, rate)], durationMs: 60_000, posts: 4, root: source });
      out[n] = r.locations.find((l) => l.name === 'SYD').objectReadsPerSecond;
    }
    return out;
  };
  const far = await simulate({
    locations: [at('CDG', 1, 10), at('NOU', 1, 1 / 25), at('PPT', 1, 1 / 25)],
    durationMs: 300_000,
    posts: 2,
    scenario: publishes(20, 15_000, 10_000),
    root: source,
  });
  const slow = [];
  for (const seed of [1, 2, 3]) {
    const r = await simulate({
      seed,
      locations: ORDINARY,
      durationMs: 300_000,
      scenario: both(publishes(8, 20_000, 80_000), (plan) => plan.objectSlow(plan.start + 90_000, plan.start + 150_000, 2000)),
      root: source,
    });
    slow.push({
      seed,
      lateAfterAck: r.lateAfterAck,
      resurrections: r.resurrections,
      acknowledged: r.acknowledged,
      publishes: r.publishes,
      maxObjectWaitMs: r.maxObjectWaitMs,
    });
  }
  const result = {
    busy: await reads(5),
    quiet: await reads(0.2),
    farQuiet: { lateAfterAck: far.lateAfterAck, maxObjectWaitMs: far.maxObjectWaitMs, resurrections: far.resurrections },
    objectSlow: slow,
  };
  await before?.dispose();
  return result;
}

/**
 * Every job: its name, the set it belongs to (`--only` names a job or a set), a rough cost (to
 * start the longest first) and what it runs.
 */
const JOBS = [
  ...DELAYS_MS.map((d) => ({ name: `ordering-${d / 1000}`, set: 'ordering', cost: 60 + d / 500, run: () => ordering(d) })),
  ...SCENARIOS.map((s) => ({
    name: s.name,
    set: 'scenarios',
    cost: s.name === 'match-day' ? 400 : s.durationMs / 5000,
    run: () => scenario(s),
  })),
  ...SCENARIOS.filter((s) => s.fault && s.baseline).map((s) => ({
    name: `${s.name}-baseline`,
    set: 'scenarios',
    cost: s.durationMs / 5000,
    run: () => baseline(s),
  })),
  { name: 'calibration', set: 'history', cost: 60, run: calibrate },
  ...SCENARIOS.map((s) => ({
    name: `calibration-${s.name}`,
    set: 'history',
    cost: s.name === 'match-day' ? 3000 : s.durationMs / 2000,
    run: () => scenarioBefore(s.name),
  })),
  { name: 'per-location-before', set: 'history', cost: 300, run: () => perLocationSide('before') },
  { name: 'per-location-after', set: 'history', cost: 300, run: () => perLocationSide('after') },
];

if (values.job) {
  // A child: one job, its result written where the parent said.
  const job = JOBS.find((j) => j.name === values.job);
  const result = await job.run();
  await writeFile(values.out, JSON.stringify(result));
  process.exit(0);
}

const only = values.only?.split(',');
// A job is named by its name, its set, or the start of its name (`per-location`, `calibration`,
// `wordpress-down` with its baseline).
const named = (j) => only.some((o) => j.name === o || j.set === o || j.name.startsWith(`${o}-`));
// A fault scenario is compared with the same minutes without the fault: the ordinary day's run.
const needsOrdinary = (j) => SCENARIOS.some((s) => s.name === j.name && s.fault && !s.baseline);
const wanted = JOBS.filter((j) =>
  only ? named(j) || (j.name === 'ordinary' && JOBS.some((k) => named(k) && needsOrdinary(k))) : j.set !== 'history' || values.history,
);
// The calibration's « before » of match day: the old code's every reader reading the object ran
// for over 55 minutes and 8.8 GB; named alone only.
const jobs = wanted.filter((j) => j.name !== 'calibration-match-day' || only?.includes(j.name)).sort((a, b) => b.cost - a.cost);
if (jobs.length === 0) {
  console.error(
    `Aucun calcul ne porte ce nom (${only?.join(', ')}) : ${JOBS.map((j) => j.name).join(', ')}, ou ordering, scenarios, history.`,
  );
  process.exit(2);
}
const parallel = Math.max(1, Number(values.jobs ?? cpus().length));
const started = performance.now();
const work = await mkdtemp(join(tmpdir(), 'freshness-'));
const results = new Map();
let failed = false;
const runJob = (job) =>
  new Promise((resolve) => {
    const out = join(work, `${job.name}.json`);
    const jobStarted = performance.now();
    const child = fork(new URL(import.meta.url), ['--job', job.name, '--out', out], {
      // AsyncLocalStorage on continuation frames rather than async hooks: the simulation runs a
      // third faster (its context and the worker's follow every promise).
      execArgv: ['--max-old-space-size=8192', '--experimental-async-context-frame', '--import', 'tsx'],
    });
    child.on('exit', async (code) => {
      if (code === 0) results.set(job.name, JSON.parse(await readFile(out, 'utf8')));
      else failed = true;
      console.log(`  ${job.name} ${code === 0 ? 'done' : `FAILED (${code})`} in ${seconds(jobStarted)} s`);
      resolve();
    });
  });
const queue = [...jobs];
console.log(`${jobs.length} jobs on ${parallel} processes: ${jobs.map((j) => j.name).join(', ')}`);
await Promise.all(
  Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    while (queue.length) await runJob(queue.shift());
  }),
);
await rm(work, { recursive: true, force: true });

// ── The figures, assembled ──

const orderingRuns = DELAYS_MS.map((d) => results.get(`ordering-${d / 1000}`)).filter(Boolean);
const baselines = Object.assign(
  {},
  ...[...results.values()].map((r) => r?.baselineFor ?? {}),
  ...SCENARIOS.filter((s) => s.baseline).map((s) => results.get(`${s.name}-baseline`) ?? {}),
);
const scenarios = SCENARIOS.map((s) => results.get(s.name))
  .filter(Boolean)
  .map(({ baselineFor, faultCalls, details, ...entry }) => {
    const without = baselines[entry.name];
    const ratio =
      faultCalls === undefined || without === undefined
        ? faultCalls === undefined
          ? 1
          : null
        : Math.round((100 * faultCalls) / Math.max(1, without)) / 100;
    return { ...entry, wordpressCallsRatio: ratio, details };
  });
for (const e of scenarios)
  console.log(
    `${e.name.padEnd(14)} · ${String(e.locations).padStart(3)} locations · publish→visible p99 ${e.publishToVisibleP99Ms} ms · waiting busy ${e.waitingShare.busy} quiet ${e.waitingShare.quiet} · added p99 far busy ${e.addedLatencyP99Ms.farBusy} ms · object peak ${e.objectPeakRps}/s · WordPress peak ${e.wordpressPeakRps}/s, ×${e.wordpressCallsRatio}, ${e.wordpressCallsPerPurgedResource} a purged resource · late after ack ${e.lateAfterAck} · 5xx ${e.serverErrors} · ${e.details.views} views in ${e.details.seconds} s`,
  );

/**
 * The month's bill at 30 M and 300 M views, from the ordinary day's run: the requests a view makes
 * (its prefetches), then KV reads and writes and the purge object's other calls per request; the marks' reads per location
 * and second with traffic (issue 51), for 30 or 100 locations with traffic all month; one zone
 * purge per publish, 20 publishes a day. Workers Paid prices (developers.cloudflare.com/workers/
 * platform/pricing/, /kv/platform/pricing/, /durable-objects/platform/pricing/): $5 with 10 M
 * requests then $0.30/M; KV 10 M reads then $0.50/M, 1 M writes then $5/M; Durable Objects 1 M
 * requests then $0.15/M. Cloudflare's purge API is not billed per call (its limits are the cost).
 */
function monthlyCosts(run) {
  const b = run.details.billed;
  const seconds = run.details.durationMs / 1000;
  const month = 30 * 24 * 3600;
  const weights = run.details.locations.reduce((n, l) => n + (l.weight ?? 1), 0);
  const { read = 0, ...others } = b.objectRequests;
  const readsPerLocationSecond = read / seconds / weights;
  const otherObjectPerRequest = Object.values(others).reduce((n, c) => n + c, 0) / b.requests;
  const money = (x) => Math.round(x * 100) / 100;
  const over = (n, included, perMillion) => money((Math.max(0, n - included) / 1e6) * perMillion);
  const requestsPerView = b.requests / b.pageViews;
  const at = (views, activeLocations) => {
    const requests = Math.round(views * requestsPerView);
    const kvReads = Math.round(requests * (b.kvReads / b.requests));
    const kvWrites = Math.round(requests * (b.kvWrites / b.requests));
    const objectRequests = Math.round(readsPerLocationSecond * activeLocations * month + requests * otherObjectPerRequest);
    const zonePurgeCalls = 20 * 30;
    const bill = {
      workers: money(5 + over(requests, 10e6, 0.3)),
      kvReads: over(kvReads, 10e6, 0.5),
      kvWrites: over(kvWrites, 1e6, 5),
      durableObject: over(objectRequests, 1e6, 0.15),
      zonePurge: 0,
    };
    return {
      views,
      activeLocations,
      counts: { requests, kvReads, kvWrites, objectRequests, zonePurgeCalls },
      dollars: { ...bill, total: money(Object.values(bill).reduce((n, x) => n + x, 0)) },
    };
  };
  return {
    from: 'ordinary',
    requestsPerView: Math.round(requestsPerView * 100) / 100,
    perRequest: {
      kvReads: Math.round((b.kvReads / b.requests) * 100) / 100,
      kvWrites: Math.round((b.kvWrites / b.requests) * 1000) / 1000,
      otherObjectCalls: Math.round(otherObjectPerRequest * 1000) / 1000,
    },
    marksReadsPerLocationPerSecond: Math.round(readsPerLocationSecond * 100) / 100,
    zonePurgeCallsPerPublish: b.publishes ? Math.round((b.zonePurgeCalls / b.publishes) * 10) / 10 : 0,
    month30M: at(30e6, 30),
    month300M: at(300e6, 100),
  };
}
const ordinaryRun = scenarios.find((s) => s.name === 'ordinary');
const costs = ordinaryRun ? monthlyCosts(ordinaryRun) : undefined;
if (costs)
  console.log(
    `costs          · 30 M views $${costs.month30M.dollars.total} · 300 M $${costs.month300M.dollars.total} a month (${JSON.stringify(costs.perRequest)})`,
  );

const calibrationRun = results.get('calibration');
const before = SCENARIOS.map((s) => results.get(`calibration-${s.name}`)).filter(Boolean);
const calibration = calibrationRun ? { ...calibrationRun, ...(before.length ? { scenarios: before } : {}) } : undefined;

const perLocation =
  results.has('per-location-before') && results.has('per-location-after')
    ? {
        commit: LOCATION_COMMIT,
        note: 'busy/quiet: object reads a second at Sydney, 60 s, each isolate at 5 (busy) or 0.2 (quiet) views a second, by number of isolates; farQuiet: Nouméa and Papeete (320 and 400 ms), one view every 25 s, 20 publishes; objectSlow: the ordinary day with 8 publishes, 4 of them while the object answers in 2 s, three seeds',
        before: results.get('per-location-before'),
        after: results.get('per-location-after'),
      }
    : undefined;
if (perLocation)
  console.log(
    `per location   · busy Sydney reads/s by isolates ${JSON.stringify(perLocation.before.busy)} → ${JSON.stringify(perLocation.after.busy)} · late after ack far ${perLocation.before.farQuiet.lateAfterAck} → ${perLocation.after.farQuiet.lateAfterAck}, slow ${perLocation.before.objectSlow.map((s) => s.lateAfterAck).join('/')} → ${perLocation.after.objectSlow.map((s) => s.lateAfterAck).join('/')}`,
  );

const sum = (key) => orderingRuns.reduce((n, r) => n + r[key], 0);
const totals = {
  boundMs: Math.max(0, ...orderingRuns.map((r) => r.boundAfterAckMs)),
  resurrections: sum('resurrections') + scenarios.reduce((n, s) => n + s.resurrections, 0),
  lostPurges: sum('lostPurges') + scenarios.reduce((n, s) => n + s.lostPurges, 0),
  lateAfterAck: scenarios.reduce((n, s) => n + s.lateAfterAck, 0),
  storeViolations: sum('storeViolations'),
  earlyGlimpses: sum('earlyGlimpses'),
  uncachedAtEnd: sum('uncachedAtEnd'),
  purgeToAckMs: Math.max(0, ...orderingRuns.map((r) => r.purgeToAckMs)),
};
const details = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
  processes: parallel,
  seconds: seconds(started),
  note: 'boundMs: the latest view of an older revision after its purge was acknowledged, at a location that reached the purge object (0: none); publishToVisible: from the publish to the last view of an older revision, per publish and location; addedLatency: what a reader waited because of the purge object; waitingShare: warm hits that waited on it; peaks: requests a second, the simulated locations and those they stand for.',
};
const full = !only && orderingRuns.length === DELAYS_MS.length && scenarios.length === SCENARIOS.length;
let written;
if (full) {
  // The default set replaces the file; the history entries of the last run are kept unless run again.
  const last = JSON.parse(await readFile(`${root}bench/freshness.json`, 'utf8').catch(() => '{}'));
  written = {
    ...totals,
    locations: ORDERING_LOCATIONS,
    delaysMs: DELAYS_MS,
    runs: orderingRuns,
    scenarios,
    costs,
    calibration: calibration ?? last.calibration,
    perLocation: perLocation ?? last.perLocation,
    details,
  };
} else {
  // --only …: the entries run replace those of the last full run, the rest kept.
  const last = JSON.parse(await readFile(`${root}bench/freshness.json`, 'utf8'));
  const names = new Set(scenarios.map((s) => s.name));
  const delays = new Set(orderingRuns.map((r) => r.kvDelayMs));
  written = {
    ...last,
    runs: [...last.runs.filter((r) => !delays.has(r.kvDelayMs)), ...orderingRuns].sort((a, b) => a.kvDelayMs - b.kvDelayMs),
    scenarios: [...last.scenarios.filter((s) => !names.has(s.name)), ...scenarios].sort(
      (a, b) => SCENARIOS.findIndex((x) => x.name === a.name) - SCENARIOS.findIndex((x) => x.name === b.name),
    ),
    ...(calibration ? { calibration: { ...last.calibration, ...calibration } } : {}),
    ...(costs ? { costs } : {}),
    ...(perLocation ? { perLocation } : {}),
    details: { ...last.details, merged: { ...details, only } },
  };
}
await writeFile(`${root}bench/freshness.json`, `${JSON.stringify(written, null, 2)}\n`);
const ok =
  !failed &&
  totals.resurrections + totals.lostPurges + totals.storeViolations + totals.uncachedAtEnd + totals.lateAfterAck === 0 &&
  totals.boundMs <= 5000 &&
  scenarios.every((s) => s.serverErrors === 0);
console.log(
  `resurrections ${totals.resurrections} · lost purges ${totals.lostPurges} · older over newer ${totals.storeViolations} · late after ack ${totals.lateAfterAck}${failed ? ' · a job FAILED' : ''} · ${details.seconds} s → bench/freshness.json`,
);
process.exit(ok ? 0 : 1);
