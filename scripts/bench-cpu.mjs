// npm run bench:cpu — CPU time per request of the worker's production bundle (issue 21).
//   - the worker bundled as `wrangler deploy --minify` bundles it (esbuild: conditions workerd,
//     worker, browser; NODE_ENV and navigator.userAgent defined; minified, names kept), imported in
//     Node and called as `worker.fetch(request, env, ctx)`, one request at a time;
//   - CPU per request: process.cpuUsage() (user + system, µs) from the call until the body is read
//     to its end and every ctx.waitUntil promise has settled (Workers bills waitUntil work to the
//     request);
//   - KV: an in-memory namespace (scripts/lib/memory-kv.mjs); variables from .dev.vars.example
//     pointed at the local upstream, started here (UPSTREAM_PORT); rate limiters that always allow;
//     `cloudflare:workers` replaced by scripts/lib/cloudflare-workers-shim.mjs;
//   - cases, interleaved round by round (order reversed every other round) so that drift hits all
//     alike: warm hits of home, category and article (isolate memo, then a KV read for the page and
//     the purge marks), cold renders (HTML copy removed, upstream data in KV: no upstream call,
//     checked with the upstream's counters), search (Algolia round trip), the anonymous session,
//     a contact form sent to CF7; beside them, the floor: react-dom/server.edge rendering the same
//     ArticleView with the same data, nothing else; and the document: the same view inside the
//     worker's Document (head, shell, islands) as its renderer streams it, with the shell's data
//     loaded once — what lies between the document and a cold article is the request's path
//     (Hono, the cache, the data's reads, the copy's write).
// Prints a table and writes bench/cpu.json. The issue's targets are printed as information only.
import { readFile, writeFile, access } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { buildClient } from './build-client.mjs';
import { FLOOR_SOURCE } from './lib/floor-source.mjs';
import { dropWorkerLogLines, importBundles, nodeBindings } from './lib/node-worker.mjs';
import { sourceAt } from './lib/source-at.mjs';
import { root, siteUrl, startUpstreamProcess, stopAll, upstreamUrl, waitFor } from './lib/stack.mjs';

const WARMUP = Number(process.env.BENCH_CPU_WARMUP ?? 200);
const HITS = Number(process.env.BENCH_CPU_HITS ?? 1000);
const RENDERS = Number(process.env.BENCH_CPU_RENDERS ?? 300);
/** A commit whose worker's warm hits and cold renders run beside this one's, interleaved, for before → after ratios in one run. */
const BASELINE = process.env.BENCH_CPU_BASELINE;
/** KV takes one write per key and second, and the worker claims one per second per page (entry-store claimWrite). */
const WRITE_SPACING_MS = 1050;
// Issue 34's: a warm hit from the isolate's memo, a cold article and its ratio to the floor, a cold home page.
const TARGETS = { hitMs: 0.1, coldArticleMs: 3, coldHomeMs: 4, coldArticleToFloor: 2 };

const control = (path, init) => fetch(`${upstreamUrl}/__control${path}`, init).then((r) => r.json());
const round3 = (x) => Math.round(x * 1000) / 1000;
const round2 = (x) => Math.round(x * 100) / 100;
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return { median: null, p99: null, n: 0 };
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  // Nearest rank.
  const p99 = s[Math.min(n - 1, Math.ceil(0.99 * n) - 1)];
  return { median: round3(median), p99: round3(p99), n };
}

// HTMLRewriter is workerd's (lol-html, native) and Node has none. The worker does not use it (the
// renderer writes the CSP nonce itself and a hit swaps a placeholder); should it ever, this stand-in
// fails the run, so that the figures always cover every step the worker takes in workerd.
class AbsentHTMLRewriter {
  constructor() {
    throw new Error('bench:cpu: a measured request used HTMLRewriter, which Node does not have; its figures would leave that work out');
  }
}
globalThis.HTMLRewriter = AbsentHTMLRewriter;

const t0 = Date.now();
const load0 = loadavg();
// Only the manifest's names matter to the worker: an existing client build is kept (other runs on
// this machine may be serving it).
try {
  await access(`${root}public/assets/manifest.json`);
} catch {
  await buildClient();
}
const manifest = JSON.parse(await readFile(`${root}public/assets/manifest.json`, 'utf8'));

// Built as `wrangler deploy` builds it, for Node (lib/node-worker.mjs).
dropWorkerLogLines();
const { worker: workerModule, floor } = await importBundles({
  worker: 'src/index.ts',
  floor: { stdin: { contents: FLOOR_SOURCE, loader: 'tsx', resolveDir: root, sourcefile: 'bench-floor.tsx' } },
});
const worker = workerModule.default;

const { env, kv, vars, caches } = await nodeBindings(workerModule, {
  // Fresh for a day instead of 60 s: the run lasts minutes and no measured request may turn stale
  // (a stale copy is served the same way and refreshed in waitUntil, which would add upstream calls).
  CONTENT_FRESH_SECONDS: '86400',
  HTML_FRESH_SECONDS: '86400',
});
const own = { worker, kv };
// The baseline worker: its own KV, the same upstream and location cache.
let baseline = null;
if (BASELINE) {
  const source = await sourceAt(BASELINE);
  const { worker: module } = await importBundles({ worker: { entryPoints: [`${source.dir}src/index.ts`] } });
  await source.dispose();
  const bindings = await nodeBindings(module, { CONTENT_FRESH_SECONDS: '86400', HTML_FRESH_SECONDS: '86400' });
  globalThis.caches = caches;
  baseline = { worker: module.default, kv: bindings.kv, env: bindings.env, envNoMemo: { ...bindings.env, KV_MEMO_MS: '0' } };
}
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
await waitFor(`${upstreamUrl}/`, { timeoutMs: 120_000 });

// The same bindings with the isolate memo off: every lookup reads KV. For cold renders (a copy the
// isolate remembers would answer instead of the render) and for hits that read KV.
const envNoMemo = { ...env, KV_MEMO_MS: '0' };

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const pageRequest = (path) => () =>
  new Request(siteUrl + path, {
    headers: {
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'br, gzip',
      'accept-language': 'fr-FR,fr;q=0.9',
      'user-agent': UA,
    },
  });
const sessionRequest = () =>
  new Request(`${siteUrl}/api/auth/session`, { headers: { accept: 'application/json', 'accept-encoding': 'br, gzip', 'user-agent': UA } });

// A valid contact message (test/worker/forms.test.ts), multipart as the form island sends it, with
// the empty honeypot and a new idempotency key per sending, as each rendered form has. The body is
// serialised before the measure: the worker receives bytes, as in workerd.
const contactFields = {
  nom: 'Martin',
  prenom: 'Julie',
  email: 'julie.martin@example.fr',
  indicatif: '+33',
  telephone: '06 12 34 56 78',
  media: 'Ouest-France',
  sujet: 'Équipe de France',
  'type-demande': 'Interview',
  'deja-accredite': 'Non',
  message: 'Bonjour, je souhaiterais interviewer le sélectionneur avant le match.',
  rgpd: '1',
  site_web: '',
};
let sendings = 0;
async function formRequestFactory() {
  const body = new FormData();
  for (const [k, v] of Object.entries(contactFields)) body.append(k, v);
  body.append('_idempotence', `bench-cpu-${process.pid}-${++sendings}`);
  const encoded = new Request(siteUrl, { method: 'POST', body });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const type = encoded.headers.get('content-type');
  // From the site's own page, as a browser sends it (a write from elsewhere is refused: security/requests.server.ts).
  return () =>
    new Request(`${siteUrl}/api/forms/contactez-nous`, {
      method: 'POST',
      body: bytes,
      headers: {
        'content-type': type,
        'content-length': String(bytes.byteLength),
        origin: siteUrl,
        'sec-fetch-site': 'same-origin',
        accept: 'application/json',
        'accept-encoding': 'br, gzip',
        'user-agent': UA,
      },
    });
}

/** One call of the worker, its CPU from the call until the body is read and waitUntil has settled. */
async function callWorker(makeRequest, bindings, target = own) {
  const { worker, kv } = target;
  const request = await makeRequest();
  const pending = [];
  const ctx = { waitUntil: (p) => void pending.push(p), passThroughOnException() {}, props: {} };
  const reads = kv.counts.reads;
  const writes = kv.counts.writes;
  const start = process.cpuUsage();
  const res = await worker.fetch(request, bindings, ctx);
  const body = await res.arrayBuffer();
  while (pending.length) await Promise.allSettled(pending.splice(0));
  const used = process.cpuUsage(start);
  return {
    cpuMs: (used.user + used.system) / 1000,
    status: res.status,
    cache: res.headers.get('x-ffr-cache'),
    bytes: body.byteLength,
    kvReads: kv.counts.reads - reads,
    kvWrites: kv.counts.writes - writes,
  };
}

async function callFloor(input, shell) {
  const start = process.cpuUsage();
  const stream = await (shell ? floor.renderDocument(input, shell, siteUrl) : floor.render(input));
  const body = await new Response(stream).arrayBuffer();
  const used = process.cpuUsage(start);
  return { cpuMs: (used.user + used.system) / 1000, status: 200, cache: null, bytes: body.byteLength, kvReads: 0, kvWrites: 0 };
}

// The pages: the newest published article (as npm run bench), its category page, the home.
const published = (await control('/articles?status=publish')).filter((a) => !a.redirection);
const articlePath = published[0].link;
const paths = { home: '/', category: '/categories/xv-de-france', article: articlePath, search: '/recherche?query=equipe' };
const htmlKey = (path) => `html:${manifest.version}:${path}`;
// A search is kept in the location's cache (the Cache API), not in KV (html-cache.server.ts).
const localUrl = (path) => `${siteUrl}/__cache/${encodeURIComponent(htmlKey(path))}`;
const hasCopy = async (c) =>
  c.local ? (await caches.default.match(localUrl(c.path))) !== undefined : (c.target ?? own).kv.has(htmlKey(c.path));

// First views: the upstream's answers go to KV, each page's HTML copy too.
for (const path of Object.values(paths)) {
  const r = await callWorker(pageRequest(path), envNoMemo);
  if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
}
const firstForm = await callWorker(await formRequestFactory(), env);
if (firstForm.status !== 200) throw new Error(`POST /api/forms/contactez-nous: HTTP ${firstForm.status}`);
// (A search is kept in the location's cache, not in KV: html-cache.server.ts.)
for (const [name, path] of Object.entries(paths))
  if (name !== 'search' && !kv.has(htmlKey(path))) throw new Error(`${name}: no HTML copy under ${htmlKey(path)} after a first view`);
if (baseline)
  for (const name of ['home', 'category', 'article']) {
    await callWorker(pageRequest(paths[name]), baseline.envNoMemo, baseline);
    if (!baseline.kv.has(htmlKey(paths[name]))) throw new Error(`baseline ${name}: no HTML copy after a first view`);
  }

// The floor's data, read from the upstream as the worker reads it, and checked against the
// worker's own copy in KV.
const slug = published[0].slug;
const [posts, categories, settings] = await Promise.all([
  fetch(`${vars.WP_API_URL}/ffr/v1/posts?${new URLSearchParams({ slug, per_page: '1' })}`).then((r) => r.json()),
  fetch(`${vars.STATIC_LISTS_URL}/categories.json?v=${encodeURIComponent(vars.STATIC_LISTS_VERSION)}`).then((r) => r.json()),
  fetch(`${vars.WP_API_URL}/ffr/v1/settings`).then((r) => r.json()),
]);
const floorInput = floor.prepare({
  posts,
  categories,
  settings,
  hostname: new URL(siteUrl).hostname,
  imageMode: env.IMAGE_RESIZING === 'on' ? 'resize' : 'plain',
});
const workerCopy = (await kv.list({ prefix: 'data:' })).keys.map((k) => k.name).find((k) => k.endsWith(`:article:${slug}`));
if (!workerCopy || (await kv.get(workerCopy, 'text')) !== JSON.stringify(floorInput.article))
  throw new Error(`floor: the article read from the upstream differs from the worker's copy (${workerCopy ?? 'none'})`);
// The document's shell: the worker's own copies of the settings, menus and partners.
const shellCopy = async (name) => {
  const key = (await kv.list({ prefix: 'data:' })).keys.map((k) => k.name).find((k) => k.endsWith(`:${name}`));
  if (!key) throw new Error(`document: no copy of the ${name} in KV after a first view`);
  return JSON.parse(await kv.get(key, 'text'));
};
const documentShell = await floor.prepareShell({
  env,
  settings: await shellCopy('settings'),
  menus: await shellCopy('menus'),
  partners: await shellCopy('partners'),
});

// kind: hit → HITS counted requests, render → RENDERS. `prime`: one uncounted call just before, so
// that the isolate memo holds the page and the marks. `dropCopy`: the HTML copy is removed first.
const cases = [
  { name: 'hit-home', label: 'hit home', kind: 'hit', path: paths.home, env, prime: true, expect: { cache: 'HIT', kvReads: 0 } },
  {
    name: 'hit-category',
    label: 'hit category',
    kind: 'hit',
    path: paths.category,
    env,
    prime: true,
    expect: { cache: 'HIT', kvReads: 0 },
  },
  { name: 'hit-article', label: 'hit article', kind: 'hit', path: paths.article, env, prime: true, expect: { cache: 'HIT', kvReads: 0 } },
  { name: 'hit-kv-home', label: 'hit home, KV read', kind: 'hit', path: paths.home, env: envNoMemo, expect: { cache: 'HIT', kvReads: 1 } },
  {
    name: 'hit-kv-category',
    label: 'hit category, KV read',
    kind: 'hit',
    path: paths.category,
    env: envNoMemo,
    expect: { cache: 'HIT', kvReads: 1 },
  },
  {
    name: 'hit-kv-article',
    label: 'hit article, KV read',
    kind: 'hit',
    path: paths.article,
    env: envNoMemo,
    expect: { cache: 'HIT', kvReads: 1 },
  },
  {
    name: 'cold-home',
    label: 'cold home',
    kind: 'render',
    path: paths.home,
    env: envNoMemo,
    dropCopy: true,
    expect: { cache: 'MISS', written: true, upstream: 0 },
  },
  {
    name: 'cold-category',
    label: 'cold category',
    kind: 'render',
    path: paths.category,
    env: envNoMemo,
    dropCopy: true,
    expect: { cache: 'MISS', written: true, upstream: 0 },
  },
  {
    name: 'cold-article',
    label: 'cold article',
    kind: 'render',
    path: paths.article,
    env: envNoMemo,
    dropCopy: true,
    expect: { cache: 'MISS', written: true, upstream: 0 },
  },
  {
    name: 'search',
    label: 'search (Algolia)',
    kind: 'render',
    path: paths.search,
    env: envNoMemo,
    dropCopy: true,
    local: true,
    expect: { cache: 'MISS', written: true },
  },
  ...(baseline
    ? ['home', 'category', 'article'].flatMap((page) => [
        {
          name: `before-hit-${page}`,
          label: `hit ${page} (${BASELINE})`,
          kind: 'hit',
          path: paths[page],
          env: baseline.env,
          target: baseline,
          prime: true,
          expect: { cache: 'HIT', kvReads: 0 },
        },
        {
          name: `before-hit-kv-${page}`,
          label: `hit ${page}, KV read (${BASELINE})`,
          kind: 'hit',
          path: paths[page],
          env: baseline.envNoMemo,
          target: baseline,
          expect: { cache: 'HIT', kvReads: 1 },
        },
      ])
    : []),
  // The baseline's cold renders, beside this worker's in the same rounds (its data in its own KV since the warm-up).
  ...(baseline
    ? ['home', 'article'].map((page) => ({
        name: `before-cold-${page}`,
        label: `cold ${page} (${BASELINE})`,
        kind: 'render',
        path: paths[page],
        env: baseline.envNoMemo,
        target: baseline,
        dropCopy: true,
        expect: { cache: 'MISS', written: true, upstream: 0 },
      }))
    : []),
  { name: 'session', label: 'session (anonymous)', kind: 'hit', env, request: () => sessionRequest, expect: { upstream: 0 } },
  { name: 'form', label: 'form → CF7', kind: 'render', env, request: formRequestFactory, expect: { status: 200 } },
  { name: 'floor', label: 'floor: ArticleView', kind: 'render', floor: true, expect: {} },
  { name: 'document', label: 'floor + document', kind: 'render', floor: true, shell: true, expect: {} },
];
for (const c of cases) {
  c.samples = [];
  c.excluded = [];
  c.upstreamCalls = 0;
  c.upstreamRoutes = {};
  c.bytes = [];
}
const lastCold = new Map();

async function runOnce(c, { counted }) {
  if (c.floor) return callFloor(floorInput, c.shell ? documentShell : undefined);
  const make = c.request ? await c.request() : pageRequest(c.path);
  if (c.prime) await callWorker(make, c.env, c.target);
  // Each worker's copies are its own: the baseline's cold renders wait for its own last write.
  const coldKey = `${c.target ? 'baseline ' : ''}${c.path}`;
  if (c.dropCopy) {
    await (c.target ?? own).kv.delete(htmlKey(c.path));
    if (c.local) await caches.default.delete(localUrl(c.path));
    // The worker stores a page at most once a second: counted renders wait for that, so each one
    // tees, rewrites and writes its copy as a first view does.
    const wait = (lastCold.get(coldKey) ?? 0) + WRITE_SPACING_MS - Date.now();
    if (counted && wait > 0) await sleep(wait);
  }
  const r = await callWorker(make, c.env, c.target);
  if (c.dropCopy) {
    // From the end of the call: the worker claims its write once the page is rendered.
    lastCold.set(coldKey, Date.now());
    r.written = await hasCopy(c);
  }
  return r;
}

function check(c, r, upstream) {
  const e = c.expect;
  const wrong = [];
  if (r.status !== (e.status ?? 200)) wrong.push(`HTTP ${r.status}`);
  if (e.cache && r.cache !== e.cache) wrong.push(`x-ffr-cache ${r.cache}`);
  if (e.kvReads !== undefined && r.kvReads !== e.kvReads) wrong.push(`${r.kvReads} KV reads`);
  if (e.written && !r.written) wrong.push('copy not written');
  if (e.upstream !== undefined && upstream !== e.upstream) wrong.push(`${upstream} upstream calls`);
  return wrong;
}

let lastTotal = 0;
let lastRoutes = {};
async function upstreamSince() {
  const now = await control('/counters');
  const routes = Object.fromEntries(
    Object.entries(now.routes)
      .map(([k, v]) => [k, v - (lastRoutes[k] ?? 0)])
      .filter(([, v]) => v > 0),
  );
  const calls = now.total - lastTotal;
  lastTotal = now.total;
  lastRoutes = now.routes;
  return { calls, routes };
}

// Warm-up (JIT): every case, uncounted.
process.stdout.write(`warm-up: ${WARMUP} rounds… `);
for (let i = 0; i < WARMUP; i++) for (const c of i % 2 ? [...cases].reverse() : cases) await runOnce(c, { counted: false });
console.log('done');
// Every page's copy in KV again (a warm-up render may have been refused its write within the second).
await sleep(WRITE_SPACING_MS);
for (const [name, path] of Object.entries(paths)) {
  await callWorker(pageRequest(path), envNoMemo);
  lastCold.set(path, Date.now());
  if (!(await hasCopy({ path, local: name === 'search' }))) throw new Error(`no HTML copy of ${path} after the warm-up`);
}

await control('/counters/reset', { method: 'POST' });
const countedAt = Date.now();
for (let round = 0; round < RENDERS; round++) {
  for (const c of round % 2 ? [...cases].reverse() : cases) {
    // Hits are spread evenly over the rounds: HITS in all.
    const times = c.kind === 'hit' ? Math.floor(((round + 1) * HITS) / RENDERS) - Math.floor((round * HITS) / RENDERS) : 1;
    for (let t = 0; t < times; t++) {
      const r = await runOnce(c, { counted: true });
      const up = c.floor ? { calls: 0, routes: {} } : await upstreamSince();
      c.upstreamCalls += up.calls;
      for (const [route, n] of Object.entries(up.routes)) c.upstreamRoutes[route] = (c.upstreamRoutes[route] ?? 0) + n;
      const wrong = check(c, r, up.calls);
      if (wrong.length) c.excluded.push(wrong.join(', '));
      else {
        c.samples.push(r.cpuMs);
        c.bytes.push(r.bytes);
      }
    }
  }
  if ((round + 1) % 50 === 0) console.log(`round ${round + 1}/${RENDERS}`);
}
const countedSeconds = Math.round((Date.now() - countedAt) / 1000);
stopAll();
const load1 = loadavg();

const results = { cases: {}, floor: null, ratios: {}, details: {} };
const perCase = {};
for (const c of cases) {
  const s = stats(c.samples);
  if (c.name === 'floor') results.floor = s;
  else results.cases[c.name] = s;
  perCase[c.name] = {
    label: c.label,
    path: c.floor ? articlePath : (c.path ?? (c.name === 'session' ? '/api/auth/session' : '/api/forms/contactez-nous')),
    bodyBytes: stats(c.bytes).median,
    upstreamCallsPerRequest: round2(c.upstreamCalls / Math.max(1, c.samples.length + c.excluded.length)),
    upstreamRoutes: c.upstreamRoutes,
    excluded: c.excluded.length,
    excludedReasons: [...new Set(c.excluded)].slice(0, 5),
  };
}
const cold = results.cases['cold-article'];
const documentCase = results.cases.document;
results.ratios = {
  // Where the cold article's time beyond the floor goes: the document around the view, then the request's path.
  documentToFloorMedian: documentCase.median && results.floor.median ? round2(documentCase.median / results.floor.median) : null,
  coldArticleToDocumentMedian: cold.median && documentCase.median ? round2(cold.median / documentCase.median) : null,
  coldArticleToFloorMedian: cold.median && results.floor.median ? round2(cold.median / results.floor.median) : null,
  coldArticleToFloorP99: cold.p99 && results.floor.p99 ? round2(cold.p99 / results.floor.p99) : null,
  // With BENCH_CPU_BASELINE: each warm hit of this worker ÷ the same hit of the baseline's, medians of the same rounds.
  ...(baseline
    ? Object.fromEntries(
        ['home', 'category', 'article'].flatMap((page) =>
          ['hit', 'hit-kv'].map((kind) => [
            `${kind}-${page}-after-to-before`,
            round2(results.cases[`${kind}-${page}`].median / results.cases[`before-${kind}-${page}`].median),
          ]),
        ),
      )
    : {}),
  ...(baseline
    ? Object.fromEntries(
        ['home', 'article'].map((page) => [
          `cold-${page}-after-to-before`,
          round2(results.cases[`cold-${page}`].median / results.cases[`before-cold-${page}`].median),
        ]),
      )
    : {}),
};
results.details = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
  loadAverage: { start: load0.map(round2), end: load1.map(round2) },
  requestsPerCase: { warmup: WARMUP, hits: HITS, renders: RENDERS },
  countedSeconds,
  totalSeconds: Math.round((Date.now() - t0) / 1000),
  measure:
    'process.cpuUsage() user+system of the whole Node process, from worker.fetch() until the body is read and every waitUntil has settled',
  targets: {
    warmHitMs: `≤ ${TARGETS.hitMs}`,
    coldArticleMs: `≤ ${TARGETS.coldArticleMs}`,
    coldHomeMs: `≤ ${TARGETS.coldHomeMs}`,
    coldArticleToFloor: `≤ ${TARGETS.coldArticleToFloor}`,
  },
  article: articlePath,
  perCase,
  notWorkerd: [
    'HTMLRewriter is absent from Node: the run fails if a measured request uses it (none does: the renderer writes the CSP nonce itself)',
    'compression: the worker only names Content-Encoding, workerd compresses natively when sending; nothing is compressed here',
    "streams, fetch, FormData parsing and Web Crypto are Node's (JavaScript streams, undici), not workerd's native ones; the floor uses the same streams",
    'KV is in memory: values decoded on every read, no I/O',
    'fresh windows set to a day (CONTENT_FRESH_SECONDS, HTML_FRESH_SECONDS) so that nothing turns stale during the run',
  ],
};
await writeFile(`${root}bench/cpu.json`, JSON.stringify(results, null, 2) + '\n');

const target = (name) => {
  if (name.startsWith('hit-') && !name.startsWith('hit-kv-')) return `≤ ${TARGETS.hitMs} ms`;
  if (name === 'cold-home') return `≤ ${TARGETS.coldHomeMs} ms`;
  if (name === 'cold-article') return `≤ ${TARGETS.coldArticleMs} ms, ≤ ${TARGETS.coldArticleToFloor}× floor`;
  return '';
};
const cell = (x, w) => String(x ?? '—').padStart(w);
console.log(
  `\nCPU per request, production bundle in Node ${process.version} (${results.details.cpu}), ${RENDERS} rounds after ${WARMUP} warm-up rounds, ${countedSeconds} s counted`,
);
console.log(`load average ${load0.map(round2).join(' ')} at start, ${load1.map(round2).join(' ')} at end\n`);
console.log('case                   |     n | median ms |  p99 ms | KV reads | upstream/req | body B  | issue target');
for (const c of cases) {
  const s = c.name === 'floor' ? results.floor : results.cases[c.name];
  const p = perCase[c.name];
  const kvReads = c.expect.kvReads ?? '';
  console.log(
    `${c.label.padEnd(22)} | ${cell(s.n, 5)} | ${cell(s.median, 9)} | ${cell(s.p99, 7)} | ${cell(kvReads, 8)} | ${cell(p.upstreamCallsPerRequest, 12)} | ${cell(p.bodyBytes, 7)} | ${target(c.name)}`,
  );
}
console.log(
  `\ncold article ÷ floor: ${results.ratios.coldArticleToFloorMedian} (median), ${results.ratios.coldArticleToFloorP99} (p99) — issue target ≤ ${TARGETS.coldArticleToFloor}`,
);
console.log(
  `  of which the document around the view: ${results.ratios.documentToFloorMedian}× the floor (+${round3(documentCase.median - results.floor.median)} ms); the request's path: ${results.ratios.coldArticleToDocumentMedian}× the document (+${round3(cold.median - documentCase.median)} ms)`,
);
if (baseline)
  console.log(
    `\nwarm hits and cold renders, this worker ÷ ${BASELINE}'s (medians, same rounds): ${Object.entries(results.ratios)
      .filter(([k]) => k.endsWith('-after-to-before'))
      .map(([k, v]) => `${k.replace('-after-to-before', '')} ${v}`)
      .join(' · ')}`,
  );
for (const c of cases)
  if (c.excluded.length) console.log(`excluded from ${c.label}: ${c.excluded.length} (${perCase[c.name].excludedReasons.join('; ')})`);
console.log(
  `upstream calls during the counted rounds: ${cases
    .map(
      (c) =>
        `${c.label} ${c.upstreamCalls}${
          Object.keys(c.upstreamRoutes).length
            ? ` (${Object.entries(c.upstreamRoutes)
                .map(([r, n]) => `${r} ${n}`)
                .join(', ')})`
            : ''
        }`,
    )
    .join('; ')}`,
);
console.log(`
Notes:
- hit: the page remembered by the isolate (KV_MEMO_MS, one second) and the purge marks by the isolate (PURGE_BOUND_MS), as under load; hit, KV read: the page read from KV (its memo off), the marks still remembered (they come from their Durable Object, not KV).
- article: ${articlePath}; floor: ArticleView alone (no document, header, footer or islands around it) with the same data, read from the upstream through the same schemas; floor + document: the same view in the worker's Document (head, JSON-LD, shell, islands, bootstrap script) as its renderer streams it, the shell's data loaded once from the worker's copies.
- search includes the Algolia round trip's client-side CPU only (the request, the answer's parsing); the upstream's own work is another process.
- form includes the CF7 round trip's client-side CPU only.
- no measured request used HTMLRewriter (Node has none; the run fails if one does): the renderer writes the CSP nonce itself, a hit swaps the copy's placeholder.
- nothing is compressed here (workerd compresses natively when sending); streams, fetch, FormData and Web Crypto are Node's, not workerd's.
- CPU is the whole Node process's (GC threads and the thread pool included); targets are printed for information only.
written: bench/cpu.json`);
process.exit(0);
