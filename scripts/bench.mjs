// npm run bench — anonymous pages against a static file, worker-bound (issues 8 and 34).
//   - the worker's production build (NODE_ENV=production, minified) in workerd, run by Miniflare with
//     wrangler.jsonc's bindings (scripts/lib/worker-build.mjs: not wrangler dev, whose proxy dies under
//     this load), the local upstream scaled to 10 000 articles;
//   - worker-bound: workerd's request thread pinned to one core (BENCH_SERVER_CPU, 0), everything
//     else this bench starts — workerd's helper threads, the load generator (autocannon in a process
//     of its own, scripts/lib/load-generator.mjs), the bench itself, the local upstream — to the
//     other (BENCH_CLIENT_CPU, 1), with `taskset`.
//     Each run counts both cores' busy time (/proc/stat) and workerd's and the load generator's own
//     CPU (/proc/<pid>/stat): a run is worker-bound when the server core is busy and the client
//     core is not. Other processes of the machine are not pinned: what they take of the server
//     core is counted, and a run where it passes 5 % is reported as contended;
//   - connections: the knee, found first — a few connection counts (BENCH_KNEE, 8,16,32,64) tried
//     briefly on the static file and the home page, the smallest that keeps workerd ≥ 90 % busy on
//     both (of the time other processes left it) is kept; BENCH_CONNECTIONS skips the search;
//   - the ceiling: a static file of the home page's size (its own HTML), served by the same runtime
//     (workerd's static assets);
//   - warm runs: every page's HTML copy stored before, fresh windows of a day so that no copy turns
//     stale during the run; targets alternated round by round (order reversed every other round)
//     so that drift hits them all alike, medians over rounds: the static file, home, category,
//     article, search and the session call;
//   - upstream calls per warm view, counted by the local upstream itself;
//   - waterfall depth: serial upstream round trips before the first byte of a cold article page,
//     with 100 ms added to every upstream call, from the upstream's own log of calls.
// Per target: req/s, ÷ static (round by round, then the median), p50, p99 and p99/p50 (every
// response timed by the load generator), each core's utilisation and workerd's and autocannon's.
// About 3 minutes (BENCH_SECONDS, BENCH_ROUNDS, BENCH_KNEE_SECONDS lengthen it). Prints a table
// and writes bench/results.json. The issue's targets are printed as information only.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildClient } from './build-client.mjs';
import { dropWorkerLogLines } from './lib/node-worker.mjs';
import {
  ensureDevVars,
  root,
  sitePort,
  siteUrl,
  startUpstreamProcess,
  stopAll,
  upstreamUrl,
  waitFor,
  withUpstreamPort,
} from './lib/stack.mjs';
import { startProductionWorker } from './lib/worker-build.mjs';
import {
  CLK_TCK,
  coreTicks,
  ensureTaskset,
  findWorkerd,
  pin,
  pinWorkerd,
  processTicks,
  runQueueWaitNs,
  threadCount,
} from './lib/cores.mjs';

const SERVER_CPU = Number(process.env.BENCH_SERVER_CPU ?? 0);
const CLIENT_CPU = Number(process.env.BENCH_CLIENT_CPU ?? 1);
const FIXED_CONNECTIONS = process.env.BENCH_CONNECTIONS ? Number(process.env.BENCH_CONNECTIONS) : null;
const KNEE_CONNECTIONS = (process.env.BENCH_KNEE ?? '8,16,32,64').split(',').map(Number);
const KNEE_SECONDS = Number(process.env.BENCH_KNEE_SECONDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// Five: a garbage-collection pause that lands in one round moves that round's ratio by up to 0.1.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
/** workerd's share of its core (of what other processes left it) from which the server counts as saturated. */
const SATURATED = 0.9;
/** Other processes' share of the server core above which a run counts as contended. */
const CONTENDED = 0.05;
const LATENCY_MS = 100;
const TARGETS = { ratioToStatic: 0.9, p99OverP50: 3 };

const t0 = performance.now();
const load0 = loadavg();
const control = (path, init) => fetch(`${upstreamUrl}/__control${path}`, init).then((r) => r.json());
const postJson = (path, body) =>
  control(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const median = (xs) => {
  const s = xs.filter((x) => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round2 = (x) => (x === null ? null : Math.round(x * 100) / 100);
const pct = (x) => (x === null ? null : Math.round(x * 1000) / 10);

async function get(path) {
  const r = await fetch(siteUrl + path);
  await r.arrayBuffer();
  return r;
}

// —— Cores ——————————————————————————————————————————————————————————————————————————————

ensureTaskset();
// workerd's output comes through this process (Miniflare prints it): the worker's one JSON line per
// request is dropped, not written to the terminal at thousands a second.
dropWorkerLogLines();
// V8's own account of each garbage collection in workerd (--trace-gc: one line per collection, on
// workerd's stdout, which Miniflare prints line by line). Every isolate of the runtime — the
// worker's, and Miniflare's entry, router and assets workers — runs on the request thread, so each
// pause stalls every request in flight. A line names its isolate; it is counted to the run under way
// and kept off the terminal.
process.env.MINIFLARE_WORKERD_V8_FLAGS = [process.env.MINIFLARE_WORKERD_V8_FLAGS, '--trace-gc'].filter(Boolean).join(' ');
const GC_LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: ([A-Z][A-Za-z -]*?)(?: \([a-z ]+\))? [\d.]+ \([\d.]+\) -> .*? ([\d.]+) \/ [\d.]+ ms/;
/** The collections of the run under way (null between runs). */
let gcOfRun = null;
{
  const print = console.log;
  console.log = (first, ...rest) => {
    const m = typeof first === 'string' ? GC_LINE.exec(first) : null;
    if (!m) return print(first, ...rest);
    gcOfRun?.push({ isolate: m[1], kind: m[2], ms: Number(m[3]) });
  };
}
const cores = cpus().length;
if (cores < 2 || SERVER_CPU === CLIENT_CPU || Math.max(SERVER_CPU, CLIENT_CPU) >= cores) {
  console.error(
    `npm run bench : il faut deux cœurs distincts pour le serveur et le générateur de charge (cœurs : ${cores}, BENCH_SERVER_CPU=${SERVER_CPU}, BENCH_CLIENT_CPU=${CLIENT_CPU}).`,
  );
  process.exit(1);
}
// This process and everything it starts (the upstream, workerd, the load generator) on the client
// core; workerd alone is moved to the server core once started.
pin(process.pid, CLIENT_CPU);

// —— The stack ——————————————————————————————————————————————————————————————————————————

const vars = await ensureDevVars();
// Only the manifest's names matter to the pages: an existing client build is kept (other runs on
// this machine may be serving it); BENCH_BUILD_CLIENT=1 builds it again.
try {
  if (process.env.BENCH_BUILD_CLIENT === '1') throw new Error('rebuild');
  await access(`${root}public/assets/manifest.json`);
} catch {
  await buildClient();
}
const persistTo = `${root}.wrangler/bench-state`;
await rm(persistTo, { recursive: true, force: true });

const upstream = startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1', UPSTREAM_ARTICLES: String(ARTICLES) } });
await waitFor(`${upstreamUrl}/`, { timeoutMs: 300_000 });
const worker = await startProductionWorker({
  port: sitePort,
  persistTo,
  // Fresh for a day instead of 60 s: every measured request is a warm hit (a stale copy would be
  // served the same way and re-rendered in the background, once a minute per page).
  bindings: { ...withUpstreamPort(vars), PUBLIC_ORIGIN: siteUrl, CONTENT_FRESH_SECONDS: '86400', HTML_FRESH_SECONDS: '86400' },
});
await waitFor(`${siteUrl}/assets/manifest.json`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
await get('/');
const startToFirstPageMs = Math.round(performance.now() - t0);

const published = (await control('/articles?status=publish')).filter((a) => !a.redirection);
console.log(`local upstream: ${published.length} published articles`);
const targets = {
  home: '/',
  category: '/categories/xv-de-france',
  article: published[0].link,
  search: '/recherche?query=equipe',
  session: '/api/auth/session',
};

// The static file: the home page's own HTML, served by the runtime's assets. Same bytes, so the
// ratio compares the worker with a plain file and nothing else. (Removed at the end; git ignores it.)
const homeHtml = Buffer.from(await (await fetch(siteUrl + '/')).arrayBuffer());
const homeBytes = homeHtml.length;
await mkdir(`${root}public/__bench`, { recursive: true });
process.on('exit', () => rmSync(`${root}public/__bench`, { recursive: true, force: true }));
await writeFile(`${root}public/__bench/home.html`, homeHtml);
// Served at /__bench/home: the assets server drops .html (and would redirect to it).
targets.static = '/__bench/home';
// The runtime lists public/ when it starts: started again to serve it (a new workerd process).
await worker.reload();
await waitFor(`${siteUrl}${targets.static}`, { timeoutMs: 60_000, ok: (r) => r.status === 200 && r.headers.get('x-ffr-cache') === null });
const staticFile = { path: targets.static, bytes: homeBytes };

let workerd = findWorkerd();
pinWorkerd(workerd, { serverCore: SERVER_CPU, clientCore: CLIENT_CPU });

// The load generator, on the client core.
const generator = spawn('taskset', ['-c', String(CLIENT_CPU), process.execPath, `${root}scripts/lib/load-generator.mjs`], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const answers = new Map();
let asked = 0;
generator.on('message', (msg) => {
  answers.get(msg.id)?.(msg);
  answers.delete(msg.id);
});
generator.on('exit', (code) => {
  if (answers.size) {
    console.error(`npm run bench : le générateur de charge s'est arrêté (code ${code}).`);
    stopAll();
    process.exit(1);
  }
});
const shoot = (msg) =>
  new Promise((resolve, reject) => {
    const id = ++asked;
    answers.set(id, (r) => (r.error ? reject(new Error(r.error)) : resolve(r)));
    generator.send({ id, ...msg });
  });

/**
 * One autocannon run, with what each core and each process did meanwhile. workerd is pinned again
 * first (a restart would have made a new one).
 */
async function measure(name, connections, seconds) {
  if (processTicks(workerd) === null) workerd = findWorkerd();
  pinWorkerd(workerd, { serverCore: SERVER_CPU, clientCore: CLIENT_CPU });
  const c0 = coreTicks();
  // workerd's request thread (its main thread): the worker's own CPU.
  const w0 = processTicks(workerd, workerd);
  const q0 = runQueueWaitNs(workerd, workerd);
  const g0 = processTicks(generator.pid);
  const b0 = processTicks(process.pid);
  const u0 = processTicks(upstream.pid);
  const start = performance.now();
  const gc = [];
  gcOfRun = gc;
  const r = await shoot({ url: siteUrl + targets[name], connections, seconds });
  // workerd's last lines of the run are still in the pipe.
  await new Promise((ok) => setTimeout(ok, 20));
  gcOfRun = null;
  if (r.requests === 0) {
    console.error(
      `npm run bench : aucune réponse de ${targets[name]} en ${seconds} s sous ${connections} connexions (${r.errors} erreurs) : le worker ne répond plus sous charge.`,
    );
    process.exit(1);
  }
  const wall = (performance.now() - start) / 1000;
  const c1 = coreTicks();
  const share = (ticks0, ticks1) => (ticks0 === null || ticks1 === null ? null : (ticks1 - ticks0) / CLK_TCK / wall);
  const coreBusy = (core) => {
    const total = c1[core].total - c0[core].total;
    return total > 0 ? (c1[core].busy - c0[core].busy) / total : null;
  };
  const serverCore = coreBusy(SERVER_CPU);
  const workerdShare = share(w0, processTicks(workerd, workerd));
  const q1 = runQueueWaitNs(workerd, workerd);
  return {
    name,
    connections,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    p999: r.p999,
    p99OverP50: r.p50 > 0 ? r.p99 / r.p50 : null,
    servedDuringTail: r.servedDuringTail,
    connectionShare: r.connectionShare,
    gc,
    wallMs: wall * 1000,
    requests: r.requests,
    bytesPerResponse: r.requests ? Math.round(r.bytes / r.requests) : 0,
    errors: r.errors + r.non2xx,
    serverCore,
    clientCore: coreBusy(CLIENT_CPU),
    workerd: workerdShare,
    // Time other processes took on the server core: the run was contended, its figures low.
    serverOthers: serverCore === null || workerdShare === null ? null : Math.max(0, serverCore - workerdShare),
    // Time the request thread waited for its core while runnable: what other processes took of it.
    workerdWaiting: q0 === null || q1 === null ? null : (q1 - q0) / 1e9 / wall,
    loadGenerator: share(g0, processTicks(generator.pid)),
    bench: share(b0, processTicks(process.pid)),
    upstream: share(u0, processTicks(upstream.pid)),
  };
}

const line = (r) =>
  `${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50?.toFixed(2)} ms  p99 ${r.p99?.toFixed(2)} ms  tail: others served ${r.servedDuringTail}, least-served conn. ${r.connectionShare?.min}  GC ${r.gc.length} pauses, ${Math.round(r.gc.reduce((sum, g) => sum + g.ms, 0))} ms  server core ${pct(r.serverCore)} % (workerd ${pct(r.workerd)} %, waiting ${pct(r.workerdWaiting)} %)  client core ${pct(r.clientCore)} % (autocannon ${pct(r.loadGenerator)} %)`;

// —— Warm-up ————————————————————————————————————————————————————————————————————————————

// Every page rendered and its HTML copy stored (written after the response).
for (const [name, path] of Object.entries(targets)) {
  for (let i = 0; i < 50; i++) {
    const r = await get(path);
    if (name === 'static' || name === 'session' || r.headers.get('x-ffr-cache') === 'HIT') break;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}
for (const [name, path] of Object.entries(targets)) {
  const r = await get(path);
  if (r.status !== 200) throw new Error(`${name} (${path}) : HTTP ${r.status}`);
  if (!['static', 'session'].includes(name) && r.headers.get('x-ffr-cache') !== 'HIT')
    throw new Error(`${name} (${path}) : pas servi depuis le cache après l'échauffement (x-ffr-cache ${r.headers.get('x-ffr-cache')})`);
}

// Upstream calls per warm view: 25 views of each page type, counted by the upstream.
await control('/counters/reset', { method: 'POST' });
let views = 0;
for (let i = 0; i < 25; i++) {
  for (const name of ['home', 'category', 'article', 'search']) {
    await get(targets[name]);
    views++;
  }
}
const warmCalls = (await control('/counters')).total;

// Both sides' JIT: a second of load on each target, uncounted.
for (const name of Object.keys(targets)) await measure(name, 8, 1);

// —— The knee ———————————————————————————————————————————————————————————————————————————

const KNEE_PROBES = ['static', 'home'];
const knee = [];
let connections = FIXED_CONNECTIONS;
let connectionsWhy;
if (connections) connectionsWhy = 'BENCH_CONNECTIONS';
else {
  for (const c of KNEE_CONNECTIONS) {
    for (const name of KNEE_PROBES) {
      const r = await measure(name, c, KNEE_SECONDS);
      knee.push(r);
      console.log(`knee ${String(c).padStart(3)} connections ${name.padEnd(8)} ${line(r)}`);
    }
  }
  // The smallest count at which workerd keeps its core busy on every probe (busy: of the time other
  // processes left it, on a shared machine); failing that (a client that cannot keep up), the one
  // whose least-busy probe kept workerd busiest.
  const busy = (r) => (r.workerd ?? 0) / Math.max(0.01, 1 - (r.serverOthers ?? 0));
  const least = (c) => Math.min(...knee.filter((r) => r.connections === c).map(busy));
  const saturating = KNEE_CONNECTIONS.find((c) => least(c) >= SATURATED);
  if (saturating) {
    connections = saturating;
    connectionsWhy = `the smallest count with workerd ≥ ${SATURATED * 100} % of its core on ${KNEE_PROBES.join(' and ')}`;
  } else {
    connections = [...KNEE_CONNECTIONS].sort((a, b) => least(b) - least(a))[0];
    connectionsWhy = `no count brought workerd to ${SATURATED * 100} % of its core on ${KNEE_PROBES.join(' and ')}: the count that kept it busiest (${pct(least(connections))} %) — not worker-bound, see the client core`;
  }
  console.log(`connections: ${connections} (${connectionsWhy})\n`);
}

// —— The measured rounds ————————————————————————————————————————————————————————————————

const order = ['static', 'home', 'category', 'article', 'search', 'session'];
const runs = Object.fromEntries(order.map((n) => [n, []]));
await control('/counters/reset', { method: 'POST' });
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 ? [...order].reverse() : order) {
    const r = await measure(name, connections, SECONDS);
    r.round = round;
    runs[name].push(r);
    console.log(`round ${round + 1}/${ROUNDS} ${name.padEnd(8)} ${line(r)}`);
  }
}
const loadCalls = (await control('/counters')).total;

// —— Waterfall depth ————————————————————————————————————————————————————————————————————

// A never-seen article with 100 ms added to every upstream call. The upstream logs each call's
// start and end; the longest chain of calls each starting after the previous one ended, among those
// finished before the first byte, is the number of serial round trips.
await control('/counters/reset', { method: 'POST' });
await postJson('/faults', { path: '*', kind: 'latency', ms: LATENCY_MS });
const sentAt = Date.now();
const cold = await fetch(siteUrl + published[1].link);
const firstByteAt = Date.now();
await cold.arrayBuffer();
const calls = (await control('/requests')).filter((c) => c.start >= sentAt && c.end <= firstByteAt + 5).sort((a, b) => a.start - b.start);
await fetch(`${upstreamUrl}/__control/faults`, { method: 'DELETE' });
const workerdThreads = threadCount(workerd);
generator.disconnect();
stopAll();
await worker.dispose();
await rm(`${root}public/__bench`, { recursive: true, force: true });
const chain = [];
for (const [i, call] of calls.entries())
  chain[i] = 1 + Math.max(0, ...calls.slice(0, i).map((c, j) => (c.end <= call.start ? chain[j] : 0)));
const waterfallDepth = Math.max(0, ...chain);
const load1 = loadavg();

// —— Results ————————————————————————————————————————————————————————————————————————————

// The runtime's own isolates (Miniflare's entry, router and assets workers) are those that collect
// while the static file is served, which never reaches the worker: the others are the worker's.
const runtimeIsolates = new Set([...knee, ...runs.static].filter((r) => r.name === 'static').flatMap((r) => r.gc.map((g) => g.isolate)));
/** A run's collections: their share of its time, the longest, and the worker's isolate's share of them. */
const gcOf = (r) => {
  const total = r.gc.reduce((sum, g) => sum + g.ms, 0);
  const worker = r.gc.filter((g) => !runtimeIsolates.has(g.isolate)).reduce((sum, g) => sum + g.ms, 0);
  return {
    count: r.gc.length,
    share: r.wallMs > 0 ? total / r.wallMs : null,
    longestMs: Math.max(0, ...r.gc.map((g) => g.ms)),
    workerShare: total > 0 ? worker / total : null,
  };
};

/** Medians over rounds; the ratio to the static file is taken round by round (same drift), then its median. */
const summary = (name) => {
  const rs = runs[name];
  const staticOf = (round) => runs.static.find((s) => s.round === round)?.rps;
  return {
    rps: Math.round(median(rs.map((r) => r.rps))),
    ratioToStatic: round2(median(rs.map((r) => r.rps / staticOf(r.round)))),
    p50: round2(median(rs.map((r) => r.p50))),
    p99: round2(median(rs.map((r) => r.p99))),
    p99OverP50: round2(median(rs.map((r) => r.p99OverP50))),
    servedDuringTail: round2(median(rs.map((r) => r.servedDuringTail))),
    fewestPerConnection: round2(median(rs.map((r) => r.connectionShare?.min ?? null))),
    gcPauses: Math.round(median(rs.map((r) => gcOf(r).count))),
    gcShareOfRun: pct(median(rs.map((r) => gcOf(r).share))),
    gcLongestMs: round2(Math.max(...rs.map((r) => gcOf(r).longestMs))),
    gcInWorkerIsolate: pct(median(rs.map((r) => gcOf(r).workerShare))),
    serverCore: pct(median(rs.map((r) => r.serverCore))),
    workerdCpu: pct(median(rs.map((r) => r.workerd))),
    othersOnServerCore: pct(median(rs.map((r) => r.serverOthers))),
    workerdWaitingForCore: pct(median(rs.map((r) => r.workerdWaiting))),
    clientCore: pct(median(rs.map((r) => r.clientCore))),
    loadGeneratorCpu: pct(median(rs.map((r) => r.loadGenerator))),
    bytesPerResponse: median(rs.map((r) => r.bytesPerResponse)),
    errors: rs.reduce((s, r) => s + r.errors, 0),
  };
};
const staticSummary = summary('static');
const pages = {};
for (const name of ['home', 'category', 'article', 'search', 'session']) pages[name] = summary(name);
// Runs that were not worker-bound, or not alone on the server core.
const all = Object.values(runs).flat();
const runNames = (rs) => rs.map((r) => `${r.name} #${r.round + 1}`);
const contended = all.filter((r) => r.serverOthers > CONTENDED);
const clientBound = all.filter((r) => r.clientCore >= SATURATED && r.workerd < SATURATED);
const idle = all.filter((r) => r.serverCore < SATURATED);
const roundRun = (r) => ({
  round: r.round,
  connections: r.connections,
  rps: Math.round(r.rps),
  p50: r.p50,
  p99: r.p99,
  p999: r.p999,
  servedDuringTail: r.servedDuringTail,
  connectionShare: r.connectionShare,
  gc: { ...gcOf(r), share: pct(gcOf(r).share), workerShare: pct(gcOf(r).workerShare) },
  serverCore: pct(r.serverCore),
  workerd: pct(r.workerd),
  othersOnServerCore: pct(r.serverOthers),
  workerdWaitingForCore: pct(r.workerdWaiting),
  clientCore: pct(r.clientCore),
  loadGenerator: pct(r.loadGenerator),
  bench: pct(r.bench),
  upstream: pct(r.upstream),
  errors: r.errors,
});
const results = {
  pages,
  static: { ...staticSummary, ratioToStatic: 1, path: staticFile.path, bytes: staticFile.bytes },
  upstreamCallsPerWarmView: round2(warmCalls / views),
  waterfallDepth,
  details: {
    date: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model ?? '?', cores, node: process.version },
    loadAverage: { start: load0.map(round2), end: load1.map(round2) },
    pinning: {
      serverCore: SERVER_CPU,
      clientCore: CLIENT_CPU,
      onServerCore: `workerd (Miniflare's runtime, every thread: ${workerdThreads ?? '?'})`,
      onClientCore: "autocannon (scripts/lib/load-generator.mjs), this bench process (Miniflare's Node side), the local upstream",
      note: "other processes on the machine are not pinned and may run on either core: serverCore/clientCore are each core's busy share (all processes), workerdCpu/loadGeneratorCpu the process's own",
    },
    connections: {
      chosen: connections,
      why: connectionsWhy,
      knee: knee.map((r) => ({
        connections: r.connections,
        target: r.name,
        rps: Math.round(r.rps),
        p50: r.p50,
        p99: r.p99,
        serverCore: pct(r.serverCore),
        workerd: pct(r.workerd),
        othersOnServerCore: pct(r.serverOthers),
        workerdWaitingForCore: pct(r.workerdWaiting),
        clientCore: pct(r.clientCore),
        loadGenerator: pct(r.loadGenerator),
      })),
      kneeSecondsPerRun: KNEE_SECONDS,
    },
    secondsPerRun: SECONDS,
    rounds: ROUNDS,
    latency:
      "milliseconds, every 2xx response timed by the load generator (sub-millisecond); p50/p99 are medians over rounds, p99/p50 the median of each round's ratio",
    garbageCollection: `V8's --trace-gc in workerd, every isolate (${runtimeIsolates.size} of the runtime's own: those collecting while the static file is served): gcPauses per run, gcShareOfRun the pauses' sum ÷ the run's time, gcLongestMs over rounds, gcInWorkerIsolate the worker's isolate's share of the pauses' time`,
    tail: "servedDuringTail: for the responses at or above p99, what the other connections received meanwhile ÷ the run's mean rate (median; near 0: everything paused, near 1: the server kept answering the others while these waited); fewestPerConnection: the least-served connection's responses ÷ an equal share (scripts/lib/load-generator.mjs)",
    freshness:
      'CONTENT_FRESH_SECONDS and HTML_FRESH_SECONDS set to a day: every page request is a warm hit (isolate memo, a KV read at most once a second)',
    compression: 'none: autocannon sends no Accept-Encoding (workerd compresses natively when asked, for pages and static file alike)',
    targetsOfTheIssue: { ratioToStatic: `≥ ${TARGETS.ratioToStatic}`, p99OverP50: `≤ ${TARGETS.p99OverP50}`, asserted: false },
    articles: published.length,
    homeHtmlBytes: homeBytes,
    warmViewsCounted: views,
    upstreamCallsDuringLoad: loadCalls,
    coldArticle: {
      path: published[1].link,
      status: cold.status,
      ttfbMs: firstByteAt - sentAt,
      addedLatencyPerCallMs: LATENCY_MS,
      upstreamCalls: calls.map((c) => ({ route: c.route, startMs: Math.round(c.start - sentAt), endMs: Math.round(c.end - sentAt) })),
    },
    startToFirstPageMs,
    totalSeconds: Math.round((performance.now() - t0) / 1000),
    targets,
    notWorkerBound: {
      contended: { runs: runNames(contended), meaning: `other processes took > ${CONTENDED * 100} % of the server core` },
      clientSaturated: {
        runs: runNames(clientBound),
        meaning: `client core ≥ ${SATURATED * 100} % busy while workerd was below ${SATURATED * 100} %`,
      },
      serverNotBusy: { runs: runNames(idle), meaning: `server core below ${SATURATED * 100} % busy` },
    },
    runs: Object.fromEntries(order.map((n) => [n, runs[n].map(roundRun)])),
  },
};
await writeFile(`${root}bench/results.json`, JSON.stringify(results, null, 2) + '\n');

const cell = (x, w) => String(x ?? '—').padStart(w);
const meets = (s) => {
  const notes = [];
  if (s.ratioToStatic !== null && s.ratioToStatic < TARGETS.ratioToStatic) notes.push(`< ${TARGETS.ratioToStatic}× static`);
  if (s.p99OverP50 !== null && s.p99OverP50 > TARGETS.p99OverP50) notes.push(`p99/p50 > ${TARGETS.p99OverP50}`);
  return notes.length ? notes.join(', ') : 'ok';
};
console.log(
  `\nWorker-bound throughput: workerd on core ${SERVER_CPU}, autocannon on core ${CLIENT_CPU} (${results.details.machine.cpu} × ${cores})`,
);
console.log(`${connections} connections (${connectionsWhy}), ${ROUNDS} rounds × ${SECONDS} s per target, ${published.length} articles`);
console.log(`load average ${load0.map(round2).join(' ')} at start, ${load1.map(round2).join(' ')} at end\n`);
console.log(
  "target    |   req/s | ÷ static |  p50 ms |  p99 ms | p99/p50 | others served in tail | least-served conn. | GC pauses: % of run, longest, worker's | server core (workerd) | client core (autocannon) | errors | issue target (info)",
);
for (const [name, s] of [['static', results.static], ...Object.entries(pages)]) {
  console.log(
    `${name.padEnd(9)} | ${cell(s.rps, 7)} | ${cell(s.ratioToStatic, 8)} | ${cell(s.p50, 7)} | ${cell(s.p99, 7)} | ${cell(s.p99OverP50, 7)} | ${cell(s.servedDuringTail, 21)} | ${cell(s.fewestPerConnection, 18)} | ${cell(`${s.gcShareOfRun} %, ${s.gcLongestMs} ms, ${s.gcInWorkerIsolate ?? 0} %`, 37)} | ${cell(`${s.serverCore} % (${s.workerdCpu} %)`, 21)} | ${cell(`${s.clientCore} % (${s.loadGeneratorCpu} %)`, 24)} | ${cell(s.errors, 6)} | ${name === 'static' ? '' : meets(s)}`,
  );
}
console.log(
  '\nothers served in tail: for the responses at or above p99, what the other connections received meanwhile ÷ the mean rate (0: a pause stopped everything; 1: the server kept answering the others while these waited their turn)',
);
console.log(`least-served connection: its responses ÷ an equal share of the run's`);
console.log(
  `GC pauses: V8's collections on workerd's request thread, in all its isolates (the runtime's own: ${runtimeIsolates.size}), their share of the run's time, the longest, and the share in the worker's isolate`,
);
console.log(`static file: ${staticFile.path} (the home page's HTML, ${homeBytes} B, workerd's static assets)`);
console.log(`issue targets (information, not asserted): warm pages ≥ ${TARGETS.ratioToStatic}× static, p99/p50 ≤ ${TARGETS.p99OverP50}`);
if (contended.length)
  console.log(
    `contended (other processes took > ${CONTENDED * 100} % of the server core): ${contended.length}/${all.length} runs: ${runNames(contended).join(', ')} — figures low, tails long; run again on an idle machine`,
  );
if (clientBound.length)
  console.log(`client core saturated while workerd was below ${SATURATED * 100} %: ${runNames(clientBound).join(', ')}`);
if (idle.length)
  console.log(`server core below ${SATURATED * 100} % busy (not worker-bound: too few connections?): ${runNames(idle).join(', ')}`);
if (!contended.length && !clientBound.length && !idle.length)
  console.log(`every run worker-bound: server core ≥ ${SATURATED * 100} % busy, other processes ≤ ${CONTENDED * 100} % of it`);
console.log(
  `upstream calls per warm view: ${results.upstreamCallsPerWarmView} (${warmCalls} over ${views} views); during the load runs: ${loadCalls}`,
);
console.log(
  `waterfall depth: ${waterfallDepth} (cold article, +${LATENCY_MS} ms per upstream call: first byte after ${firstByteAt - sentAt} ms, ${calls.length} calls: ${calls.map((c) => `${c.route} ${Math.round(c.start - sentAt)}–${Math.round(c.end - sentAt)} ms`).join(', ')})`,
);
console.log(`${results.details.totalSeconds} s in all; written: bench/results.json`);
process.exit(0);
