// node scripts/profile-cold.mjs — where the CPU of a cold render goes (issue 34).
//   - the worker bundled as bench:cpu bundles it (lib/node-worker.mjs: `wrangler deploy`'s options,
//     `cloudflare:workers` shimmed, in-memory KV, Cache API and Durable Object), but not minified and
//     with a source map, so that each sample is named by its source file and function;
//   - cold renders as bench:cpu makes them: the page's HTML copy removed from KV, the upstream's data
//     in KV (no upstream call: checked with the upstream's counters), the isolate memo off; each
//     render tees, rewrites and writes its copy as a first view does (the worker writes a page at
//     most once a second: the clock the bundle reads, Date.now, is moved 1.1 s between renders
//     instead of waiting);
//   - V8's sampling profiler (node:inspector, every 100 µs) over PROFILE_RENDERS (1000) renders of
//     the article, then of the home page, after PROFILE_WARMUP (200) unprofiled ones (JIT);
//   - self time by source: react-dom's server renderer, react, zod, hono, jotai, each src/ file by
//     function, Node's built-ins by what they are (JSON.parse, TextEncoder, web streams — native in
//     workerd —, Web Crypto), garbage collection; a built-in is named with the function that called it.
// Prints the top PROFILE_TOP (15) costs and a summary by kind, and writes bench/profile-cold.json;
// the profiles themselves (for Chrome DevTools: Performance → Load profile), the bundle and its
// source map go to .bench/profile-cold/ (git ignores it).
import { build } from 'esbuild';
import { SourceMap } from 'node:module';
import { Session } from 'node:inspector/promises';
import { readFileSync } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildClient } from './build-client.mjs';
import { callWorker, dropWorkerLogLines, nodeBindings, nodeBuildOptions } from './lib/node-worker.mjs';
import { root, siteUrl, startUpstreamProcess, stopAll, upstreamUrl, waitFor } from './lib/stack.mjs';

const RENDERS = Number(process.env.PROFILE_RENDERS ?? 1000);
const WARMUP = Number(process.env.PROFILE_WARMUP ?? 200);
const INTERVAL_US = Number(process.env.PROFILE_INTERVAL_US ?? 100);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const OUT = `${root}.bench/profile-cold`;

const control = (path, init) => fetch(`${upstreamUrl}/__control${path}`, init).then((r) => r.json());
const round1 = (x) => Math.round(x * 10) / 10;
const round2 = (x) => Math.round(x * 100) / 100;
const t0 = Date.now();
const load0 = loadavg();

// HTMLRewriter is workerd's; a cold anonymous render does not use it (bench-cpu.mjs).
globalThis.HTMLRewriter = class {
  constructor() {
    throw new Error('profile-cold: a render used HTMLRewriter, which Node does not have');
  }
};

// The bundle's clock: the worker stores a page at most once a second (entry-store.server.ts
// claimWrite), so each render moves it 1.1 s on. (Fresh windows are set to a day below.)
const realNow = Date.now;
let skew = 0;
Date.now = () => realNow() + skew;

try {
  await access(`${root}public/assets/manifest.json`);
} catch {
  await buildClient();
}
const manifest = JSON.parse(await readFile(`${root}public/assets/manifest.json`, 'utf8'));

// —— The bundle, readable ———————————————————————————————————————————————————————————————

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const bundlePath = `${OUT}/worker.mjs`;
await build({
  ...nodeBuildOptions,
  entryPoints: [`${root}src/index.ts`],
  outfile: bundlePath,
  minify: false,
  sourcemap: 'linked',
  sourcesContent: false,
});
const bundleUrl = pathToFileURL(bundlePath).href;
const map = new SourceMap(JSON.parse(await readFile(`${bundlePath}.map`, 'utf8')));
dropWorkerLogLines();
const workerModule = await import(bundleUrl);
const worker = workerModule.default;

const { env, kv, vars } = await nodeBindings(workerModule, { CONTENT_FRESH_SECONDS: '86400', HTML_FRESH_SECONDS: '86400' });
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
await waitFor(`${upstreamUrl}/`, { timeoutMs: 120_000 });
// Every lookup reads KV (a copy the isolate remembers would answer instead of the render).
const envNoMemo = { ...env, KV_MEMO_MS: '0' };

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const pageRequest = (path) =>
  new Request(siteUrl + path, {
    headers: {
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'br, gzip',
      'accept-language': 'fr-FR,fr;q=0.9',
      'user-agent': UA,
    },
  });
const htmlKey = (path) => `html:${manifest.version}:${path}`;

// The newest published article, as npm run bench and bench:cpu take it.
const published = (await control('/articles?status=publish')).filter((a) => !a.redirection);
const pages = { article: published[0].link, home: '/' };

/** One cold render: the copy removed, the clock moved on, the page rendered and its copy written. */
async function coldRender(path) {
  await kv.delete(htmlKey(path));
  skew += 1100;
  const { res, body } = await callWorker(worker, pageRequest(path), envNoMemo);
  return { status: res.status, cache: res.headers.get('x-ffr-cache'), bytes: body.byteLength };
}

// First views: the upstream's answers go to KV.
for (const [name, path] of Object.entries(pages)) {
  const r = await coldRender(path);
  if (r.status !== 200) throw new Error(`${name} (${path}) : HTTP ${r.status}`);
  if (!kv.has(htmlKey(path))) throw new Error(`${name} (${path}) : pas de copie HTML après une première vue`);
}

process.stdout.write(`warm-up: ${WARMUP} cold renders of each page… `);
for (let i = 0; i < WARMUP; i++) for (const path of Object.values(pages)) await coldRender(path);
console.log('done');

// —— Profiles ———————————————————————————————————————————————————————————————————————————

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: INTERVAL_US });

const profiles = {};
const checks = {};
for (const [name, path] of Object.entries(pages)) {
  await control('/counters/reset', { method: 'POST' });
  const writes = kv.counts.writes;
  const wrong = [];
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await session.post('Profiler.start');
  for (let i = 0; i < RENDERS; i++) {
    const r = await coldRender(path);
    if (r.status !== 200 || r.cache !== 'MISS') wrong.push(`HTTP ${r.status} ${r.cache}`);
  }
  const { profile } = await session.post('Profiler.stop');
  const cpu = process.cpuUsage(cpu0);
  const wallMs = performance.now() - wall0;
  const upstream = (await control('/counters')).total;
  const copies = kv.counts.writes - writes;
  if (wrong.length) throw new Error(`${name} : ${wrong.length} rendus inattendus (${[...new Set(wrong)].slice(0, 3).join(', ')})`);
  if (upstream !== 0)
    throw new Error(`${name} : ${upstream} appels à l'amont pendant les rendus à froid (les données devaient être dans KV)`);
  if (copies < RENDERS) throw new Error(`${name} : ${copies} écritures KV pour ${RENDERS} rendus (chaque rendu doit écrire sa copie)`);
  profiles[name] = profile;
  checks[name] = {
    path,
    renders: RENDERS,
    kvWrites: copies,
    upstreamCalls: upstream,
    cpuMsPerRender: round2((cpu.user + cpu.system) / 1000 / RENDERS),
    wallMsPerRender: round2(wallMs / RENDERS),
  };
  await writeFile(`${OUT}/cold-${name}.cpuprofile`, JSON.stringify(profile));
  console.log(`${name}: ${RENDERS} cold renders, ${checks[name].cpuMsPerRender} ms CPU each (profiler on)`);
}
session.disconnect();
stopAll();
Date.now = realNow;

// —— Self time by source ————————————————————————————————————————————————————————————————

/** The source file (relative to the project) and line (1-based) of a position in the bundle, or null. */
function original(line, column) {
  const entry = map.findEntry(line, column);
  if (!entry?.originalSource) return null;
  const file = entry.originalSource.startsWith('file:')
    ? fileURLToPath(entry.originalSource)
    : new URL(entry.originalSource, bundleUrl).pathname;
  return { file: relative(root, file), line: entry.originalLine + 1 };
}

const sources = new Map();
function linesOf(file) {
  if (!sources.has(file)) {
    try {
      sources.set(file, readFileSync(`${root}${file}`, 'utf8').split('\n'));
    } catch {
      sources.set(file, []);
    }
  }
  return sources.get(file);
}
function sourceLine(file, line) {
  const text = (linesOf(file)[line - 1] ?? '').trim();
  return `(anonymous: ${text.length > 60 ? `${text.slice(0, 57)}…` : text})`;
}
/** An anonymous function whose first lines call JSON.parse (V8 inlines the parse into it). */
const parsesJson = (file, line) =>
  /JSON\.parse\(/.test(
    linesOf(file)
      .slice(line - 1, line + 2)
      .join('\n'),
  );

function packageOf(file) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  return m ? { name: m[1], rest: m[2] } : null;
}

/** What a JS frame is: its group (the ranking's unit) and its kind (the summary's). */
function classifyFrame(frame) {
  const { url, functionName, lineNumber, columnNumber } = frame;
  const fn = functionName || '(anonymous)';
  if (url === bundleUrl) {
    const at = original(lineNumber, columnNumber) ?? { file: 'bundle', line: lineNumber + 1 };
    const { file } = at;
    const pkg = packageOf(file);
    if (pkg) {
      const kind = pkg.name === 'react-dom' ? 'react-dom/server (Fizz)' : pkg.name;
      return { group: `${kind}: ${fn}`, kind, file: `${pkg.name}/${pkg.rest}`, own: true };
    }
    // Anonymous functions are told apart by their line, and shown by its text.
    if (file.startsWith('src/'))
      return {
        group: functionName ? `${file}: ${fn}` : `${file}:${at.line}: ${sourceLine(file, at.line)}`,
        kind: !functionName && parsesJson(file, at.line) ? 'JSON.parse (KV values)' : kindOfSrc(file),
        file,
        own: true,
      };
    if (file.startsWith('scripts/'))
      return { group: `${file}: ${fn} (bench harness)`, kind: 'bench harness (in-memory KV, Cache, Durable Object)', file, own: true };
    return { group: `${file}: ${fn}`, kind: 'other bundled code', file, own: true };
  }
  if (url.includes('/scripts/lib/'))
    return {
      group: `${url.slice(url.indexOf('/scripts/') + 1)}: ${fn} (bench harness)`,
      kind: 'bench harness (in-memory KV, Cache, Durable Object)',
      file: url,
      own: true,
    };
  if (url.startsWith('node:')) return { group: `${url}: ${fn}`, kind: kindOfNode(url, fn), file: url };
  return null;
}

function kindOfSrc(file) {
  if (/^src\/schemas\//.test(file) || /mapping/.test(file)) return 'src: schemas (zod definitions, mapping)';
  if (/^src\/(cache|data|upstream)\//.test(file)) return 'src: cache, data, upstream clients';
  if (/^src\/(render|features\/shell)\//.test(file) || /renderer|_document|Document/.test(file)) return 'src: document and shell';
  if (/^src\/(observability|security|http|config|auth)\//.test(file) || file === 'src/index.ts')
    return 'src: middleware (log, headers, config, session)';
  if (/^src\/lib\//.test(file)) return 'src: lib (html, format, images…)';
  return 'src: pages and components';
}

function kindOfNode(url, fn) {
  if (/webstreams|streams/.test(url)) return 'Node web streams (native in workerd)';
  if (/encoding/.test(url)) return 'TextEncoder / TextDecoder';
  if (/crypto/.test(url)) return 'Web Crypto (hashing, UUIDs)';
  if (/url/.test(url)) return 'URL parsing';
  if (/fetch|undici|headers|request|response/i.test(url + fn)) return 'Request/Response/Headers (undici; native in workerd)';
  return 'Node internals';
}

/** A native leaf (no script: a built-in, GC, the VM itself): named with the JS frame that called it. */
function classifyNative(frame, caller) {
  const fn = frame.functionName;
  if (fn === '(garbage collector)') return { group: '(garbage collector)', kind: 'garbage collection' };
  if (fn === '(program)' || fn === '(idle)' || fn === '(root)')
    return { group: fn, kind: fn === '(idle)' ? 'idle' : 'VM, outside JS (program)' };
  const from = caller ? ` ← ${caller.group}` : '';
  let kind = caller?.kind ?? 'native built-ins';
  if (/^(parse|stringify)$/.test(fn) && caller && /JSON|readThrough|fromCopy|getWithMetadata|#decode|parseMeta/.test(caller.group + fn))
    kind = fn === 'parse' ? 'JSON.parse' : 'JSON.stringify';
  else if (fn === 'parse' || fn === 'stringify') kind = `JSON.${fn}`;
  else if (/encode|decode/i.test(fn)) kind = 'TextEncoder / TextDecoder';
  else if (/digest|randomUUID|getRandomValues/i.test(fn)) kind = 'Web Crypto (hashing, UUIDs)';
  return { group: `${fn || '(native)'} (built-in)${from}`, kind };
}

function analyse(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frames = new Map();
  const frameOf = (id) => {
    if (!frames.has(id)) {
      const node = nodes.get(id);
      frames.set(id, node.callFrame.url ? classifyFrame(node.callFrame) : null);
    }
    return frames.get(id);
  };
  /** The nearest frame above `id` that is bundled code or the harness (who asked for a built-in). */
  const callerOf = (id) => {
    for (let up = parent.get(id); up !== undefined; up = parent.get(up)) {
      const f = frameOf(up);
      if (f?.own) return f;
    }
    return null;
  };
  const info = new Map();
  const infoOf = (id) => {
    if (info.has(id)) return info.get(id);
    const node = nodes.get(id);
    let result = frameOf(id);
    if (result && !result.own) {
      // Node's own code (streams, TextEncoder, undici): named with who called it.
      const caller = callerOf(id);
      result = {
        ...result,
        group: `${result.group} ← ${caller ? caller.group : '(no bundled frame: a body or stream read by the runtime)'}`,
      };
    } else if (!result) {
      // A native frame (a built-in, the GC, the VM): the nearest JS frame names it, then who asked.
      let jsId = parent.get(id);
      while (jsId !== undefined && !frameOf(jsId)) jsId = parent.get(jsId);
      const js = jsId === undefined ? null : frameOf(jsId);
      const caller = js && !js.own ? callerOf(jsId) : null;
      const named = js && !js.own ? { ...js, group: `${js.group} ← ${caller ? caller.group : '(no bundled frame)'}` } : js;
      result = node.callFrame.url
        ? { group: `${node.callFrame.url}: ${node.callFrame.functionName}`, kind: 'other' }
        : classifyNative(node.callFrame, named);
    }
    // The kinds the issue asks about, told apart by who asked.
    if (result.kind === 'TextEncoder / TextDecoder')
      result = {
        ...result,
        kind: / ← react-dom/.test(result.group)
          ? 'TextEncoder.encode per chunk (react-dom edge build)'
          : 'TextEncoder / TextDecoder (whole pages, KV values)',
      };
    info.set(id, result);
    return result;
  };
  // Inclusive time of bundled functions: each sample counted once for every function on its stack.
  const stackGroups = new Map();
  const stackOf = (id) => {
    if (stackGroups.has(id)) return stackGroups.get(id);
    const up = parent.get(id);
    const set = new Set(up === undefined ? [] : stackOf(up));
    const f = frameOf(id);
    if (f?.own) set.add(f.group);
    stackGroups.set(id, set);
    return set;
  };
  // Self time: each sample's leaf, every sample worth the typical interval between samples. (Not
  // the time to the next sample: on a shared machine the process is sometimes descheduled for tens
  // of milliseconds, which would all go to whatever happened to be sampled before.)
  const selfUs = new Map();
  const { samples, timeDeltas } = profile;
  const interval = [...timeDeltas.slice(1)].sort((x, y) => x - y)[Math.floor((timeDeltas.length - 1) / 2)] ?? INTERVAL_US;
  for (const id of samples) selfUs.set(id, (selfUs.get(id) ?? 0) + interval);
  const groups = new Map();
  const kinds = new Map();
  const inclusive = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { group, kind } = infoOf(id);
    if (kind === 'idle') {
      idle += us;
      continue;
    }
    total += us;
    for (const g of stackOf(id)) inclusive.set(g, (inclusive.get(g) ?? 0) + us);
    const g = groups.get(group) ?? { group, kind, us: 0 };
    g.us += us;
    groups.set(group, g);
    kinds.set(kind, (kinds.get(kind) ?? 0) + us);
  }
  const share = (us) => round1((100 * us) / total);
  return {
    sampledMs: Math.round(total / 1000),
    idleMs: Math.round(idle / 1000),
    top: [...groups.values()]
      .sort((a, b) => b.us - a.us)
      .map((g) => ({ percent: share(g.us), msPerRender: round2(g.us / 1000 / RENDERS), group: g.group, kind: g.kind })),
    inclusive: [...inclusive]
      .sort((a, b) => b[1] - a[1])
      .map(([group, us]) => ({ percent: share(us), msPerRender: round2(us / 1000 / RENDERS), group })),
    byKind: [...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, us]) => ({ percent: share(us), msPerRender: round2(us / 1000 / RENDERS), kind })),
  };
}

const results = { pages: {}, details: {} };
for (const [name, profile] of Object.entries(profiles)) {
  const a = analyse(profile);
  results.pages[name] = {
    ...checks[name],
    sampledMs: a.sampledMs,
    idleMs: a.idleMs,
    byKind: a.byKind,
    top: a.top.slice(0, 60),
    inclusive: a.inclusive.slice(0, 60),
  };
}
const load1 = loadavg();
results.details = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
  loadAverage: { start: load0.map(round2), end: load1.map(round2) },
  renders: RENDERS,
  warmup: WARMUP,
  samplingIntervalUs: INTERVAL_US,
  bundle: 'the production build options (lib/worker-build.mjs) for Node (lib/node-worker.mjs), not minified, with a source map',
  profiles: relative(root, OUT),
  percent:
    'of the samples outside (idle), self time (the function running when sampled); ms per render: samples × the median interval between samples',
  totalSeconds: Math.round((realNow() - t0) / 1000),
};
await writeFile(`${root}bench/profile-cold.json`, JSON.stringify(results, null, 2) + '\n');

const cell = (x, w) => String(x).padStart(w);
for (const [name, p] of Object.entries(results.pages)) {
  console.log(
    `\ncold ${name} (${p.path}): ${RENDERS} renders, ${p.sampledMs} ms sampled (${p.idleMs} ms idle), ${p.cpuMsPerRender} ms CPU per render with the profiler on`,
  );
  console.log('   % | ms/render | self time: source and function');
  for (const t of p.top.slice(0, TOP)) console.log(`${cell(t.percent, 4)} | ${cell(t.msPerRender, 9)} | ${t.group}`);
  console.log('\n   % | ms/render | inclusive (the function and what it called; React calls components from its own loop)');
  for (const t of p.inclusive.filter((t) => t.group.startsWith('src/')).slice(0, 10))
    console.log(`${cell(t.percent, 4)} | ${cell(t.msPerRender, 9)} | ${t.group}`);
  console.log('\n   % | ms/render | by kind');
  for (const k of p.byKind) console.log(`${cell(k.percent, 4)} | ${cell(k.msPerRender, 9)} | ${k.kind}`);
}
console.log(`\nload average ${load0.map(round2).join(' ')} at start, ${load1.map(round2).join(' ')} at end`);
console.log(`profiles: ${relative(root, OUT)}/cold-*.cpuprofile (with worker.mjs and its map); written: bench/profile-cold.json`);
process.exit(0);
