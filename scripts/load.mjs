// npm run load — 100 concurrent connections for 60 s on a warm site (loopback only), mixing pages,
// search and session calls. Prints errors, status codes, throughput and the worker's memory.
// Then a second run with the local upstream failing a third of its calls at random: the warm pages
// must still be served without an error, and each never-seen page answers at once, a page or the
// French 503 with Retry-After — never a hang.
//
// Memory is judged on the worker's JS heap after a forced collection, read through wrangler dev's
// inspector: what our code keeps alive. The processes' resident memory is printed too, but it is
// not the criterion: wrangler dev's inspector proxy turns on the DevTools Network domain, and
// workerd then reports every subrequest, body included, which both processes buffer
// (see docs/security.md, "Load").
import { execSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { buildClient } from './build-client.mjs';
import { connectInspector } from './lib/inspector.mjs';
import { ensureDevVars, root, siteUrl, startUpstreamProcess, startWrangler, stopAll, upstreamUrl, waitFor } from './lib/stack.mjs';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const DURATION = Number(process.env.LOAD_SECONDS ?? 60);

const vars = await ensureDevVars();
await buildClient();
const persistTo = `${root}.wrangler/load-state`;
await rm(persistTo, { recursive: true, force: true });
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
await waitFor(`${upstreamUrl}/`);
startWrangler(vars, { quiet: true, persistTo });
await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });

const articles = (await (await fetch(`${upstreamUrl}/__control/articles?status=publish`)).json())
  .filter((a) => !a.redirection)
  .slice(0, 10)
  .map((a) => a.link);
const paths = [
  '/',
  '/categories/xv-de-france',
  '/categories/france-feminine?page=2',
  '/evenements',
  '/contact',
  '/recherche?query=equipe',
  '/recherche?query=dupont&sort=pertinence',
  '/api/auth/session',
  ...articles,
];
for (let round = 0; round < 3; round++) for (const p of paths) await (await fetch(siteUrl + p)).arrayBuffer();
await new Promise((r) => setTimeout(r, 1000));

// Resident memory of each workerd process, in bytes, keyed by its command line: wrangler dev runs
// the user worker and its own proxy worker as two processes, and only one of them is ours.
const workerRss = () => {
  try {
    const out = execSync('ps -o pid=,rss=,args= -C workerd', { encoding: 'utf8' });
    return Object.fromEntries(
      out
        .trim()
        .split('\n')
        .map((line) => {
          const [pid, rss, ...cmd] = line.trim().split(/\s+/);
          return [`${pid} ${cmd.join(' ').slice(0, 60)}`, Number(rss) * 1024];
        }),
    );
  } catch {
    return {};
  }
};
const inspector = await connectInspector();
const poke = () => fetch(`${siteUrl}/api/auth/session`).then((r) => r.arrayBuffer());
const heapBefore = await inspector.retainedHeap(poke);
const rssBefore = workerRss();
const samples = [];
const heapSamples = [];
const sampler = setInterval(() => samples.push(workerRss()), 5000);
const heapSampler = setInterval(
  () =>
    inspector.retainedHeap(poke).then(
      (b) => heapSamples.push(b),
      () => {},
    ),
  10_000,
);

const result = await autocannon({
  url: siteUrl,
  connections: CONNECTIONS,
  duration: DURATION,
  requests: paths.map((path) => ({ method: 'GET', path })),
});
clearInterval(sampler);
clearInterval(heapSampler);
const rssAfter = workerRss();
// Caches fill in the first seconds; what must not happen is growth that goes on after them.
await new Promise((r) => setTimeout(r, 2000));
const heapAfter = await inspector.retainedHeap(poke);
inspector.close();

const mb = (b) => Math.round((b / 1024 / 1024) * 10) / 10;
const perProcess = (sample) => Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, mb(v)]));
const report = {
  connections: CONNECTIONS,
  seconds: DURATION,
  requests: result.requests.total,
  requestsPerSecond: Math.round(result.requests.average),
  latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statusCodes: { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
  workerHeapAfterGcMB: { before: mb(heapBefore), after: mb(heapAfter), every10s: heapSamples.map(mb) },
  processRssMB: { before: perProcess(rssBefore), after: perProcess(rssAfter), every5s: samples.map(perProcess) },
};
// No memory growth: the retained heap at the end is within 10 % of the start (plus 1 MB of caches
// and compiled code that the first minutes of any run add).
const heapHeld = heapAfter <= heapBefore * 1.1 + 1024 * 1024;
console.log(JSON.stringify(report, null, 2));
const served = report.errors + report.timeouts + report.statusCodes['5xx'] === 0;
console.log(
  `load: ${served && heapHeld ? 'passed' : 'FAILED'} — ${report.requests} requests, ${report.requestsPerSecond} req/s, ` +
    `${report.errors} errors, ${report.timeouts} timeouts, ${report.statusCodes['5xx']} 5xx; ` +
    `worker heap after GC ${report.workerHeapAfterGcMB.before} → ${report.workerHeapAfterGcMB.after} MB`,
);

// The same load while the upstream fails one call in three, at random.
const FAULT_SECONDS = Number(process.env.LOAD_FAULT_SECONDS ?? 30);
const control = (path, body, method = 'POST') =>
  fetch(`${upstreamUrl}/__control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
await control('faults', { path: '*', kind: 'status', status: 503, rate: 1 / 3 });
const faulty = await autocannon({
  url: siteUrl,
  connections: CONNECTIONS,
  duration: FAULT_SECONDS,
  requests: paths.map((path) => ({ method: 'GET', path })),
});
// Never-seen pages, one by one: each needs its upstream calls, a third of which fail.
const cold = [];
const never = (await (await fetch(`${upstreamUrl}/__control/articles?status=publish`)).json())
  .filter((a) => !a.redirection)
  .slice(10, 40)
  .map((a) => a.link);
for (const path of never) {
  const t = Date.now();
  const res = await fetch(siteUrl + path, { signal: AbortSignal.timeout(30_000) });
  const body = await res.text();
  cold.push({
    path,
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    french: res.status !== 503 || /momentanément|Merci de rafraîchir|réessayer/.test(body),
    ms: Date.now() - t,
  });
}
await control('faults', undefined, 'DELETE');
stopAll();
const faultReport = {
  upstreamFailureRate: '1/3',
  seconds: FAULT_SECONDS,
  warm: {
    requests: faulty.requests.total,
    errors: faulty.errors,
    timeouts: faulty.timeouts,
    '5xx': faulty['5xx'],
    non2xx: faulty.non2xx,
    latencyMs: { p50: faulty.latency.p50, p99: faulty.latency.p99, max: faulty.latency.max },
  },
  cold: {
    pages: cold.length,
    byStatus: Object.fromEntries(
      Map.groupBy(cold, (r) => r.status)
        .entries()
        .map(([status, rs]) => [status, rs.length]),
    ),
    unavailableWithRetryAfter: cold.filter((r) => r.status === 503 && r.retryAfter).length,
    unavailableInFrench: cold.filter((r) => r.status === 503 && r.french).length,
    slowestMs: Math.max(...cold.map((r) => r.ms)),
  },
};
console.log(JSON.stringify(faultReport, null, 2));
const warmHeld = faulty.errors + faulty.timeouts + faulty['5xx'] + faulty.non2xx === 0;
const coldHeld = cold.every((r) => r.status === 200 || (r.status === 503 && r.retryAfter && r.french));
console.log(
  `load with faults: ${warmHeld && coldHeld ? 'passed' : 'FAILED'} — warm: ${faulty.requests.total} requests, ${faulty.errors + faulty.timeouts + faulty['5xx'] + faulty.non2xx} errors; ` +
    `cold: ${JSON.stringify(faultReport.cold.byStatus)}, slowest ${faultReport.cold.slowestMs} ms`,
);
process.exit(served && heapHeld && warmHeld && coldHeld ? 0 : 1);
