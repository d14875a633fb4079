// npm run bench — anonymous pages against a static file, side by side in one run (issue 8).
//   - the worker's production build (NODE_ENV=production, minified) in workerd, run by Miniflare with
//     wrangler.jsonc's bindings (scripts/lib/worker-build.mjs: not wrangler dev, whose proxy dies under
//     this load),
//     the local upstream scaled to 10 000 articles;
//   - autocannon at one concurrency, targets alternated round by round so that drift (CPU heat,
//     other processes, KV growth) hits them all alike: a static asset of about the home page's
//     size, home, category, article, search and the session call;
//   - upstream calls per warm view, counted by the local upstream itself;
//   - waterfall depth: serial upstream round trips before the first byte of a cold article page,
//     with 100 ms added to every upstream call, from the upstream's own log of calls.
// Prints a table and writes bench/results.json.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { buildClient } from './build-client.mjs';
import { ensureDevVars, root, sitePort, siteUrl, startUpstreamProcess, stopAll, upstreamUrl, waitFor, withUpstreamPort } from './lib/stack.mjs';
import { startProductionWorker } from './lib/worker-build.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const LATENCY_MS = 100;

const control = (path, init) => fetch(`${upstreamUrl}/__control${path}`, init).then((r) => r.json());
const postJson = (path, body) => control(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round2 = (x) => Math.round(x * 100) / 100;

async function get(path) {
  const r = await fetch(siteUrl + path);
  await r.arrayBuffer();
  return r;
}

const vars = await ensureDevVars();
await buildClient();
const persistTo = `${root}.wrangler/bench-state`;
await rm(persistTo, { recursive: true, force: true });

const t0 = performance.now();
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1', UPSTREAM_ARTICLES: String(ARTICLES) } });
await waitFor(`${upstreamUrl}/`, { timeoutMs: 300_000 });
const worker = await startProductionWorker({ port: sitePort, persistTo, bindings: { ...withUpstreamPort(vars), PUBLIC_ORIGIN: siteUrl } });
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

// The static asset: the home page's own HTML, served by the assets server. Same bytes, so the ratio
// compares the worker with a plain file and nothing else. (Removed at the end; git ignores it.)
const homeHtml = Buffer.from(await (await fetch(siteUrl + '/')).arrayBuffer());
const homeBytes = homeHtml.length;
await mkdir(`${root}public/__bench`, { recursive: true });
await writeFile(`${root}public/__bench/home.html`, homeHtml);
// Served at /__bench/home: the assets server drops .html (and would redirect to it).
targets.static = '/__bench/home';
// The runtime lists public/ when it starts: started again to serve it.
await worker.reload();
await waitFor(`${siteUrl}${targets.static}`, { timeoutMs: 60_000, ok: (r) => r.status === 200 && r.headers.get('x-ffr-cache') === null });
const staticFile = { path: targets.static, bytes: homeBytes };

// Warm-up: every page rendered and its HTML copy stored (written after the response).
for (const [name, path] of Object.entries(targets)) {
  for (let i = 0; i < 50; i++) {
    const r = await get(path);
    if (name === 'static' || name === 'session' || r.headers.get('x-ffr-cache') === 'HIT') break;
    await new Promise((ok) => setTimeout(ok, 50));
  }
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

// Throughput and latency, alternating targets round by round.
const order = ['static', 'home', 'category', 'article', 'search', 'session'];
const runs = Object.fromEntries(order.map((n) => [n, []]));
await control('/counters/reset', { method: 'POST' });
for (let r = 0; r < ROUNDS; r++) {
  for (const name of r % 2 ? [...order].reverse() : order) {
    const result = await autocannon({ url: siteUrl + targets[name], connections: CONNECTIONS, duration: SECONDS });
    runs[name].push(result);
    process.stdout.write(`round ${r + 1}/${ROUNDS} ${name.padEnd(8)} ${Math.round(result.requests.average)} req/s\n`);
  }
}
const loadCalls = (await control('/counters')).total;

// Waterfall depth: a never-seen article with 100 ms added to every upstream call. The upstream logs
// each call's start and end; the longest chain of calls each starting after the previous one ended,
// among those finished before the first byte, is the number of serial round trips.
await control('/counters/reset', { method: 'POST' });
await postJson('/faults', { path: '*', kind: 'latency', ms: LATENCY_MS });
const sentAt = Date.now();
const cold = await fetch(siteUrl + published[1].link);
const firstByteAt = Date.now();
await cold.arrayBuffer();
const calls = (await control('/requests')).filter((c) => c.start >= sentAt && c.end <= firstByteAt + 5).sort((a, b) => a.start - b.start);
await fetch(`${upstreamUrl}/__control/faults`, { method: 'DELETE' });
stopAll();
await worker.dispose();
await rm(`${root}public/__bench`, { recursive: true, force: true });
const chain = [];
for (const [i, call] of calls.entries()) chain[i] = 1 + Math.max(0, ...calls.slice(0, i).map((c, j) => (c.end <= call.start ? chain[j] : 0)));
const waterfallDepth = Math.max(0, ...chain);

const summary = (name) => {
  const rs = runs[name];
  const requests = rs.reduce((s, x) => s + x.requests.total, 0);
  const seconds = rs.reduce((s, x) => s + x.duration, 0);
  return {
    rps: Math.round(requests / seconds),
    p50: median(rs.map((x) => x.latency.p50)),
    p99: median(rs.map((x) => x.latency.p99)),
    // Anything but a 200 counts: a redirect would be a cheaper answer than the page.
    errors: rs.reduce((s, x) => s + x.errors + x.timeouts + x['1xx'] + x['3xx'] + x['4xx'] + x['5xx'], 0),
  };
};
const staticSummary = summary('static');
const pages = {};
for (const name of ['home', 'category', 'article', 'search', 'session']) {
  const s = summary(name);
  pages[name] = { ...s, ratioToStatic: round2(s.rps / staticSummary.rps) };
}
const results = {
  pages,
  static: { ...staticSummary, path: staticFile.path, bytes: staticFile.bytes },
  upstreamCallsPerWarmView: round2(warmCalls / views),
  waterfallDepth,
  details: {
    connections: CONNECTIONS,
    secondsPerRun: SECONDS,
    rounds: ROUNDS,
    articles: published.length,
    homeHtmlBytes: homeBytes,
    warmViewsCounted: views,
    upstreamCallsDuringLoad: loadCalls,
    coldArticle: { path: published[1].link, status: cold.status, ttfbMs: firstByteAt - sentAt, addedLatencyPerCallMs: LATENCY_MS, upstreamCalls: calls.map((c) => ({ route: c.route, startMs: Math.round(c.start - sentAt), endMs: Math.round(c.end - sentAt) })) },
    startToFirstPageMs,
    targets,
  },
};
await writeFile(`${root}bench/results.json`, JSON.stringify(results, null, 2) + '\n');

console.log(`\n${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per target, ${published.length} articles\n`);
console.log('target    |   req/s |  p50 ms |  p99 ms | p99/p50 | ÷ static | errors');
for (const [name, s] of [['static', { ...staticSummary, ratioToStatic: 1 }], ...Object.entries(pages)]) {
  console.log(
    `${name.padEnd(9)} | ${String(s.rps).padStart(7)} | ${String(s.p50).padStart(7)} | ${String(s.p99).padStart(7)} | ${String(round2(s.p99 / Math.max(1, s.p50))).padStart(7)} | ${String(s.ratioToStatic).padStart(8)} | ${s.errors}`,
  );
}
console.log(`\nstatic file: ${staticFile.path} (the home page's HTML, ${homeBytes} B)`);
console.log(`upstream calls per warm view: ${results.upstreamCallsPerWarmView} (${warmCalls} over ${views} views); during the load runs: ${loadCalls}`);
console.log(`waterfall depth: ${waterfallDepth} (cold article, +${LATENCY_MS} ms per upstream call: first byte after ${firstByteAt - sentAt} ms, ${calls.length} calls: ${calls.map((c) => `${c.route} ${Math.round(c.start - sentAt)}–${Math.round(c.end - sentAt)} ms`).join(', ')})`);
console.log('written: bench/results.json');
process.exit(0);
