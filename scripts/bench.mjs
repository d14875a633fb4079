// npm run bench: the figures the issues ask for, measured side by side in one run on this machine.
//   - time from start (upstream + wrangler dev) to the first page
//   - upstream calls of a cold and of a warm anonymous home view (the upstream's own counters)
//   - warm anonymous home vs a static file: median latency over the same number of requests, as a ratio
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { buildClient } from './build-client.mjs';
import { ensureDevVars, root, siteUrl, startUpstreamProcess, startWrangler, stopAll, upstreamUrl, waitFor } from './lib/stack.mjs';

const N = Number(process.env.BENCH_REQUESTS ?? 200);
const control = (path, init) => fetch(`${upstreamUrl}/__control${path}`, init).then((r) => r.json());
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

async function timed(url) {
  const t = performance.now();
  const r = await fetch(url);
  await r.arrayBuffer();
  return { ms: performance.now() - t, status: r.status, cache: r.headers.get('x-ffr-cache') };
}

const vars = await ensureDevVars();
const { manifest } = await buildClient();
const persistTo = `${root}.wrangler/bench-state`;
await rm(persistTo, { recursive: true, force: true });

const t0 = performance.now();
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
await waitFor(`${upstreamUrl}/`);
const upstreamReady = performance.now() - t0;
startWrangler(vars, { quiet: true, persistTo });
// Probe a static file: a page would warm the shell's data and hide the cold upstream calls.
await waitFor(`${siteUrl}/assets/manifest.json`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
await control('/counters/reset', { method: 'POST' });

const cold = await timed(`${siteUrl}/`);
const firstPage = performance.now() - t0;
const coldCalls = await control('/counters');
// The HTML copy is written after the response (waitUntil): wait until the cache answers.
for (let i = 0; i < 50 && (await timed(`${siteUrl}/`)).cache !== 'HIT'; i++) await new Promise((r) => setTimeout(r, 50));
await control('/counters/reset', { method: 'POST' });
const warm = await timed(`${siteUrl}/`);
const warmCalls = await control('/counters');

// Side by side, interleaved, same count: warm home page and a static file of the same site.
const staticUrl = `${siteUrl}${manifest['site.css']}`;
const page = [];
const file = [];
for (let i = 0; i < 20; i++) await timed(`${siteUrl}/`), await timed(staticUrl);
for (let i = 0; i < N; i++) {
  page.push((await timed(`${siteUrl}/`)).ms);
  file.push((await timed(staticUrl)).ms);
}
stopAll();

const r = (x) => Math.round(x * 100) / 100;
const report = {
  startToUpstreamReadyMs: Math.round(upstreamReady),
  startToFirstPageMs: Math.round(firstPage),
  coldHome: { ms: r(cold.ms), cache: cold.cache, upstreamCalls: coldCalls.total, routes: coldCalls.routes },
  warmHome: { ms: r(warm.ms), cache: warm.cache, upstreamCalls: warmCalls.total },
  warmHomeVsStatic: {
    requests: N,
    homeMedianMs: r(median(page)),
    homeP95Ms: r(p95(page)),
    staticMedianMs: r(median(file)),
    staticP95Ms: r(p95(file)),
    ratioMedian: r(median(page) / median(file)),
  },
};
console.log(JSON.stringify(report, null, 2));
process.exit(0);
