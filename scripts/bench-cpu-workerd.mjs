// npm run bench:cpu:workerd — a cold article's CPU against the floor, in workerd (issue 34).
// bench:cpu measures in Node, whose streams, Request/Response and URL are JavaScript; in workerd
// they are native. This runs the same production bundle in workerd (Miniflare, as npm run bench)
// and counts the CPU of workerd's request thread from outside (/proc schedstat: workerd freezes the
// worker's clocks while it runs, so the worker cannot time itself):
//   - the worker behind a bench entry (ENTRY below) that adds, under /__bench/, the floor (the
//     article view alone), the document (the view in the worker's Document with its shell) and
//     a no-op answering a body of a given size; everything else goes to the worker unchanged;
//   - the same harness as bench:cpu for KV, the location's cache and the purge marks' Durable
//     Object (scripts/lib/memory-*.mjs, in the isolate; `cloudflare:workers` aliased to the
//     stand-in of scripts/lib/cloudflare-workers-shim.mjs): Miniflare runs those services on the
//     same thread, where their own work (SQLite, the object's side of each call) would be counted
//     as the worker's; at Cloudflare it runs elsewhere. The calls' copies (structuredClone) stay;
//   - workerd's request thread alone on core 0 (BENCH_SERVER_CPU), its helper threads, this process
//     and the local upstream on core 1 (BENCH_CLIENT_CPU), as npm run bench;
//   - cold renders as bench:cpu makes them: the article's data in KV, its HTML copy removed (the
//     isolate memo off: KV_MEMO_MS=0), no upstream call; BENCH_WORKERD_ARTICLES (200) different
//     articles per batch, one request at a time; each copy written as a first view writes it;
//   - every request also crosses Miniflare's entry and router workers on the same thread: each is
//     followed by a no-op with the same body size, whose CPU is subtracted;
//   - each request's CPU: the request thread's nanoseconds (schedstat) from idle to idle, so that
//     its waitUntil work is counted; BENCH_WORKERD_ROUNDS (7) rounds of every case, the order
//     reversed every other round; the median of every request (the mean beside it), ratios round by
//     round (medians of each round's requests);
//   - no compression asked for: workerd would deflate on the request thread what Cloudflare
//     compresses after the worker.
// Prints a table and writes bench/cpu-workerd.json. Issue 34's target is printed as information only.
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { ensureTaskset, findWorkerd, pin, pinWorkerd, threadRunNs } from './lib/cores.mjs';
import { FLOOR_SOURCE } from './lib/floor-source.mjs';
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

const SERVER_CPU = Number(process.env.BENCH_SERVER_CPU ?? 0);
const CLIENT_CPU = Number(process.env.BENCH_CLIENT_CPU ?? 1);
const ARTICLES = Number(process.env.BENCH_WORKERD_ARTICLES ?? 200);
const ROUNDS = Number(process.env.BENCH_WORKERD_ROUNDS ?? 7);
/** The worker stores a page at most once a second (entry-store.server.ts claimWrite). */
const WRITE_SPACING_MS = 1100;
const TARGET = { coldArticleToFloor: 2 };

// The bench entry: the floor's source (scripts/lib/floor-source.mjs) and the worker, in one bundle.
const ENTRY = `${FLOOR_SOURCE}
import app, { PurgeMarks } from './src/index';
import { MemoryKV } from './scripts/lib/memory-kv.mjs';
import { MemoryCacheStorage } from './scripts/lib/memory-cache.mjs';
import { memoryNamespace } from './scripts/lib/memory-durable-object.mjs';
export { PurgeMarks };

const kv = new MemoryKV();
const marks = memoryNamespace(PurgeMarks);
let locationCache = new MemoryCacheStorage();
Object.defineProperty(globalThis, 'caches', { get: () => locationCache, configurable: true });
let harnessEnv = null;
const inputs = new Map();
let shell = null;
const bodies = new Map();

async function copyOf(suffix) {
  const key = (await kv.list({ prefix: 'data:' })).keys.map((k) => k.name).find((name) => name.endsWith(suffix));
  return key ? JSON.parse(await kv.get(key, 'text')) : null;
}

export default {
  async fetch(request, env, ctx) {
    harnessEnv ??= { ...env, CACHE: kv, PURGE_MARKS: marks };
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/__bench/')) return app.fetch(request, harnessEnv, ctx);
    const html = { 'content-type': 'text/html; charset=utf-8' };
    const slug = url.searchParams.get('slug') ?? '';
    switch (url.pathname) {
      case '/__bench/noop': {
        const size = Number(url.searchParams.get('bytes') ?? 0);
        if (!bodies.has(size)) bodies.set(size, new Uint8Array(size).fill(32));
        return new Response(bodies.get(size), { headers: html });
      }
      case '/__bench/prepare': {
        const [article, categories, settings] = await Promise.all([copyOf(':article:' + slug), copyOf(':categories'), copyOf(':settings')]);
        if (!article || !categories || !settings) return new Response('no copy', { status: 404 });
        inputs.set(slug, prepareFromCopies({ article, categories, settings, hostname: url.hostname, imageMode: env.IMAGE_RESIZING === 'on' ? 'resize' : 'plain' }));
        shell ??= await prepareShell({ env, settings, menus: await copyOf(':menus'), partners: await copyOf(':partners') });
        return new Response('ok');
      }
      case '/__bench/floor':
        return new Response(await render(inputs.get(slug)), { headers: html });
      case '/__bench/document':
        return new Response(await renderDocument(inputs.get(slug), shell, url.origin), { headers: html });
      case '/__bench/forget': {
        const keys = (await kv.list({ prefix: 'html:' })).keys;
        await Promise.all(keys.map((k) => kv.delete(k.name)));
        locationCache = new MemoryCacheStorage();
        return Response.json({ forgotten: keys.length });
      }
      default:
        return new Response('not found', { status: 404 });
    }
  },
};
`;

const t0 = Date.now();
const load0 = loadavg();
const round2 = (x) => Math.round(x * 100) / 100;
const round3 = (x) => Math.round(x * 1000) / 1000;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

ensureTaskset();
dropWorkerLogLines();
pin(process.pid, CLIENT_CPU);
const vars = await ensureDevVars();
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
await waitFor(`${upstreamUrl}/`, { timeoutMs: 300_000 });
const worker = await startProductionWorker({
  port: sitePort,
  entry: ENTRY,
  // The purge marks' class on bench:cpu's stand-in base class, so that the harness can run it.
  alias: { 'cloudflare:workers': `${root}scripts/lib/cloudflare-workers-shim.mjs` },
  bindings: {
    ...withUpstreamPort(vars),
    PUBLIC_ORIGIN: siteUrl,
    // Fresh for a day: nothing turns stale during the run. The isolate memo off: every render is cold.
    CONTENT_FRESH_SECONDS: '86400',
    HTML_FRESH_SECONDS: '86400',
    KV_MEMO_MS: '0',
    // Each request measured once its waitUntil work is done: the marks refreshed on requests, not kept current behind them.
    PURGE_KEEP_WARM_MS: '0',
    PURGE_LEASE_BATCH_MS: '0',
  },
});
await waitFor(`${siteUrl}/__bench/noop`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
const workerd = findWorkerd();
pinWorkerd(workerd, { serverCore: SERVER_CPU, clientCore: CLIENT_CPU });

const control = (path, init) => fetch(`${upstreamUrl}/__control${path}`, init).then((r) => r.json());
const articles = (await control('/articles?status=publish')).filter((a) => !a.redirection).slice(0, ARTICLES);
if (articles.length < ARTICLES) throw new Error(`bench:cpu:workerd: ${articles.length} published articles, ${ARTICLES} wanted`);
const pathOf = (a) => new URL(a.link, siteUrl).pathname;

async function get(path) {
  // No compression: workerd would deflate on the request thread what Cloudflare compresses after it.
  const r = await fetch(siteUrl + path, { headers: { accept: 'text/html', 'accept-language': 'fr-FR', 'accept-encoding': 'identity' } });
  const body = await r.arrayBuffer();
  return { status: r.status, cache: r.headers.get('x-ffr-cache'), bytes: body.byteLength };
}

// First views: each article's data, and the shell's, in KV; then the floor's inputs from those copies.
for (const a of articles) {
  const r = await get(pathOf(a));
  if (r.status !== 200) throw new Error(`${pathOf(a)}: HTTP ${r.status}`);
}
for (const a of articles) {
  const r = await get(`/__bench/prepare?slug=${encodeURIComponent(a.slug)}`);
  if (r.status !== 200) throw new Error(`bench:cpu:workerd: no copy of ${a.slug} in KV after its first view`);
}

let lastForget = 0;
const cases = {
  floor: { label: 'floor: ArticleView', path: (a) => `/__bench/floor?slug=${encodeURIComponent(a.slug)}` },
  document: { label: 'floor + document', path: (a) => `/__bench/document?slug=${encodeURIComponent(a.slug)}` },
  cold: { label: 'cold article', path: pathOf, cold: true },
};
const bytes = {};

/** The request thread's nanoseconds once it has left its core: unchanged over a millisecond. */
async function settled() {
  for (let last = threadRunNs(workerd, workerd); ; ) {
    await sleep(1);
    const now = threadRunNs(workerd, workerd);
    if (now === last) return now;
    last = now;
  }
}

/**
 * A case over every article, each request followed by the no-op with the same body size (the chain
 * in front of the worker: Miniflare's entry and router), each measured alone once the thread is
 * idle (its waitUntil done): the pair shares the machine's drift. Nanoseconds of each request,
 * of its no-op, and their difference.
 */
async function runCase(name) {
  const c = cases[name];
  if (c.cold) {
    await sleep(Math.max(0, lastForget + WRITE_SPACING_MS - Date.now()));
    await get('/__bench/forget');
  }
  const samples = { case: [], noop: [], worker: [] };
  const sizes = [];
  for (const a of articles) {
    const path = c.path(a);
    const t0 = await settled();
    const r = await get(path);
    const t1 = await settled();
    if (r.status !== 200 || (c.cold && r.cache !== 'MISS'))
      throw new Error(`${path}: HTTP ${r.status}, x-ffr-cache ${r.cache}: ${c.cold ? 'not a cold render' : 'failed'}`);
    await get(`/__bench/noop?bytes=${r.bytes}`);
    const t2 = await settled();
    samples.case.push(t1 - t0);
    samples.noop.push(t2 - t1);
    samples.worker.push(t1 - t0 - (t2 - t1));
    sizes.push(r.bytes);
  }
  if (c.cold) lastForget = Date.now();
  bytes[name] = median(sizes);
  return samples;
}

// Warm-up (JIT): two rounds, uncounted.
for (let i = 0; i < 2; i++) for (const name of Object.keys(cases)) await runCase(name);
const runs = Object.fromEntries(Object.keys(cases).map((n) => [n, []]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? Object.keys(cases).reverse() : Object.keys(cases);
  for (const name of order) runs[name].push(await runCase(name));
  console.log(`round ${round + 1}/${ROUNDS}`);
}
stopAll();
await worker.dispose();
const load1 = loadavg();

const ms = (ns) => round3(ns / 1e6);
const summary = Object.fromEntries(
  Object.entries(runs).map(([name, rs]) => [
    name,
    {
      label: cases[name].label,
      // Medians of every request of every round.
      workerMs: ms(median(rs.flatMap((r) => r.worker))),
      withChainMs: ms(median(rs.flatMap((r) => r.case))),
      chainMs: ms(median(rs.flatMap((r) => r.noop))),
      // Means include the garbage collections that land in a request (the worker's and the runtime's other isolates').
      workerMeanMs: ms(rs.flatMap((r) => r.worker).reduce((a, b) => a + b, 0) / rs.flatMap((r) => r.worker).length),
      bodyBytes: bytes[name],
      roundMedians: rs.map((r) => ms(median(r.worker))),
    },
  ]),
);
// Ratios round by round (same drift), then their median.
const ratio = (a, b) => round2(median(runs[a].map((r, i) => median(r.worker) / median(runs[b][i].worker))));
const results = {
  cases: summary,
  ratios: {
    coldArticleToFloor: ratio('cold', 'floor'),
    documentToFloor: ratio('document', 'floor'),
    coldArticleToDocument: ratio('cold', 'document'),
  },
  details: {
    date: new Date().toISOString(),
    cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
    loadAverage: { start: load0.map(round2), end: load1.map(round2) },
    articlesPerBatch: ARTICLES,
    rounds: ROUNDS,
    measure:
      "workerd's request thread (/proc/<pid>/task/<pid>/schedstat), pinned alone to its core, from idle to idle around each request; medians of all requests (workerMeanMs: the mean, with the garbage collections that land in requests); workerMs: minus the no-op with the same body size that follows each request (Miniflare's entry and router workers)",
    harness:
      "KV, the Cache API and the purge marks' Durable Object in the isolate (scripts/lib/memory-*.mjs), as bench:cpu; the isolate memo off (KV_MEMO_MS=0)",
    target: { coldArticleToFloor: `≤ ${TARGET.coldArticleToFloor}`, asserted: false },
    totalSeconds: Math.round((Date.now() - t0) / 1000),
  },
};
await writeFile(`${root}bench/cpu-workerd.json`, `${JSON.stringify(results, null, 2)}\n`);

const cell = (x, w) => String(x ?? '—').padStart(w);
console.log(`\nCPU of workerd's request thread per request (${results.details.cpu}), ${ARTICLES} articles × ${ROUNDS} rounds, medians`);
console.log(`load average ${load0.map(round2).join(' ')} at start, ${load1.map(round2).join(' ')} at end\n`);
console.log('case                | worker ms (median) | mean ms | with the chain ms | chain alone ms | body B | round medians');
for (const s of Object.values(summary))
  console.log(
    `${s.label.padEnd(19)} | ${cell(s.workerMs, 18)} | ${cell(s.workerMeanMs, 7)} | ${cell(s.withChainMs, 17)} | ${cell(s.chainMs, 14)} | ${cell(s.bodyBytes, 6)} | ${s.roundMedians.join(' ')}`,
  );
console.log(
  `\ncold article ÷ floor: ${results.ratios.coldArticleToFloor} (document ÷ floor ${results.ratios.documentToFloor}, cold article ÷ document ${results.ratios.coldArticleToDocument}) — issue target ≤ ${TARGET.coldArticleToFloor}, information only`,
);
console.log(`${results.details.totalSeconds} s in all; written: bench/cpu-workerd.json`);
process.exit(0);
