// The worker on many Cloudflare locations at once, in one Node process, with a clock for time and
// load (issues 31 and 41): what cannot run here is simulated from Cloudflare's documented behaviour,
// and every figure comes from the production bundle itself, run on that clock.
//
//  - A virtual clock. The bundle's Date.now, scheduler.wait, setTimeout and AbortSignal.timeout
//    read it (esbuild define); the run is event-driven: when nothing can progress without time
//    passing (no real I/O in flight, microtasks drained), the clock jumps to the next instant
//    something is due. So a call that takes time in the model takes it here, and a request that
//    awaits it waits for it, as the worker's code decides.
//  - Locations (edge-scenarios.mjs): each with its round trip to Western Europe, where the purge
//    object and WordPress are; its isolates (one import of the bundle each: their own memos and
//    marks); its Cache API; its view of Workers KV; its readers (Poisson arrivals per isolate,
//    some views followed by the prefetches a page makes).
//  - The purge marks' Durable Object: half a round trip there, a single thread serving one call
//    per `serviceMs` (1 ms: its documented soft limit of 1 000 requests a second), queueing
//    beyond, `overloaded` past `maxQueueMs` of queue; unreachable, slow or down on demand.
//    developers.cloudflare.com/durable-objects/platform/limits/
//  - Workers KV: a write visible at once where made, elsewhere after the location's propagation
//    delay; a location keeps what it read for 60 s (cacheTtl); one write a second per key (a
//    second one fails: 429). Hot reads a few ms, cold ones a trip to the central stores.
//    developers.cloudflare.com/kv/concepts/how-kv-works/, /kv/platform/limits/
//  - WordPress: the local upstream (dev/), behind a model of a PHP host: `concurrency` workers,
//    each call taking `serviceMs`, the rest queueing until the worker's own deadline aborts them.
//  - Render time: a page rendered rather than served from a copy answers `renderMs` later.
//  - Weight: a simulated location may stand for several alike (match day: 300 locations, 5 000
//    requests a second, from a dozen simulated ones). Each of its calls to the object or to WordPress
//    is then repeated weight − 1 times at the same service, spread over a window (for marks
//    reads, whose phases are independent, the time since the location's last read: one period, 1 to
//    3 s; for the rest, which a publish sets off together, the time between two requests of its
//    isolates, 1 to 3 s). They take the service's time, count in its
//    per-second peaks, and their answers are dropped.
//
// What it measures (report below): per view, the time the reader waited because of the purge
// object (its latency less the time covered by its own KV, cache, WordPress and render work: a
// request that waited for the marks, a lease, or another request's read of the object waited for
// nothing else); publish-to-visible (from the publish to the last view of an older revision at
// each location); resurrections, early glimpses, lost purges and store violations, as issue 31
// defined them; per-second peaks at the object and at WordPress.
import { AsyncLocalStorage } from 'node:async_hooks';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { startUpstream } from '../../dev/server.ts';
import { signPurgeBody } from '../../dev/control/routes.ts';
import { buildClient } from '../build-client.mjs';
import { mulberry32 } from './seeded-random.mjs';
import { MemoryStorage } from './memory-durable-object.mjs';
import { dropWorkerLogLines } from './node-worker.mjs';
import { parseDevVars, root as projectRoot } from './stack.mjs';
import { productionBuildOptions } from './worker-build.mjs';
import { memoryQueue } from './memory-queue.mjs';

const ORIGIN = 'http://presse.test';
const MARKER = /SIM_(\d+)_R(\d+)/g;
/** KV's read cache at a location (cacheTtl: 60 s, its default). */
const KV_CACHE_TTL_MS = 60_000;
/** The plugin's retries (class-sender.php): after 1, 2, 4… minutes. */
const RETRY_MINUTES = [1, 2, 4, 8, 16];
/** Answers rendered rather than served from a copy. */
const RENDERED = new Set(['MISS', 'PURGED', 'BYPASS', 'STALE-IF-ERROR']);
const RENDERED_LINE = /"cache":"(MISS|PURGED|BYPASS|STALE-IF-ERROR)"/;

/** The model's defaults; a scenario may change any. */
export const DEFAULT_MODEL = {
  /**
   * `readMsPerKB`: a read's answer is serialized on the object's one thread (~330 MB/s, V8's JSON
   * and structured clone); `preloadTags`: marks already stored, spread over the last seven days (a
   * busy newsroom's week: a few thousand posts' tags), so that what a read carries is counted;
   * `leaseDrawMs`: the range over which an isolate draws when its claims go (tags.server.ts), over
   * which the lease calls of the alike locations a simulated one stands for are spread.
   */
  object: { serviceMs: 1, maxQueueMs: 1000, readMsPerKB: 0.003, preloadTags: 0, leaseDrawMs: 7000 },
  wordpress: { concurrency: 32, serviceMs: [80, 250] },
  kv: { hotMs: 3, coldMs: 30, writeMs: 40 },
  cacheMs: 1,
  renderMs: 40,
  /** Share of views followed by prefetches, and how many (client/prefetch.ts: links in view). */
  prefetch: { share: 0.3, count: 2, gapMs: 30 },
  /** Share of views on the home page (the rest on the posts under test). */
  homeShare: 0.25,
  /**
   * Each leg of a round trip to Western Europe varies: its time × (1 + |N(0, sd)|), and now and
   * then (`tailShare`) a tail of up to `tailMax` more (a retransmit, a congested link). A 400 ms
   * round trip is then 400–470 ms most of the time, up to ~700 ms in its tail.
   */
  jitter: { sd: 0.1, tailShare: 0.02, tailMax: 0.8 },
  /**
   * Cloudflare's cache in front of WordPress, for the calls the worker tags (`cf.cacheTags`,
   * decision 024): a lower tier per location and one upper tier near the origin (Smart Tiered
   * Cache: « the single closest upper tier »), each collapsing the concurrent misses of a URL into
   * one fetch (« only the first request will go to origin »), each copy kept `cacheTtl` from when
   * that tier took it; a purge by tag reaching each tier after a lognormal delay of median
   * `propagation.p50Ms` (« less than 150 ms on average (P50) », blog.cloudflare.com/instant-purge)
   * with its `sd` and the jitter's tail; the purge API's token bucket per account (Pro: 5 a second,
   * 25 at once, developers.cloudflare.com/cache/how-to/purge-cache/). `on: false`: the platform
   * caches nothing (workerd, wrangler dev): every call reaches WordPress.
   */
  tiers: { on: true, lookupMs: 2, propagation: { p50Ms: 150, sd: 0.6 }, bucket: { perSecond: 5, size: 25 }, purgeApiDown: false },
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Revisions shown, per post: { [postId]: revision } (the highest when a page shows one twice). */
function revisions(text) {
  const found = {};
  for (const [, post, rev] of text.matchAll(MARKER)) found[post] = Math.max(found[post] ?? -1, Number(rev));
  return found;
}

function older(next, previous) {
  const a = revisions(next);
  const b = revisions(previous);
  return Object.keys(a).some((post) => b[post] !== undefined && a[post] < b[post]);
}

/** A binary heap of { at, seq }: the earliest first, in order of scheduling for equal instants. */
class Heap {
  items = [];
  get size() {
    return this.items.length;
  }
  #less(a, b) {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }
  push(item) {
    const { items } = this;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.#less(items[i], items[p])) break;
      [items[i], items[p]] = [items[p], items[i]];
      i = p;
    }
  }
  peek() {
    return this.items[0];
  }
  pop() {
    const { items } = this;
    const top = items[0];
    const last = items.pop();
    if (items.length) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.#less(items[l], items[m])) m = l;
        if (r < items.length && this.#less(items[r], items[m])) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m], items[i]];
        i = m;
      }
    }
    return top;
  }
}

class VirtualClock {
  now;
  #heap = new Heap();
  #seq = 0;
  constructor(start) {
    this.now = start;
  }
  /** Runs `fn` `ms` from now (whole milliseconds); the entry can be cancelled. */
  at(ms, fn) {
    const entry = { at: this.now + Math.max(0, Math.ceil(ms)), seq: this.#seq++, fn, cancelled: false };
    this.#heap.push(entry);
    return entry;
  }
  wait(ms) {
    return new Promise((resolve) => this.at(ms, resolve));
  }
  next() {
    while (this.#heap.size && this.#heap.peek().cancelled) this.#heap.pop();
    return this.#heap.size ? this.#heap.peek().at : Number.POSITIVE_INFINITY;
  }
  wake() {
    while (this.#heap.size && this.#heap.peek().at <= this.now) {
      const entry = this.#heap.pop();
      if (!entry.cancelled) entry.fn();
    }
  }
}

/** Counts per virtual second, for peaks. */
class PerSecond {
  counts = new Map();
  total = 0;
  add(at, n = 1) {
    const s = Math.floor(at / 1000);
    this.counts.set(s, (this.counts.get(s) ?? 0) + n);
    this.total += n;
  }
  peak() {
    return maxOf([...this.counts.values()]);
  }
  between(from, to) {
    let n = 0;
    for (const [s, c] of this.counts) if (s * 1000 >= from && s * 1000 < to) n += c;
    return n;
  }
}

/**
 * A single-threaded or pooled service (the object, WordPress): FIFO slots, calls from the
 * simulated locations and their weight's repetitions, the latter applied lazily, in time order.
 */
class Service {
  phantoms = new Heap();
  #seq = 0;
  arrivals = new PerSecond();
  rejected = 0;
  constructor({ slots, serviceMs, maxQueueMs = Number.POSITIVE_INFINITY, random }) {
    this.free = new Array(slots).fill(0);
    Object.assign(this, { serviceMs, maxQueueMs, random });
  }
  #service() {
    const s = this.serviceMs;
    return Array.isArray(s) ? s[0] + this.random() * (s[1] - s[0]) : s;
  }
  /** A call arriving at `at`: its start and end, or null when the queue is past its limit. */
  #admit(at, extraMs = 0) {
    let i = 0;
    for (let j = 1; j < this.free.length; j++) if (this.free[j] < this.free[i]) i = j;
    const start = Math.max(at, this.free[i]);
    if (start - at > this.maxQueueMs) {
      this.rejected++;
      return null;
    }
    const end = start + this.#service() + extraMs;
    this.free[i] = end;
    return { start, end };
  }
  #drain(upTo) {
    while (this.phantoms.size && this.phantoms.peek().at <= upTo) {
      const { at } = this.phantoms.pop();
      this.arrivals.add(at);
      this.#admit(at);
    }
  }
  /** A real call arriving now, repeated `copies` times within `windowMs`; `extraMs`: its own work beyond the service time. */
  arrive(at, copies, windowMs, extraMs = 0) {
    this.#drain(at);
    this.arrivals.add(at);
    for (let i = 0; i < copies; i++) this.phantoms.push({ at: at + this.random() * windowMs, seq: this.#seq++ });
    return this.#admit(at, extraMs);
  }
  reset() {
    this.arrivals = new PerSecond();
    this.rejected = 0;
  }
  finish(upTo = Number.POSITIVE_INFINITY) {
    this.#drain(upTo);
  }
}

/** One KV namespace: every version of every key, with when and where it was written. */
class CentralKV {
  versions = new Map();
  lastWrite = new Map();
  writes = 0;
  rejected = 0;
  violations = [];
  constructor(clock, maxDelayMs) {
    this.clock = clock;
    this.maxDelayMs = maxDelayMs;
  }
  write(key, bytes, metadata, location) {
    // One write a second per key (developers.cloudflare.com/kv/platform/limits/).
    if (this.clock.now - (this.lastWrite.get(key) ?? Number.NEGATIVE_INFINITY) < 1000) {
      this.rejected++;
      throw new Error('KV PUT failed: 429 Too Many Requests');
    }
    this.lastWrite.set(key, this.clock.now);
    const list = this.versions.get(key) ?? [];
    const last = list.at(-1);
    if (last && older(decoder.decode(bytes), decoder.decode(last.bytes)))
      this.violations.push({ store: 'kv', key, location, at: this.clock.now });
    const version = { bytes, metadata, at: this.clock.now, from: location };
    list.push(version);
    const seenEverywhere = list.findLastIndex((v) => v.at + this.maxDelayMs <= this.clock.now);
    if (seenEverywhere > 0) list.splice(0, seenEverywhere);
    this.versions.set(key, list);
    this.writes++;
    return version;
  }
  visible(key, location, delayMs) {
    const list = this.versions.get(key) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const v = list[i];
      if ((v.from === location ? v.at : v.at + delayMs) <= this.clock.now) return v.deleted ? null : v;
    }
    return null;
  }
}

/** A location's view of the namespace: its propagation delay, its read cache, its latencies. */
class KVView {
  readCache = new Map();
  /** Reads asked of KV (each is billed, whether the location's read cache answered or not). */
  reads = 0;
  constructor(central, site, clock, model, op) {
    Object.assign(this, { central, site, clock, model, op });
  }
  async getWithMetadata(key, options) {
    const type = (typeof options === 'string' ? options : options?.type) ?? 'text';
    this.reads++;
    const now = this.clock.now;
    let cached = this.readCache.get(key);
    const hot = cached && cached.until > now;
    await this.op('kv', () => this.clock.wait(hot ? this.model.kv.hotMs : this.model.kv.coldMs + this.site.rtt / 2));
    if (!hot) {
      cached = { version: this.central.visible(key, this.site.name, this.site.kvDelayMs), until: now + KV_CACHE_TTL_MS };
      this.readCache.set(key, cached);
    }
    const v = cached.version;
    if (!v || v.deleted) return { value: null, metadata: null, cacheStatus: null };
    const value =
      type === 'json' ? JSON.parse(decoder.decode(v.bytes)) : type === 'arrayBuffer' ? v.bytes.slice(0).buffer : decoder.decode(v.bytes);
    return { value, metadata: v.metadata === null ? null : JSON.parse(v.metadata), cacheStatus: null };
  }
  async get(key, options) {
    return (await this.getWithMetadata(key, options)).value;
  }
  async put(key, value, options = {}) {
    const bytes =
      typeof value === 'string'
        ? encoder.encode(value)
        : new Uint8Array(value.buffer ? value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) : value);
    await this.op('kv', () => this.clock.wait(this.model.kv.writeMs + this.site.rtt / 2));
    const version = this.central.write(key, bytes, options.metadata == null ? null : JSON.stringify(options.metadata), this.site.name);
    this.readCache.set(key, { version, until: this.clock.now + KV_CACHE_TTL_MS });
  }
  async delete(key) {
    const version = this.central.write(key, new Uint8Array(), null, this.site.name);
    version.deleted = true;
    this.readCache.set(key, { version: null, until: this.clock.now + KV_CACHE_TTL_MS });
  }
}

/** A location's Cache API: by URL, max-age on the virtual clock, puts checked like KV's writes. */
class LocationCache {
  entries = new Map();
  puts = 0;
  constructor(site, clock, model, violations, op) {
    Object.assign(this, { site, clock, model, violations, op });
  }
  async match(request) {
    await this.op('cache', () => this.clock.wait(this.model.cacheMs));
    const key = typeof request === 'string' ? request : request.url;
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= this.clock.now) return undefined;
    return new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers });
  }
  async put(request, response) {
    const key = typeof request === 'string' ? request : request.url;
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1] ?? 0);
    const body = new Uint8Array(await response.arrayBuffer());
    await this.op('cache', () => this.clock.wait(this.model.cacheMs));
    const previous = this.entries.get(key);
    if (previous && previous.expires > this.clock.now && older(decoder.decode(body), decoder.decode(previous.body)))
      this.violations.push({ store: 'cache', key, location: this.site.name, at: this.clock.now });
    this.puts++;
    if (maxAge > 0)
      this.entries.set(key, { body, status: response.status, headers: [...response.headers], expires: this.clock.now + maxAge * 1000 });
  }
  async delete(request) {
    return this.entries.delete(typeof request === 'string' ? request : request.url);
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The production bundle of the worker under `root`, its clocks and timers on the simulation's. */
async function bundle(root) {
  const outdir = await mkdtemp(join(tmpdir(), 'ffr-edge-sim-'));
  const file = `${outdir}/worker.mjs`;
  await build({
    ...productionBuildOptions,
    absWorkingDir: root,
    entryPoints: [`${root}src/index.ts`],
    outfile: file,
    define: {
      ...productionBuildOptions.define,
      'Date.now': '__edgeSimNow',
      scheduler: '__edgeSimScheduler',
      setTimeout: '__edgeSimSetTimeout',
      clearTimeout: '__edgeSimClearTimeout',
      'AbortSignal.timeout': '__edgeSimTimeout',
      'Math.random': '__edgeSimRandom',
    },
    plugins: [
      {
        name: 'cloudflare-workers-shim',
        setup(b) {
          b.onResolve({ filter: /^cloudflare:(workers|sockets)$/ }, (args) => ({
            path: `${projectRoot}scripts/lib/${args.path.replace(':', '-')}-shim.mjs`,
          }));
        },
      },
    ],
  });
  return { file, dispose: () => rm(outdir, { recursive: true, force: true }) };
}

/** Percentile of a list of numbers (nearest rank); 0 for none. */
export function percentile(values, p) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The largest of many numbers (a spread would overflow the stack), 0 for none. */
const maxOf = (values) => values.reduce((m, x) => Math.max(m, x), 0);

/** Length of the union of intervals [from, to] clipped to [lo, hi]. */
function covered(intervals, lo, hi) {
  const parts = intervals
    .map(([a, b]) => [Math.max(a, lo), Math.min(b, hi)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = lo;
  for (const [a, b] of parts) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/**
 * Runs one scenario. `locations`: [{ name, rtt, isolates, rate (views a second per isolate),
 * weight = 1, kvDelayMs = 0 }]; `scenario(plan)` schedules publishes and faults. Resolves with
 * the report.
 */
export async function simulate({
  locations,
  posts: postCount = 12,
  seed = 31,
  start = Date.parse('2026-11-22T08:00:00Z'),
  durationMs,
  scenario = () => {},
  root = projectRoot,
  bindings = {},
  model: overrides = {},
  warm = true,
}) {
  dropWorkerLogLines();
  // The request log line says how long the request waited for the purge marks (tags.server.ts).
  // Each rendered answer's line, views' and background re-renders' alike, says when (renders below).
  const consoleLog = console.log;
  const renderLines = [];
  console.log = (first, ...rest) => {
    if (typeof first === 'string' && first.startsWith('{"level":"info","event":"request"')) {
      if (RENDERED_LINE.test(first)) renderLines.push(clock.now);
      const record = first.includes('"marks"') ? als.getStore()?.record : undefined;
      if (record) record.marksWaitedMs = JSON.parse(first).marks?.waitedMs;
    }
    consoleLog(first, ...rest);
  };
  const model = { ...DEFAULT_MODEL, ...overrides };
  model.tiers = { ...DEFAULT_MODEL.tiers, ...overrides.tiers };
  model.object = { ...DEFAULT_MODEL.object, ...overrides.object };
  const random = mulberry32(seed);
  const clock = new VirtualClock(start);
  const als = new AsyncLocalStorage();
  const saved = {
    now: globalThis.__edgeSimNow,
    scheduler: globalThis.__edgeSimScheduler,
    setTimeout: globalThis.__edgeSimSetTimeout,
    clearTimeout: globalThis.__edgeSimClearTimeout,
    timeout: globalThis.__edgeSimTimeout,
    caches: globalThis.caches,
    fetch: globalThis.fetch,
  };
  const realFetch = globalThis.fetch;

  // Real I/O in flight (the local upstream): the clock waits for it.
  let realPending = 0;
  const real = (promise) => {
    realPending++;
    return promise.finally(() => realPending--);
  };

  globalThis.__edgeSimNow = () => clock.now;
  globalThis.__edgeSimScheduler = { wait: (ms) => clock.wait(ms) };
  globalThis.__edgeSimSetTimeout = (fn, ms = 0, ...args) => clock.at(ms, () => fn(...args));
  globalThis.__edgeSimClearTimeout = (entry) => {
    if (entry && typeof entry === 'object') entry.cancelled = true;
  };
  globalThis.__edgeSimTimeout = (ms) => {
    const controller = new AbortController();
    clock.at(ms, () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')));
    return controller.signal;
  };
  globalThis.caches = {
    get default() {
      return als.getStore().site.cache;
    },
    async open() {
      return als.getStore().site.cache;
    },
  };

  /** A modelled operation of the current request (its interval kept while the request is open). */
  const op = async (kind, work) => {
    const from = clock.now;
    try {
      return await work();
    } finally {
      const record = als.getStore()?.record;
      if (record && record.respondedAt === undefined) record.ops.push([kind, from, clock.now]);
    }
  };
  const abortable = (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const entry = clock.at(ms, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      const onAbort = () => {
        entry.cancelled = true;
        reject(signal.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  /** One leg of a round trip between `site` and Western Europe, with its jitter and tail. */
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const leg = (site) => {
    const { sd, tailShare, tailMax } = model.jitter;
    const tail = random() < tailShare ? random() * tailMax : 0;
    return Math.round((site.rtt / 2) * (1 + Math.abs(gauss()) * sd + tail));
  };
  // The worker's own randomness (a refresh's stagger) on the run's seed: a run is repeatable.
  const saveRandom = globalThis.__edgeSimRandom;
  globalThis.__edgeSimRandom = mulberry32(seed ^ 0x5eed);

  try {
    await access(`${projectRoot}public/assets/manifest.json`);
  } catch {
    await buildClient();
  }
  const upstreamPort = await freePort();
  const upstream = await startUpstream({ port: upstreamPort, quiet: true, workerUrl: ORIGIN, now: new Date(start), pinned: true });
  const worker = await bundle(root);
  const central = new CentralKV(clock, Math.max(...locations.map((l) => l.kvDelayMs ?? 0)));
  const cacheViolations = [];
  const faults = { objectDown: false, slowMs: 0, wordpressDown: false, cut: new Set(), cutWindows: [] };
  const object = new Service({ slots: 1, serviceMs: model.object.serviceMs, maxQueueMs: model.object.maxQueueMs, random });
  const wordpress = new Service({ slots: model.wordpress.concurrency, serviceMs: model.wordpress.serviceMs, random });
  const objectCalls = {};
  const objectByMethod = {};
  /** Lease calls by what they carry: claims, releases, or both (a release travelling with claims). */
  const leaseKinds = {};
  const leaseSites = {};
  const wordpressReal = { calls: 0, timeouts: 0, paths: new Map() };
  const vars = Object.fromEntries(
    Object.entries(parseDevVars(await readFile(`${projectRoot}.dev.vars.example`, 'utf8'))).map(([k, v]) => [
      k,
      v.replaceAll('127.0.0.1:8790', `127.0.0.1:${upstreamPort}`),
    ]),
  );
  const allow = { limit: async () => ({ success: true }) };
  // The locations a simulated one stands for act within a second of it, or within the time between
  // two of their readers' requests when that is longer (quiet ones).
  const phantomWindow = (site) => Math.min(3000, Math.max(1000, 1000 / Math.max(site.rate, 0.001)));
  // The warm-up fills every cache once, the simulated locations only: its calls are not counted.
  let measuring = false;

  const sites = [];
  /** WordPress's answers, with when each call reached it, its tags and how many it stands for (calls per purged resource). */
  const originCalls = [];
  const keyOf = (url) => `${url.pathname}${url.search}`;
  const tagsOf = (init) => (init?.cf?.cacheTags ?? []).map((t) => t.toLowerCase());
  const tagsByKey = new Map();

  /** A call reaching WordPress from `site` (`fromTier`: from the upper tier, next to it: no trip, no weight). */
  const atOrigin = async (site, input, init, signal, { fromTier = false } = {}) => {
    if (!fromTier) await abortable(leg(site), signal);
    const copies = measuring && !fromTier ? site.weight - 1 : 0;
    const slot = wordpress.arrive(clock.now, copies, phantomWindow(site));
    if (faults.wordpressDown) {
      if (!fromTier) await abortable(leg(site), signal);
      throw new TypeError('fetch failed (connection refused)');
    }
    wordpressReal.calls++;
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    // A call asked past the cache carries no tags: those its URL had through the tiers.
    const tags = tagsOf(init).length ? tagsOf(init) : (tagsByKey.get(keyOf(url)) ?? []);
    if (measuring) originCalls.push({ at: clock.now, key: keyOf(url), tags, count: copies + 1 });
    try {
      await abortable(slot.start - clock.now, signal);
    } catch (error) {
      wordpressReal.timeouts++;
      throw error;
    }
    const { cf, cache, ...plain } = init ?? {};
    const res = await real(realFetch(input, { ...plain, signal: undefined }));
    const body = await real(res.arrayBuffer());
    const answeredAt = clock.now;
    await abortable(slot.end - clock.now + (fromTier ? 0 : leg(site)), signal);
    return { body, status: res.status, headers: [...res.headers], originAt: answeredAt };
  };
  const asResponse = (copy, cacheStatus) =>
    new Response(copy.body, {
      status: copy.status,
      headers: [
        ...copy.headers.filter(([name]) => name !== 'content-length'),
        ...(cacheStatus === 'HIT' ? [['age', String(Math.floor((clock.now - copy.originAt) / 1000))]] : []),
        ['cf-cache-status', cacheStatus],
      ],
    });

  // Cloudflare's tiers (model.tiers): per location a lower tier, one upper tier; copies by URL.
  const upper = { copies: new Map(), inFlight: new Map() };
  const tierStats = { lowerHits: 0, upperHits: 0, originFills: 0, pastTheCache: 0, purgeCalls: 0, purgeLimited: 0, purgedTags: 0 };
  const current = (tier, key) => {
    const copy = tier.copies.get(key);
    return copy && clock.now < copy.keptUntil ? copy : undefined;
  };
  /** The upper tier's copy of `key`, fetched from WordPress once for every concurrent miss. */
  const fromUpper = (site, key, input, init) => {
    const found = current(upper, key);
    if (found) {
      tierStats.upperHits++;
      return Promise.resolve(found);
    }
    let filling = upper.inFlight.get(key);
    if (!filling) {
      tierStats.originFills++;
      filling = atOrigin(site, input, init, undefined, { fromTier: true })
        .then((copy) => {
          const kept = { ...copy, tags: tagsOf(init), keptUntil: clock.now + init.cf.cacheTtl * 1000 };
          if (copy.status === 200) upper.copies.set(key, kept);
          return kept;
        })
        .finally(() => upper.inFlight.delete(key));
      upper.inFlight.set(key, filling);
    }
    return filling;
  };
  const throughTiers = async (site, input, init, signal) => {
    const key = keyOf(new URL(typeof input === 'string' || input instanceof URL ? input : input.url));
    tagsByKey.set(key, tagsOf(init));
    const lower = (site.tier ??= { copies: new Map(), inFlight: new Map() });
    await abortable(model.tiers.lookupMs, signal);
    const found = current(lower, key);
    if (found) {
      tierStats.lowerHits++;
      return asResponse(found, 'HIT');
    }
    let filling = lower.inFlight.get(key);
    const first = !filling;
    if (!filling) {
      // The lower tier asks the upper one, in Western Europe, whoever waits for it.
      filling = (async () => {
        await clock.wait(leg(site));
        const copy = await fromUpper(site, key, input, init);
        await clock.wait(leg(site));
        const kept = { ...copy, keptUntil: clock.now + init.cf.cacheTtl * 1000 };
        if (copy.status === 200) lower.copies.set(key, kept);
        return kept;
      })().finally(() => lower.inFlight.delete(key));
      lower.inFlight.set(key, filling);
    }
    const copy = await new Promise((resolve, reject) => {
      filling.then(resolve, reject);
      if (signal) signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    // The request that filled the tiers from WordPress gets a MISS (no Age); the others a HIT.
    return asResponse(copy, first && clock.now - copy.originAt < 2 * leg(site) + 50 ? 'MISS' : 'HIT');
  };

  // The zone purge API (model.tiers.bucket), answered as Cloudflare does (dev/cloudflare/purge.ts).
  const bucket = { tokens: model.tiers.bucket.size, at: null };
  const purgeApi = async (site, init, signal) => {
    await abortable(leg(site), signal);
    const { perSecond, size } = model.tiers.bucket;
    bucket.at ??= clock.now;
    bucket.tokens = Math.min(size, bucket.tokens + ((clock.now - bucket.at) / 1000) * perSecond);
    bucket.at = clock.now;
    const json = (status, body, headers = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    if (model.tiers.purgeApiDown) {
      await abortable(leg(site), signal);
      return json(503, { success: false, errors: [{ code: 10000, message: 'Service unavailable' }], messages: [], result: null });
    }
    if (bucket.tokens < 1) {
      tierStats.purgeLimited++;
      await abortable(leg(site), signal);
      const wait = Math.ceil((1 - bucket.tokens) / perSecond);
      return json(
        429,
        { success: false, errors: [{ code: 971, message: 'Please wait' }], messages: [], result: null },
        { 'retry-after': String(wait) },
      );
    }
    bucket.tokens -= 1;
    const tags = new Set(JSON.parse(init.body).tags.map((t) => t.toLowerCase()));
    tierStats.purgeCalls++;
    tierStats.purgedTags += tags.size;
    const { p50Ms, sd } = model.tiers.propagation;
    for (const tier of [upper, ...sites.map((x) => x.tier).filter(Boolean)]) {
      const delay = Math.round(p50Ms * Math.exp(gauss() * sd));
      clock.at(delay, () => {
        for (const [key, copy] of tier.copies) if (copy.tags.some((t) => tags.has(t))) tier.copies.delete(key);
      });
    }
    await abortable(leg(site), signal);
    return json(200, { success: true, errors: [], messages: [], result: { id: 'zone' } });
  };

  // WordPress and Cloudflare's API: the worker's calls to the local upstream go through the model.
  globalThis.fetch = async (input, init) => {
    const context = als.getStore();
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (!context || url.port !== String(upstreamPort)) return real(realFetch(input, init));
    const { site } = context;
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (url.pathname.startsWith('/client/v4/')) return op('zone-purge', () => purgeApi(site, init, signal));
    if (init?.cache === 'no-store' && measuring) tierStats.pastTheCache++;
    if (model.tiers.on && init?.cf?.cacheTags?.length && init.cache !== 'no-store')
      return op('wordpress', () => throughTiers(site, input, init, signal));
    return op('wordpress', async () => asResponse(await atOrigin(site, input, init, signal), 'DYNAMIC'));
  };

  // The purge object: one instance, reached from each location through its own namespace.
  let instance = null;
  let objectStorage = null;
  const readBytes = { reads: 0, total: 0 };
  /** The object's storage, with `preloadTags` marks of the last seven days already in it. */
  const preloaded = () => {
    const storage = new MemoryStorage();
    const week = 7 * 24 * 3600_000;
    const marks = {};
    for (let i = 0; i < model.object.preloadTags; i++)
      marks[`post:communique-de-presse-numero-${i}-de-la-federation`] = [Math.round(start - 60_000 - random() * (week - 120_000))];
    if (model.object.preloadTags > 0) storage.put('marks', marks);
    return storage;
  };
  const namespaceFor = (site, PurgeMarks) => ({
    idFromName: (name) => ({ name, toString: () => name }),
    get: () =>
      new Proxy(
        {},
        {
          get:
            (_, method) =>
            (...args) =>
              op('object', async () => {
                // Its storage outlives the instance: a restart (a deploy) loses only what it held in memory.
                objectStorage ??= preloaded();
                instance ??= new PurgeMarks({ storage: objectStorage, id: { name: 'marks' } }, { CACHE: site.kv });
                const context = als.getStore();
                await clock.wait(leg(site));
                if (faults.objectDown || faults.cut.has(site.name)) {
                  await clock.wait(leg(site));
                  throw new Error('Network connection lost.');
                }
                objectCalls[method] = (objectCalls[method] ?? 0) + 1;
                if (context?.isolate && method === 'read') context.isolate.reads++;
                const copies = method === 'mark' || !measuring ? 0 : site.weight - 1;
                (objectByMethod[method] ??= new PerSecond()).add(clock.now, copies + 1);
                if (method === 'lease') {
                  const kind = args[0].length && args[1].length ? 'both' : args[0].length ? 'claims' : 'releases';
                  (leaseKinds[kind] ??= new PerSecond()).add(clock.now, copies + 1);
                  (leaseSites[site.name] ??= new PerSecond()).add(clock.now, copies + 1);
                }
                // A read's size (the object's state on arrival) makes its service longer: serializing it.
                const bytes = method === 'read' ? JSON.stringify(await instance.read(...structuredClone(args))).length : 0;
                // Alike locations read on phases of their own: spread over the time since this
                // location's last read (one period), not bunched in the second after it.
                // An alike isolate's lease call comes when its own claims' window ends, drawn over
                // `leaseDrawMs` (tags.server.ts: 1 to 8 × PURGE_LEASE_BATCH_MS).
                const window =
                  method === 'read'
                    ? Math.min(3000, Math.max(1000, clock.now - (site.lastReadAt ?? 0)))
                    : method === 'lease'
                      ? Math.max(phantomWindow(site), model.object.leaseDrawMs)
                      : phantomWindow(site);
                if (method === 'read') site.lastReadAt = clock.now;
                const slot = object.arrive(clock.now, copies, window, (bytes / 1024) * model.object.readMsPerKB);
                if (!slot) {
                  await clock.wait(leg(site));
                  throw Object.assign(new Error('Durable Object is overloaded. Too many requests queued.'), { overloaded: true });
                }
                if (method === 'read') Object.assign(readBytes, { reads: readBytes.reads + 1, total: readBytes.total + bytes });
                await clock.wait(slot.end - clock.now);
                const result = structuredClone(await instance[method](...structuredClone(args)));
                await clock.wait(leg(site) + faults.slowMs);
                return result;
              }),
        },
      ),
  });

  try {
    let PurgeMarks;
    for (const [index, loc] of locations.entries()) {
      const site = { weight: 1, kvDelayMs: 0, ...loc, index, isolates: [] };
      site.kv = new KVView(central, site, clock, model, op);
      site.cache = new LocationCache(site, clock, model, cacheViolations, op);
      for (let i = 0; i < loc.isolates; i++) {
        const module = await import(`${pathToFileURL(worker.file).href}?location=${index}&isolate=${i}`);
        PurgeMarks ??= module.PurgeMarks;
        site.isolates.push({ worker: module.default, index: i, reads: 0, requests: 0 });
      }
      sites.push(site);
    }
    for (const site of sites) {
      site.env = {
        ENVIRONMENT: 'development',
        UPSTREAM_TIMEOUT_MS: '8000',
        ...vars,
        PUBLIC_ORIGIN: ORIGIN,
        SITE_NOW: new Date(start).toISOString(),
        ...bindings,
        CACHE: site.kv,
        ASSETS: { fetch: async () => new Response('Not found', { status: 404 }) },
        PURGE_MARKS: namespaceFor(site, PurgeMarks),
        FORM_LIMITER: allow,
        SIGNIN_LIMITER: allow,
        LOG_LIMITER: allow,
        PURGE_LIMITER: allow,
        PREVIEW_LIMITER: allow,
        ALERTS_QUEUE: memoryQueue(),
      };
    }

    // Nothing can progress without time: no real I/O in flight, microtasks drained.
    const quiesce = async () => {
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (realPending > 0) continue;
        await new Promise((resolve) => setImmediate(resolve));
        if (realPending === 0) return;
      }
    };

    // Background work still running, per request (its waitUntil): settled before the run ends.
    const background = new Set();
    const records = [];
    /** One request at one isolate; resolves once answered (its waitUntil work goes on). */
    const call = (site, isolate, request, record) =>
      new Promise((resolve) => {
        Object.defineProperty(request, 'cf', { value: { colo: site.name } });
        record.ops = [];
        record.at = clock.now;
        isolate.requests++;
        als.run({ site, isolate, record }, async () => {
          const pending = [];
          const ctx = {
            waitUntil: (p) => void pending.push(Promise.resolve(p).catch(() => undefined)),
            passThroughOnException() {},
            props: {},
          };
          let res;
          let text = '';
          try {
            res = await isolate.worker.fetch(request, site.env, ctx);
            text = await res.text();
            record.status = res.status;
            record.cache = res.headers.get('x-ffr-cache');
          } catch (error) {
            record.status = 599;
            record.error = String(error);
          }
          record.warm = record.cache === 'HIT' || record.cache === 'STALE';
          if (RENDERED.has(record.cache)) await op('render', () => clock.wait(model.renderMs));
          record.respondedAt = clock.now;
          record.revisions = revisions(text);
          if (record.kind === 'purge') record.body = text;
          resolve(record);
          const rest = Promise.allSettled(pending);
          background.add(rest);
          rest.finally(() => background.delete(rest));
        });
      });

    const isolateAt = (site) => site.isolates[Math.floor(random() * site.isolates.length)];
    const control = async (path, body) => {
      // A reset connection under load is retried: the control is the simulation's, not the measure.
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await real(
            realFetch(
              `${upstream.origin}/__control${path}`,
              body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
            ),
          );
          if (!res.ok) throw new Error(`${path} → ${res.status}`);
          return await real(res.json());
        } catch (error) {
          if (attempt >= 4 || !/fetch failed|ECONNRESET|socket/i.test(String(error?.cause ?? error))) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
        }
      }
    };
    const articles = (await control('/articles?status=publish')).filter((a) => !a.redirection).slice(0, postCount);
    const revision = new Map();
    for (const a of articles) {
      await control('/publish', { id: a.id, title: `Communiqué SIM_${a.id}_R0`, notify: false });
      revision.set(a.id, 0);
    }
    const pages = ['/', ...articles.map((a) => a.link)];
    const pickPage = () => (random() < model.homeShare ? '/' : pages[1 + Math.floor(random() * (pages.length - 1))]);

    // ── The plan: publishes and faults at virtual instants ──
    const events = [];
    const publishes = [];
    const plan = {
      start,
      posts: articles.map((a) => a.id),
      locations: sites.map((s) => s.name),
      /** Publishes a new revision of `post` at `at`; its purge reaches `via` (and again `repeatAfterMs` later). */
      publish(at, post, via, { repeatAfterMs } = {}) {
        events.push({ at, run: () => doPublish(post, via, repeatAfterMs) });
      },
      /** Publishes `post` with a purge naming `other` (a plugin naming the wrong post): the old text must be seen to stay. */
      publishMisnamed(at, post, other, via) {
        events.push({ at, run: () => doPublish(post, via, undefined, other) });
      },
      /** `location` cannot reach the object from `from` to `to`. */
      cutOff(location, from, to) {
        faults.cutWindows.push({ location, from, to });
        events.push({ at: from, run: () => faults.cut.add(location) });
        events.push({ at: to, run: () => faults.cut.delete(location) });
      },
      objectDown(from, to) {
        for (const location of sites.map((s) => s.name)) faults.cutWindows.push({ location, from, to });
        events.push({ at: from, run: () => (faults.objectDown = true) });
        events.push({ at: to, run: () => (faults.objectDown = false) });
      },
      objectSlow(from, to, ms) {
        events.push({ at: from, run: () => (faults.slowMs = ms) });
        events.push({ at: to, run: () => (faults.slowMs = 0) });
      },
      /** The object restarts at `at` (a deploy, a move): a new instance on the same storage. */
      objectRestart(at) {
        events.push({ at, run: () => (instance = null) });
      },
      /** Cloudflare's purge API answers 503 from `from` to `to`: the tiers keep their copies. */
      purgeApiDown(from, to) {
        events.push({ at: from, run: () => (model.tiers.purgeApiDown = true) });
        events.push({ at: to, run: () => (model.tiers.purgeApiDown = false) });
      },
      wordpressDown(from, to) {
        events.push({ at: from, run: () => (faults.wordpressDown = true) });
        events.push({ at: to, run: () => (faults.wordpressDown = false) });
      },
    };
    scenario(plan);

    let purgeToAck = 0;
    let nonces = 0;
    function deliver(record, body, via, attempt) {
      const site = sites.find((s) => s.name === via);
      // From WordPress (Western Europe) to the location it reaches, signed on arrival's second as the plugin signs.
      clock.at(leg(site) + 20, () => {
        const timestamp = String(Math.floor(clock.now / 1000));
        // A nonce per send, as the plugin adds: the site takes a signature once.
        const sent = JSON.stringify({ ...JSON.parse(body), nonce: `${via}-${attempt}-${++nonces}` });
        const signature = signPurgeBody(sent, vars.PURGE_SECRET, timestamp);
        const request = new Request(`${ORIGIN}/api/purge`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ffr-signature': signature, 'x-ffr-timestamp': timestamp },
          body: sent,
        });
        const sentAt = clock.now;
        call(site, isolateAt(site), request, { kind: 'purge' }).then(({ status, body: answer }) => {
          if (status === 200) purgeToAck = Math.max(purgeToAck, clock.now - sentAt);
          if (status === 200) record.tags ??= JSON.parse(answer).purged;
          record.deliveries.push({ at: clock.now, via, status });
          if (status === 200) record.ackAt ??= clock.now;
          else if (attempt < RETRY_MINUTES.length)
            events.push({ at: clock.now + RETRY_MINUTES[attempt] * 60_000, run: () => deliver(record, body, via, attempt + 1) });
        });
      });
    }
    async function doPublish(post, via, repeatAfterMs, purgeAs) {
      const rev = revision.get(post) + 1;
      revision.set(post, rev);
      const { purge } = await control('/publish', { id: post, title: `Communiqué SIM_${post}_R${rev}`, notify: false });
      const record = { post, rev, at: clock.now, via, ackAt: null, deliveries: [] };
      publishes.push(record);
      let body = purge.body;
      if (purgeAs !== undefined) {
        const other = articles.find((a) => a.id === purgeAs);
        const parsed = JSON.parse(body);
        body = JSON.stringify({ ...parsed, post: { ...parsed.post, id: other.id, slug: other.slug } });
      }
      deliver(record, body, via, 0);
      if (repeatAfterMs !== undefined) events.push({ at: clock.now + repeatAfterMs, run: () => deliver(record, body, via, 0) });
    }

    const view = (site, isolate, path, kind = 'view') => {
      const headers = { accept: 'text/html', ...(kind === 'prefetch' ? { 'sec-purpose': 'prefetch' } : {}) };
      const record = { kind, location: site.name, site, isolate: isolate.index, path };
      records.push(record);
      return call(site, isolate, new Request(`${ORIGIN}${path}`, { headers }), record);
    };

    // ── Arrivals: Poisson per isolate, some views followed by prefetches ──
    const arrivals = new Heap();
    let seq = 0;
    const end = start + durationMs;
    for (const site of sites) {
      for (const isolate of site.isolates) {
        if (!(site.rate > 0)) continue;
        for (let t = start + (-Math.log(1 - random()) * 1000) / site.rate; t < end; t += (-Math.log(1 - random()) * 1000) / site.rate) {
          const path = pickPage();
          arrivals.push({ at: Math.round(t), seq: seq++, site, isolate, path, kind: 'view' });
          if (random() < model.prefetch.share)
            for (let k = 1; k <= model.prefetch.count; k++)
              arrivals.push({
                at: Math.round(t + k * model.prefetch.gapMs),
                seq: seq++,
                site,
                isolate,
                path: pickPage(),
                kind: 'prefetch',
              });
        }
      }
    }

    const runUntil = async (until, { arrive = true } = {}) => {
      for (;;) {
        await quiesce();
        const next = Math.min(
          arrive && arrivals.size ? arrivals.peek().at : Number.POSITIVE_INFINITY,
          events.length ? Math.min(...events.map((e) => e.at)) : Number.POSITIVE_INFINITY,
          clock.next(),
        );
        if (next > until) break;
        clock.now = Math.max(clock.now, next);
        clock.wake();
        while (arrive && arrivals.size && arrivals.peek().at <= clock.now) {
          const a = arrivals.pop();
          view(a.site, a.isolate, a.path, a.kind);
        }
        const due = events.filter((e) => e.at <= clock.now).sort((a, b) => a.at - b.at);
        for (const e of due) events.splice(events.indexOf(e), 1);
        for (const e of due) await e.run();
      }
      clock.now = Math.max(clock.now, until);
    };

    // Warm: every page once at every isolate, on the clock, before the measure starts.
    if (warm) {
      for (const site of sites) for (const isolate of site.isolates) for (const path of pages) view(site, isolate, path, 'warm');
      const warmed = records.length;
      await runUntil(start, { arrive: false });
      // Let the writes settle (leases, KV), still before the start.
      while (records.slice(0, warmed).some((r) => r.respondedAt === undefined)) await runUntil(clock.now + 1000, { arrive: false });
      await runUntil(clock.now + 3000, { arrive: false });
      records.length = 0;
    }
    const measuredFrom = clock.now;
    measuring = true;
    object.reset();
    wordpress.reset();
    for (const key of Object.keys(objectCalls)) delete objectCalls[key];
    for (const key of Object.keys(objectByMethod)) delete objectByMethod[key];
    for (const key of Object.keys(leaseKinds)) delete leaseKinds[key];
    for (const key of Object.keys(leaseSites)) delete leaseSites[key];
    Object.assign(wordpressReal, { calls: 0, timeouts: 0 });
    for (const key of Object.keys(tierStats)) tierStats[key] = 0;
    Object.assign(readBytes, { reads: 0, total: 0 });
    for (const site of sites) for (const isolate of site.isolates) Object.assign(isolate, { reads: 0, requests: 0 });
    for (const site of sites) site.kv.reads = 0;
    const writesBeforeMeasure = central.writes;
    // The warm-up took virtual time: the readers' schedule starts from it.
    const shift = measuredFrom - start;
    if (shift > 0) {
      for (const a of arrivals.items) a.at += shift;
      for (const e of events) e.at += shift;
      for (const w of faults.cutWindows) {
        w.from += shift;
        w.to += shift;
      }
    }
    await runUntil(end + shift);
    // Last look, once every publish had time to settle: every page at every location.
    await runUntil(clock.now + 10_000, { arrive: false });
    for (const site of sites) for (const path of pages) view(site, site.isolates[0], path, 'last');
    while (records.some((r) => r.respondedAt === undefined)) await runUntil(clock.now + 1000, { arrive: false });
    object.finish();
    wordpress.finish();

    return report({
      writesBeforeMeasure,
      originCalls,
      tierStats,
      tiersOn: model.tiers.on,
      purgeToAck,
      records,
      publishes,
      sites,
      pages,
      central,
      cacheViolations,
      objectCalls,
      objectByMethod,
      leaseKinds,
      leaseSites,
      renderLines,
      wordpressReal,
      readBytes,
      object,
      wordpress,
      faults,
      measuredFrom,
      durationMs,
      boundMs: Number(bindings.PURGE_BOUND_MS ?? vars.PURGE_BOUND_MS ?? 3000),
    });
  } finally {
    await worker.dispose();
    await upstream.close();
    Object.assign(globalThis, {
      __edgeSimNow: saved.now,
      __edgeSimScheduler: saved.scheduler,
      __edgeSimSetTimeout: saved.setTimeout,
      __edgeSimClearTimeout: saved.clearTimeout,
      __edgeSimTimeout: saved.timeout,
      caches: saved.caches,
      fetch: saved.fetch,
      __edgeSimRandom: saveRandom,
    });
    console.log = consoleLog;
  }
}

/** Near: under 50 ms from Western Europe; busy: an isolate with at least one view a second. */
const classOf = (site) => `${site.rtt < 50 ? 'near' : 'far'}${site.rate >= 1 ? 'Busy' : 'Quiet'}`;

/**
 * WordPress calls per purged resource, per publish: the calls made in the 15 s after a publish for
 * URLs carrying one of its tags (the weight's repetitions included), over how many such URLs were
 * asked for. The worst publish of the run.
 */
function callsPerPurgedResource(originCalls, publishes) {
  let worst = 0;
  for (const p of publishes) {
    if (!p.tags) continue;
    const tags = new Set(p.tags.map((t) => `ffr-presse:${t}`.toLowerCase()));
    const calls = originCalls.filter((c) => c.at >= p.at && c.at < p.at + 15_000 && c.tags.some((t) => tags.has(t)));
    const resources = new Set(calls.map((c) => c.key)).size;
    if (resources) worst = Math.max(worst, calls.reduce((n, c) => n + c.count, 0) / resources);
  }
  return Math.round(worst * 10) / 10;
}

function report({
  writesBeforeMeasure,
  originCalls,
  tierStats,
  tiersOn,
  purgeToAck,
  records,
  publishes,
  sites,
  pages,
  central,
  cacheViolations,
  objectCalls,
  objectByMethod,
  leaseKinds,
  leaseSites,
  renderLines,
  wordpressReal,
  readBytes,
  object,
  wordpress,
  faults,
  measuredFrom,
  durationMs,
  boundMs,
}) {
  const views = records.filter((r) => r.kind === 'view' || r.kind === 'prefetch');
  const finalViews = records.filter((r) => r.kind === 'last');
  // A location cut off from the object judges with its last-known marks (decision 016): what it
  // serves meanwhile, and for a bound after, is reported apart.
  const cutOffAt = (location, at) => faults.cutWindows.some((w) => w.location === location && at >= w.from && at <= w.to + boundMs + 2000);

  for (const v of views) {
    const latency = v.respondedAt - v.at;
    const own = v.ops.filter(([kind]) => kind !== 'object').map(([, a, b]) => [a, b]);
    const objectOps = v.ops.filter(([kind]) => kind === 'object').map(([, a, b]) => [a, b]);
    // A warm hit waits on KV, the cache and the marks only: what its own KV and cache work does not
    // cover is the object's (its own read, or another request's it shares). A render may also wait
    // on a WordPress call another request started: only its own object calls count, and the wait for
    // the marks the worker logs (observability/log.server.ts, `marks.waitedMs`).
    v.objectWaitMs = v.warm
      ? Math.max(0, latency - covered(own, v.at, v.respondedAt))
      : Math.max(covered([...own, ...objectOps], v.at, v.respondedAt) - covered(own, v.at, v.respondedAt), v.marksWaitedMs ?? 0);
    v.class = classOf(v.site);
  }

  // The bound after an acknowledgement, and late views.
  let boundAfterAckMs = 0;
  const late = [];
  const lateWhileCutOff = [];
  for (const p of publishes) {
    if (p.ackAt === null) continue;
    for (const v of views) {
      const shown = v.revisions[p.post];
      if (shown !== undefined && shown < p.rev && v.at >= p.ackAt) {
        const entry = { post: p.post, rev: p.rev, shown, location: v.location, path: v.path, cache: v.cache, afterAckMs: v.at - p.ackAt };
        if (cutOffAt(v.location, v.at)) lateWhileCutOff.push(entry);
        else {
          boundAfterAckMs = Math.max(boundAfterAckMs, v.respondedAt - p.ackAt);
          late.push(entry);
        }
      }
    }
  }
  // Publish-to-visible, per publish and location that viewed the post: until its last view of an older revision.
  const toVisible = [];
  for (const p of publishes) {
    for (const site of sites) {
      const seen = views.filter((v) => v.location === site.name && v.at >= p.at && v.revisions[p.post] !== undefined);
      if (!seen.length || seen.some((v) => cutOffAt(v.location, v.at))) continue;
      const oldOnes = seen.filter((v) => v.revisions[p.post] < p.rev);
      toVisible.push(oldOnes.length ? maxOf(oldOnes.map((v) => v.respondedAt)) - p.at : 0);
    }
  }
  // Resurrections and early glimpses: per location, page and post, an older revision after a newer one.
  let resurrections = 0;
  let earlyGlimpses = 0;
  const glimpses = [];
  const revived = [];
  const highest = new Map();
  const byPost = (post) => publishes.filter((p) => p.post === post && p.ackAt !== null);
  for (const v of [...views].sort((a, b) => a.respondedAt - b.respondedAt)) {
    for (const [post, rev] of Object.entries(v.revisions)) {
      const key = `${v.location} ${v.path} ${post}`;
      const seen = highest.get(key);
      if (seen !== undefined && rev < seen) {
        // A resurrection once a revision newer than the one shown was acknowledged; before, a glimpse.
        const acked = byPost(Number(post)).some((p) => p.rev > rev && p.rev <= seen && p.ackAt <= v.at);
        if (acked && !cutOffAt(v.location, v.at)) {
          resurrections++;
          revived.push({
            post: Number(post),
            shown: rev,
            before: seen,
            location: v.location,
            path: v.path,
            cache: v.cache,
            at: v.at - measuredFrom,
          });
        } else {
          earlyGlimpses++;
          glimpses.push({ post: Number(post), shown: rev, before: seen, location: v.location, path: v.path, cache: v.cache, at: v.at });
        }
      }
      highest.set(key, Math.max(seen ?? -1, rev));
    }
  }
  const lost = publishes.filter(
    (p) => p.ackAt === null || finalViews.some((v) => v.revisions[p.post] !== undefined && v.revisions[p.post] < p.rev),
  );

  const classes = ['nearBusy', 'farBusy', 'nearQuiet', 'farQuiet'];
  const inClass = (c, list = views) => list.filter((v) => v.class === c);
  const round = (x) => Math.round(x * 10) / 10;
  const share = (list) => (list.length ? round((100 * list.filter((v) => v.objectWaitMs > 0).length) / list.length) / 100 : 0);
  const warmOf = (kind) => views.filter((v) => v.warm && (kind === 'busy' ? v.site.rate >= 1 : v.site.rate < 1));
  const seconds = durationMs / 1000;
  return {
    views: views.length,
    publishes: publishes.length,
    acknowledged: publishes.filter((p) => p.ackAt !== null).length,
    publishToVisibleP50Ms: percentile(toVisible, 50),
    publishToVisibleP99Ms: percentile(toVisible, 99),
    publishToVisibleMaxMs: maxOf(toVisible),
    boundAfterAckMs,
    /** Views of an older revision after its publish was acknowledged, at locations that reach the object. */
    lateAfterAck: late.length,
    resurrections,
    earlyGlimpses,
    lostPurges: lost.length,
    storeViolations: central.violations.length + cacheViolations.length,
    serverErrors: views.filter((v) => v.status >= 500).length,
    uncachedAtEnd: finalViews.filter((v) => v.cache !== 'HIT' && v.cache !== 'STALE').length,
    lateWhileCutOff: lateWhileCutOff.length,
    purgeToAckMs: purgeToAck,
    objectPeakRps: object.arrivals.peak(),
    /** At the object's busiest second: how many of each call (a second's window, rounded). */
    objectPeakSecond: (() => {
      const [second] = [...object.arrivals.counts].reduce((best, e) => (e[1] > best[1] ? e : best), [0, 0]);
      // Which second of the run (from its measured start), and the sites' calls in it.
      const leaseBySite = Object.fromEntries(
        Object.entries(leaseSites).map(([name, c]) => [name, (c.counts.get(second) ?? 0) + (c.counts.get(second - 1) ?? 0)]),
      );
      return {
        ...Object.fromEntries(
          Object.entries({ ...objectByMethod, ...leaseKinds }).map(([m, c]) => [
            m,
            (c.counts.get(second) ?? 0) + (c.counts.get(second - 1) ?? 0),
          ]),
        ),
        at: second - Math.floor(measuredFrom / 1000),
        leaseBySite,
      };
    })(),
    /** Lease calls in all, by what they carry (claims, releases, both). */
    leaseCalls: Object.fromEntries(Object.entries(leaseKinds).map(([k, c]) => [k, c.total])),
    /** The most lease calls in one second (those of the locations a simulated one stands for included). */
    leasePeakRps: objectByMethod.lease?.peak() ?? 0,
    objectRequests: object.arrivals.total,
    objectOverloaded: object.rejected,
    wordpressPeakRps: wordpress.arrivals.peak(),
    /** At the worst publish, WordPress calls per resource it purged (decision 024: about one, not one per location and isolate). */
    wordpressCallsPerPurgedResource: callsPerPurgedResource(originCalls, publishes),
    /** Cloudflare's tiers in front of WordPress: hits at each tier, fills from WordPress, purge calls and 429s. */
    tiers: { on: tiersOn, ...tierStats },
    wordpressCalls: wordpress.arrivals.total,
    /** Calls from the simulated isolates themselves, and those the worker's deadline cut while queued. */
    wordpressOwnCalls: wordpressReal.calls,
    wordpressTimeouts: wordpressReal.timeouts,
    /** WordPress calls per window, for the ratio to a run without the fault. */
    wordpressCallsBetween: (from, to) => wordpress.arrivals.between(measuredFrom + from, measuredFrom + to),
    /** Views answered between two instants (ms from the start), and those in 5xx. */
    viewsBetween: (from, to) => {
      const within = (at) => at >= measuredFrom + from && at < measuredFrom + to;
      const during = views.filter((v) => within(v.at));
      return {
        views: during.length,
        /** Pages rendered behind the answers (a stale copy's re-render): every rendered line less the views rendered. */
        rendersBehind: renderLines.filter(within).length - during.filter((v) => RENDERED.has(v.cache)).length,
        serverErrors: during.filter((v) => v.status >= 500).length,
        notServed: during.filter((v) => v.status !== 200).length,
      };
    },
    waitingShare: { busy: share(warmOf('busy')), quiet: share(warmOf('quiet')) },
    addedLatencyP50Ms: Object.fromEntries(
      classes.map((c) => [
        c,
        percentile(
          inClass(c).map((v) => v.objectWaitMs),
          50,
        ),
      ]),
    ),
    addedLatencyP99Ms: Object.fromEntries(
      classes.map((c) => [
        c,
        percentile(
          inClass(c).map((v) => v.objectWaitMs),
          99,
        ),
      ]),
    ),
    addedLatencyMeanMs: Object.fromEntries(
      classes.map((c) => {
        const list = inClass(c);
        return [c, list.length ? round(list.reduce((n, v) => n + v.objectWaitMs, 0) / list.length) : 0];
      }),
    ),
    maxObjectWaitMs: maxOf(views.map((v) => v.objectWaitMs)),
    slowest: views
      .filter((v) => v.objectWaitMs > 0)
      .sort((a, b) => b.objectWaitMs - a.objectWaitMs)
      .slice(0, 3)
      .map((v) => ({
        location: v.location,
        at: v.at - measuredFrom,
        wait: v.objectWaitMs,
        cache: v.cache,
        ops: v.ops.map(([k, a, b]) => `${k}:${a - v.at}-${b - v.at}`).join(' '),
        latency: v.respondedAt - v.at,
      })),
    /** What one read of the marks carries, on average (bytes of JSON). */
    objectReadBytesMean: readBytes.reads ? Math.round(readBytes.total / readBytes.reads) : 0,
    /** Object reads a second per location, whatever its isolates (the busiest location). */
    objectReadsPerLocationPerSecond: round(maxOf(sites.map((s) => s.isolates.reduce((n, i) => n + i.reads, 0) / seconds))),
    /** The most isolates a busy location runs in this run. */
    isolatesPerBusyLocation: maxOf(sites.filter((s) => s.rate >= 1).map((s) => s.isolates.length)),
    /** Object reads a second, per isolate (the busiest of each class). */
    readsPerIsolatePerSecond: Object.fromEntries(
      classes.map((c) => [c, round(maxOf(sites.filter((s) => classOf(s) === c).flatMap((s) => s.isolates.map((i) => i.reads / seconds))))]),
    ),
    durableObjectCalls: objectCalls,
    /** What the month's bill counts, for the requests of this run and those its locations' weights stand for. */
    billed: {
      requests: views.reduce((n, v) => n + v.site.weight, 0),
      pageViews: views.filter((v) => v.kind === 'view').reduce((n, v) => n + v.site.weight, 0),
      kvReads: sites.reduce((n, s) => n + s.kv.reads * s.weight, 0),
      kvWrites: central.writes - writesBeforeMeasure,
      objectRequests: Object.fromEntries(Object.entries(objectByMethod).map(([m, c]) => [m, c.total])),
      zonePurgeCalls: tierStats.purgeCalls,
      publishes: publishes.length,
    },
    kvWrites: central.writes,
    kvWritesRefused: central.rejected,
    cachePuts: sites.reduce((n, s) => n + s.cache.puts, 0),
    locations: sites.map((s) => ({
      name: s.name,
      rtt: s.rtt,
      isolates: s.isolates.length,
      objectReadsPerSecond: round(s.isolates.reduce((n, i) => n + i.reads, 0) / seconds),
      rate: s.rate,
      weight: s.weight,
      kvDelayMs: s.kvDelayMs,
    })),
    pages: pages.length,
    durationMs,
    examples: {
      late: late.slice(0, 5),
      glimpses: glimpses.slice(0, 5),
      resurrections: revived.slice(0, 5),
      lost: lost.slice(0, 5).map(({ post, rev, via, ackAt, deliveries }) => ({ post, rev, via, ackAt, deliveries })),
      violations: [...central.violations, ...cacheViolations].slice(0, 5),
      errors: views
        .filter((v) => v.status >= 500)
        .slice(0, 5)
        .map((v) => ({ location: v.location, path: v.path, status: v.status, error: v.error })),
    },
  };
}
