// npm run bench:abuse — what an anonymous caller can make the site do (issue 29), on the
// production bundle and the local upstream:
//   1. previews: of 200 consecutive post ids around the drafts, how many answer a post without a
//      signed link (and how many of those are drafts);
//   2. one form post with the same field repeated 40 000 and 160 000 times: status and time,
//      through workerd (Miniflare serving the production bundle, as `npm run bench` does);
//   3. an unsigned 8 MiB POST /api/purge: status and time through workerd, and the heap the
//      worker's fetch alone grows by in Node (the bundle in plain Node, lib/node-worker.mjs);
//   4. 1 000 random addresses (junk query parameters, unknown slugs, pages past the end, unknown
//      form slugs, random searches), asked twice: KV writes, Cache API puts and upstream calls;
//   5. 1 000 made-up spellings of real pages (issue 43: `?page=` junk, album filter values a team
//      page does not offer, percent-escaped paths): new KV keys, KV writes, purge-object leases and
//      Cache API puts, on the code before (BENCH_ABUSE_BASELINE, a commit) and on this checkout;
//   6. issue 50's four attacks, on the code before (BENCH_ABUSE_BASELINE_50) and on this checkout:
//      anonymous accreditation posts straight to Contact Form 7, a used signature re-spelt, an
//      account notice replayed or arriving late, made-up album filters on plain pages
//      (lib/abuse-doors.mjs). `--only=doors` runs this part alone.
// Writes bench/abuse.json. Figures, not assertions: the workerd tests hold the limits.
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { buildClient } from './build-client.mjs';
import { callWorker, dropWorkerLogLines, importBundles, nodeBindings } from './lib/node-worker.mjs';
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
import { sourceAt } from './lib/source-at.mjs';
import { measureDoors } from './lib/abuse-doors.mjs';

/** The code before issue 43's one-copy-per-page rules, for the before → after of part 5. */
const BASELINE = process.env.BENCH_ABUSE_BASELINE ?? 'af83705';
/** The code before issue 50 (the journalist's own identity, signatures used once, one copy for every page). */
const BASELINE_50 = process.env.BENCH_ABUSE_BASELINE_50 ?? '84857a4';
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const control = (path, init) => fetch(`${upstreamUrl}/__control${path}`, init).then((r) => r.json());
const ms = (t0) => Math.round(performance.now() - t0);
const MiB = 1024 * 1024;

const vars = await ensureDevVars();
await buildClient();
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
await waitFor(`${upstreamUrl}/`, { timeoutMs: 120_000 });
const report = { date: new Date().toISOString(), commit: process.env.BENCH_COMMIT ?? null };

try {
  if (only !== 'doors') await partsOneToFive();
  // Part 6: issue 50's attacks, before → after.
  const before50 = await sourceAt(BASELINE_50, ['src', 'dev']);
  try {
    report.doors = await measureDoors({ before: before50, baseline: BASELINE_50, vars });
    for (const [attack, row] of Object.entries(report.doors)) console.log(`issue 50, ${attack}: ${JSON.stringify(row)}`);
  } finally {
    await before50.dispose();
  }
} finally {
  stopAll();
}

/** Parts 1 to 5. */
async function partsOneToFive() {
  // ── Through workerd ──
  const served = await startProductionWorker({ port: sitePort, bindings: { ...withUpstreamPort(vars), PUBLIC_ORIGIN: siteUrl } });
  await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
  report.formFlood = {};
  for (const repeats of [40_000, 160_000]) {
    const body = `${'nom=x&'.repeat(repeats)}email=a%40b.fr`;
    const t0 = performance.now();
    const res = await fetch(`${siteUrl}/api/forms/contactez-nous`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: siteUrl, 'cf-connecting-ip': `203.0.113.${repeats % 250}` },
      body,
    });
    await res.arrayBuffer();
    report.formFlood[repeats] = { bytes: body.length, status: res.status, ms: ms(t0) };
    console.log(`form, « nom » × ${repeats} (${Math.round(body.length / 1024)} KiB): HTTP ${res.status} in ${ms(t0)} ms`);
  }
  const unsigned = new Uint8Array(8 * MiB).fill(0x61);
  {
    const t0 = performance.now();
    // A server that refuses the body before reading it may close the connection while it is sent.
    const res = await fetch(`${siteUrl}/api/purge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ffr-signature': 'AAAA', 'x-ffr-timestamp': String(Math.floor(Date.now() / 1000)) },
      body: unsigned,
    }).catch((error) => ({ status: `connexion fermée (${error.cause?.code ?? error.message})`, arrayBuffer: async () => null }));
    await res.arrayBuffer();
    report.purgeFlood = { bytes: unsigned.length, status: res.status, ms: ms(t0) };
    console.log(`purge, 8 MiB unsigned: HTTP ${res.status} in ${ms(t0)} ms`);
  }
  await served.dispose();

  // ── In Node: the worker's fetch alone ──
  dropWorkerLogLines();
  const { worker } = await importBundles({ worker: 'src/index.ts' });
  const { env, kv, caches } = await nodeBindings(worker, {
    CONTENT_FRESH_SECONDS: '86400',
    HTML_FRESH_SECONDS: '86400',
    // Leases asked at once, not gathered for a quarter second behind each answer: every call here
    // waits for its waitUntil work, which batching would turn into seconds per address.
    PURGE_BOUND_MS: '0',
  });
  const call = (path, init) => callWorker(worker.default, new Request(siteUrl + path, init), env);

  // The heap an 8 MiB unsigned purge costs.
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  let peak = heap0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 1);
  const tp = performance.now();
  const purge = await call('/api/purge', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ffr-signature': 'AAAA', 'x-ffr-timestamp': String(Math.floor(Date.now() / 1000)) },
    body: unsigned,
  });
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  report.purgeFlood.node = { status: purge.res.status, ms: ms(tp), heapGrowthMiB: Math.round(((peak - heap0) / MiB) * 10) / 10 };
  console.log(`purge in Node: HTTP ${purge.res.status}, heap +${report.purgeFlood.node.heapGrowthMiB} MiB`);

  // Previews without a link.
  const articles = await control('/articles');
  const drafts = new Set(articles.filter((a) => a.status !== 'publish').map((a) => a.id));
  const ids = articles.map((a) => a.id).sort((a, b) => a - b);
  const from = Math.max(0, ids.findIndex((id) => drafts.has(id)) - 20);
  const first = ids[from] ?? ids[0];
  let readable = 0;
  let draftsRead = 0;
  for (let id = first; id < first + 200; id++) {
    const { res, body } = await call(`/categories/preview/post?p=${id}`);
    const shown = res.status === 200 && new TextDecoder().decode(body).includes('<article');
    if (shown) readable++;
    if (shown && drafts.has(id)) draftsRead++;
  }
  report.previews = {
    ids: `${first}–${first + 199}`,
    readableWithoutLink: readable,
    draftsReadable: draftsRead,
    draftsInRange: [...drafts].filter((id) => id >= first && id < first + 200).length,
  };
  console.log(
    `previews without a link, ids ${report.previews.ids}: ${readable} posts shown, ${draftsRead} of them drafts (${report.previews.draftsInRange} drafts in the range)`,
  );

  // 1 000 random addresses, twice.
  let seed = 29;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = () => Math.floor(rand() * 36 ** 6).toString(36);
  const shapes = [
    [200, () => `/?x=${word()}`],
    [100, () => `/categories/xv-de-france?utm_campaign=${word()}&ref=${word()}`],
    [100, () => `/categories/${word()}`],
    [150, () => `/categories/xv-de-france/${word()}`],
    [100, () => `/${word()}`],
    [100, () => `/categories/xv-de-france?page=${2 + Math.floor(rand() * 99_998)}`],
    [100, () => `/api/forms/${word()}`],
    [100, () => `/recherche?query=${word()}`],
    [50, () => `/auteurs/${word()}`],
  ];
  const urls = shapes.flatMap(([n, make]) => Array.from({ length: n }, make));
  report.randomUrls = { count: urls.length, passes: [] };
  for (const pass of [1, 2]) {
    const writes0 = kv.counts.writes;
    const puts0 = caches.puts;
    const upstream0 = (await control('/counters')).total;
    const statuses = {};
    for (const url of urls) {
      const { res } = await call(url);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    const figures = {
      kvWrites: kv.counts.writes - writes0,
      cachePuts: caches.puts - puts0,
      upstreamCalls: (await control('/counters')).total - upstream0,
      statuses,
    };
    report.randomUrls.passes.push(figures);
    console.log(
      `1 000 random addresses, pass ${pass}: ${figures.kvWrites} KV writes, ${figures.cachePuts} Cache API puts, ${figures.upstreamCalls} upstream calls, statuses ${JSON.stringify(statuses)}`,
    );
  }

  // Made-up spellings of real pages, before → after.
  report.madeUpSpellings = {};
  const before = await sourceAt(BASELINE);
  try {
    for (const [label, entry] of [
      [`before (${BASELINE})`, `${before.dir.slice(root.length)}src/index.ts`],
      ['after', 'src/index.ts'],
    ]) {
      report.madeUpSpellings[label] = await spellings(entry);
      console.log(`1 000 made-up spellings, ${label}: ${JSON.stringify(report.madeUpSpellings[label])}`);
    }
  } finally {
    await before.dispose();
  }
}

/** Part 5 on the worker built from `entry`: every figure counted from a state where the canonical pages are cached. */
async function spellings(entry) {
  const { worker } = await importBundles({ worker: entry });
  let leases = 0;
  for (const method of ['lease', 'claim']) {
    const original = worker.PurgeMarks.prototype[method];
    if (!original) continue;
    worker.PurgeMarks.prototype[method] = function (...args) {
      leases += method === 'lease' ? (args[0]?.length ?? 0) : 1;
      return original.apply(this, args);
    };
  }
  const { env, kv, caches } = await nodeBindings(worker, {
    CONTENT_FRESH_SECONDS: '86400',
    HTML_FRESH_SECONDS: '86400',
    // Leases asked at once, not gathered for a quarter second behind each answer: every call here
    // waits for its waitUntil work, which batching would turn into seconds per address.
    PURGE_BOUND_MS: '0',
  });
  const call = (path) => callWorker(worker.default, new Request(siteUrl + path), env);
  const pages = ['/categories/xv-de-france', '/categories/rugby-amateur', '/contact', '/equipes-de-france/xv-de-france-equipe'];
  for (const path of pages) await call(path);
  let seed = 43;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = () => Math.floor(rand() * 36 ** 6).toString(36);
  const junkPage = () => [word(), '0', '1', `-${Math.floor(rand() * 1000)}`, `${Math.floor(rand() * 9) + 1}.5`][Math.floor(rand() * 5)];
  // Each letter escaped or not at random, its hex in either case: one page, many spellings.
  const escaped = (path) =>
    path.replace(/[a-z]/g, (ch) => {
      if (rand() < 0.7) return ch;
      const hex = ch.charCodeAt(0).toString(16);
      return `%${rand() < 0.5 ? hex : hex.toUpperCase()}`;
    });
  const urls = [
    ...Array.from({ length: 350 }, () => `/categories/xv-de-france?page=${junkPage()}`),
    ...Array.from({ length: 300 }, () => `/equipes-de-france/xv-de-france-equipe?saison=${word()}`),
    ...Array.from({ length: 350 }, () => escaped(pages[Math.floor(rand() * pages.length)])),
  ];
  const keys0 = (await kv.list({ prefix: 'html:' })).keys.length;
  const writes0 = kv.counts.writes;
  const puts0 = caches.puts;
  const leases0 = leases;
  const statuses = {};
  for (const url of urls) {
    const { res } = await call(url);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  return {
    requests: urls.length,
    newKvKeys: (await kv.list({ prefix: 'html:' })).keys.length - keys0,
    kvWrites: kv.counts.writes - writes0,
    leases: leases - leases0,
    cachePuts: caches.puts - puts0,
    statuses,
  };
}
// --only=doors keeps the other parts' figures of the last full run.
const written = only === 'doors' ? { ...JSON.parse(await readFile(`${root}bench/abuse.json`, 'utf8')), doors: report.doors } : report;
await writeFile(`${root}bench/abuse.json`, `${JSON.stringify(written, null, 2)}\n`);
console.log('Écrit : bench/abuse.json');
process.exit(0);
