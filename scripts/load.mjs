// npm run load — 100 concurrent connections for 60 s on a warm site (loopback only), mixing pages,
// search and session calls. Prints errors, status codes, throughput and the worker's memory.
import { execSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { buildClient } from './build-client.mjs';
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

const articles = (await (await fetch(`${upstreamUrl}/__control/articles?status=publish`)).json()).filter((a) => !a.redirection).slice(0, 10).map((a) => a.link);
const paths = ['/', '/categories/xv-de-france', '/categories/france-feminine?page=2', '/evenements', '/contact', '/recherche?query=equipe', '/recherche?query=dupont&sort=pertinence', '/api/auth/session', ...articles];
for (let round = 0; round < 3; round++) for (const p of paths) await (await fetch(siteUrl + p)).arrayBuffer();
await new Promise((r) => setTimeout(r, 1000));

const workerRss = () => {
  try {
    return execSync("ps -o rss= -C workerd | awk '{s+=$1} END {print s}'", { encoding: 'utf8' }).trim() * 1024;
  } catch {
    return NaN;
  }
};
const rssBefore = workerRss();
const samples = [];
const sampler = setInterval(() => samples.push(workerRss()), 5000);

const result = await autocannon({
  url: siteUrl,
  connections: CONNECTIONS,
  duration: DURATION,
  requests: paths.map((path) => ({ method: 'GET', path })),
});
clearInterval(sampler);
const rssAfter = workerRss();
stopAll();

const mb = (b) => Math.round((b / 1024 / 1024) * 10) / 10;
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
  workerMemoryMB: { before: mb(rssBefore), after: mb(rssAfter), firstSample: mb(samples[0] ?? NaN), lastSample: mb(samples.at(-1) ?? NaN) },
};
console.log(JSON.stringify(report, null, 2));
console.log(`load: ${report.errors + report.timeouts + report.statusCodes['5xx'] === 0 ? 'passed' : 'FAILED'} — ${report.errors} errors, ${report.timeouts} timeouts, ${report.statusCodes['5xx']} 5xx`);
process.exit(report.errors + report.timeouts + report.statusCodes['5xx'] === 0 ? 0 : 1);
