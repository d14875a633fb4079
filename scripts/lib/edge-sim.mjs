// The worker on many Cloudflare locations at once, in one Node process, the way Jepsen tests a
// database (issue 31): what cannot run here is simulated from Cloudflare's documented behaviour.
//
//  - Locations, each with its isolates (the production bundle imported once per isolate, so each
//    has its own module state: memos, prepared copies), its Cache API (shared by its isolates) and
//    its view of Workers KV.
//  - Workers KV: one namespace. A write is visible at once where it was made, and at every other
//    location after that location's propagation delay (« up to 60 seconds or more »); a location
//    that read a key keeps that answer, found or not, for the read's cacheTtl (60 s, the default
//    and minimum), whatever was written since. developers.cloudflare.com/kv/concepts/how-kv-works/
//  - One Durable Object (the purge marks), reachable or not from each location.
//  - A virtual clock: the bundle's Date.now and scheduler.wait read it (esbuild define), the run
//    advances it tick by tick; requests take no virtual time.
//  - WordPress: the local upstream, in this process, edited through its publish control; each
//    publish's purge is signed at the virtual instant as the plugin signs it and delivered to one
//    location; an answer other than 200 is retried as the plugin retries (class-sender.php: after
//    1, 2, 4… minutes).
//  - Readers at every location, every tick, on the article pages of the posts under test and on
//    the home page. Every title under test carries `SIM_{post}_R{revision}`, so each view says
//    which revision of which post it shows.
//
// What it measures (report below): the bound (how long after a purge's acknowledgement a location
// still served an older revision), resurrections (a location serving an older revision than one
// it served before, once the newer one's purge was acknowledged), early glimpses (the same before
// the acknowledgement: WordPress shows a revision before it tells the site), lost purges (never
// acknowledged, or an older revision still served at the end), and store violations (a copy
// written over a copy holding a newer revision, in KV or in a location's cache).
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
import { memoryNamespace } from './memory-durable-object.mjs';
import { dropWorkerLogLines } from './node-worker.mjs';
import { parseDevVars, root as projectRoot } from './stack.mjs';
import { productionBuildOptions } from './worker-build.mjs';

const ORIGIN = 'http://presse.test';
const MARKER = /SIM_(\d+)_R(\d+)/g;
/** KV's read cache at a location (cacheTtl: 60 s, its default and minimum). */
const KV_CACHE_TTL_MS = 60_000;
const RETRY_MINUTES = [1, 2, 4, 8, 16];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Revisions shown, per post: { [postId]: revision } (the highest when a page shows one twice). */
function revisions(text) {
  const found = {};
  for (const [, post, rev] of text.matchAll(MARKER)) found[post] = Math.max(found[post] ?? -1, Number(rev));
  return found;
}

/** Whether `next` shows an older revision of some post than `previous` does. */
function older(next, previous) {
  const a = revisions(next);
  const b = revisions(previous);
  return Object.keys(a).some((post) => b[post] !== undefined && a[post] < b[post]);
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class VirtualClock {
  now;
  sleepers = [];
  constructor(start) {
    this.now = start;
  }
  wait(ms) {
    return new Promise((resolve) => this.sleepers.push({ until: this.now + Math.max(0, ms), resolve }));
  }
  wake() {
    const due = this.sleepers.filter((s) => s.until <= this.now);
    this.sleepers = this.sleepers.filter((s) => s.until > this.now);
    for (const s of due) s.resolve();
  }
}

/** One KV namespace: every version of every key, with when and where it was written. */
class CentralKV {
  versions = new Map();
  writes = 0;
  violations = [];
  constructor(clock, maxDelayMs) {
    this.clock = clock;
    this.maxDelayMs = maxDelayMs;
  }
  write(key, bytes, metadata, location) {
    const list = this.versions.get(key) ?? [];
    const last = list.at(-1);
    if (last && older(decoder.decode(bytes), decoder.decode(last.bytes)))
      this.violations.push({ store: 'kv', key, location, at: this.clock.now });
    const version = { bytes, metadata, at: this.clock.now, from: location };
    list.push(version);
    // A version every location can see hides everything before it: those are forgotten.
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

/** A location's view of the namespace: its propagation delay and its read cache. */
class KVView {
  readCache = new Map();
  constructor(central, location, delayMs, clock) {
    Object.assign(this, { central, location, delayMs, clock });
  }
  #read(key) {
    const now = this.clock.now;
    let cached = this.readCache.get(key);
    if (!cached || cached.until <= now) {
      cached = { version: this.central.visible(key, this.location, this.delayMs), until: now + KV_CACHE_TTL_MS };
      this.readCache.set(key, cached);
    }
    return cached.version;
  }
  #decode(bytes, type) {
    if (type === 'json') return JSON.parse(decoder.decode(bytes));
    if (type === 'arrayBuffer') return bytes.slice(0).buffer;
    return decoder.decode(bytes);
  }
  async get(key, options) {
    return (await this.getWithMetadata(key, options)).value;
  }
  async getWithMetadata(key, options) {
    const type = (typeof options === 'string' ? options : options?.type) ?? 'text';
    const v = this.#read(key);
    if (!v || v.deleted) return { value: null, metadata: null, cacheStatus: null };
    return { value: this.#decode(v.bytes, type), metadata: v.metadata === null ? null : JSON.parse(v.metadata), cacheStatus: null };
  }
  async put(key, value, options = {}) {
    const bytes =
      typeof value === 'string'
        ? encoder.encode(value)
        : new Uint8Array(value.buffer ? value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) : value);
    const version = this.central.write(key, bytes, options.metadata == null ? null : JSON.stringify(options.metadata), this.location);
    // Written here, read here at once (KV's documented same-location behaviour).
    this.readCache.set(key, { version, until: this.clock.now + KV_CACHE_TTL_MS });
  }
  async delete(key) {
    const version = this.central.write(key, new Uint8Array(), null, this.location);
    version.deleted = true;
    this.readCache.set(key, { version: null, until: this.clock.now + KV_CACHE_TTL_MS });
  }
}

/** A location's Cache API: by URL, max-age on the virtual clock, puts checked like KV's writes. */
class LocationCache {
  entries = new Map();
  puts = 0;
  constructor(location, clock, violations) {
    Object.assign(this, { location, clock, violations });
  }
  async match(request) {
    const key = typeof request === 'string' ? request : request.url;
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= this.clock.now) return undefined;
    return new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers });
  }
  async put(request, response) {
    const key = typeof request === 'string' ? request : request.url;
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1] ?? 0);
    const body = new Uint8Array(await response.arrayBuffer());
    const previous = this.entries.get(key);
    if (previous && previous.expires > this.clock.now && older(decoder.decode(body), decoder.decode(previous.body)))
      this.violations.push({ store: 'cache', key, location: this.location, at: this.clock.now });
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

/** The production bundle, its Date.now and scheduler on the simulation's clock; one module per isolate. */
async function bundle(root) {
  const outdir = await mkdtemp(join(tmpdir(), 'ffr-edge-sim-'));
  const file = `${outdir}/worker.mjs`;
  await build({
    ...productionBuildOptions,
    absWorkingDir: root,
    entryPoints: [`${root}src/index.ts`],
    outfile: file,
    define: { ...productionBuildOptions.define, 'Date.now': '__edgeSimNow', scheduler: '__edgeSimScheduler' },
    plugins: [
      {
        name: 'cloudflare-workers-shim',
        setup(b) {
          b.onResolve({ filter: /^cloudflare:workers$/ }, () => ({ path: `${projectRoot}scripts/lib/cloudflare-workers-shim.mjs` }));
        },
      },
    ],
  });
  return { file, dispose: () => rm(outdir, { recursive: true, force: true }) };
}

/**
 * Runs one scenario. `locations`: [{ name, kvDelayMs }]; `scenario(plan)` schedules publishes and
 * faults through `plan` (see `plan` below). Resolves with the report.
 */
export async function simulate({
  locations,
  isolatesPerLocation = 2,
  tickMs = 250,
  readsPerTick = 3,
  posts: postCount = 12,
  seed = 31,
  start = Date.parse('2026-11-22T08:00:00Z'),
  durationMs,
  scenario,
  root = projectRoot,
  bindings = {},
}) {
  dropWorkerLogLines();
  const random = mulberry32(seed);
  const clock = new VirtualClock(start);
  const als = new AsyncLocalStorage();
  const previous = { now: globalThis.__edgeSimNow, scheduler: globalThis.__edgeSimScheduler, caches: globalThis.caches };
  globalThis.__edgeSimNow = () => clock.now;
  globalThis.__edgeSimScheduler = { wait: (ms) => clock.wait(ms) };
  // Each request sees its own location's cache (the runtime's caches.default is per location).
  globalThis.caches = {
    get default() {
      return als.getStore().cache;
    },
    async open() {
      return als.getStore().cache;
    },
  };

  try {
    await access(`${projectRoot}public/assets/manifest.json`);
  } catch {
    await buildClient();
  }
  const upstreamPort = await freePort();
  const upstream = await startUpstream({ port: upstreamPort, quiet: true, workerUrl: ORIGIN, now: new Date(start), pinned: true });
  const worker = await bundle(root);
  const central = new CentralKV(clock, Math.max(...locations.map((l) => l.kvDelayMs)));
  const cacheViolations = [];
  const objects = new Map();
  const unreachable = new Map();
  const calls = { mark: 0, read: 0, claim: 0, release: 0 };
  const vars = Object.fromEntries(
    Object.entries(parseDevVars(await readFile(`${projectRoot}.dev.vars.example`, 'utf8'))).map(([k, v]) => [
      k,
      v.replaceAll('127.0.0.1:8790', `127.0.0.1:${upstreamPort}`),
    ]),
  );
  const allow = { limit: async () => ({ success: true }) };

  try {
    const modules = [];
    const sites = [];
    for (const [index, loc] of locations.entries()) {
      const kv = new KVView(central, loc.name, loc.kvDelayMs, clock);
      const cache = new LocationCache(loc.name, clock, cacheViolations);
      const isolates = [];
      for (let i = 0; i < isolatesPerLocation; i++) {
        const module = await import(`${pathToFileURL(worker.file).href}?location=${index}&isolate=${i}`);
        modules.push(module);
        isolates.push(module.default);
      }
      sites.push({ ...loc, kv, cache, isolates });
    }
    const PurgeMarks = modules[0].PurgeMarks;
    for (const site of sites) {
      // (The object had a KV binding before decision 016: given, so that earlier code runs here too.)
      const namespace = memoryNamespace(
        PurgeMarks,
        { CACHE: sites[0].kv },
        { instances: objects, reachable: () => !unreachable.get(site.name) },
      );
      const counted = {
        idFromName: (name) => namespace.idFromName(name),
        get: (id) => {
          const stub = namespace.get(id);
          return new Proxy(
            {},
            {
              get:
                (_, method) =>
                (...args) => {
                  calls[method] = (calls[method] ?? 0) + 1;
                  return stub[method](...args);
                },
            },
          );
        },
      };
      site.env = {
        ENVIRONMENT: 'development',
        UPSTREAM_TIMEOUT_MS: '8000',
        ...vars,
        PUBLIC_ORIGIN: ORIGIN,
        SITE_NOW: new Date(start).toISOString(),
        ...bindings,
        CACHE: site.kv,
        ASSETS: { fetch: async () => new Response('Not found', { status: 404 }) },
        PURGE_MARKS: counted,
        FORM_LIMITER: allow,
        SIGNIN_LIMITER: allow,
        LOG_LIMITER: allow,
        PURGE_LIMITER: allow,
        PREVIEW_LIMITER: allow,
      };
    }

    /** One request at one location, on one of its isolates, its waitUntil work settled. */
    async function call(site, request) {
      Object.defineProperty(request, 'cf', { value: { colo: site.name } });
      const isolate = site.isolates[Math.floor(random() * site.isolates.length)];
      return als.run(site, async () => {
        const pending = [];
        const ctx = { waitUntil: (p) => void pending.push(p), passThroughOnException() {}, props: {} };
        const res = await isolate.fetch(request, site.env, ctx);
        const text = await res.text();
        while (pending.length) await Promise.allSettled(pending.splice(0));
        return { status: res.status, text, cache: res.headers.get('x-ffr-cache') };
      });
    }

    // The posts under test: the newest published ones, their titles marked with revision 0.
    const control = async (path, body) => {
      const res = await fetch(
        `${upstream.origin}/__control${path}`,
        body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
      );
      if (!res.ok) throw new Error(`${path} → ${res.status}`);
      return res.json();
    };
    const articles = (await control('/articles?status=publish')).filter((a) => !a.redirection).slice(0, postCount);
    const revision = new Map();
    for (const a of articles) {
      await control('/publish', { id: a.id, title: `Communiqué SIM_${a.id}_R0`, notify: false });
      revision.set(a.id, 0);
    }
    const pages = ['/', ...articles.map((a) => a.link)];

    // ── The scenario's plan: publishes and faults at virtual instants ──
    const events = [];
    const publishes = [];
    const plan = {
      start,
      posts: articles.map((a) => a.id),
      locations: sites.map((s) => s.name),
      /** Publishes a new revision of `post` at `at`, its purge delivered to `via` (and again `repeatAfterMs` later: a retried purge). */
      publish(at, post, via, { repeatAfterMs } = {}) {
        events.push({ at, run: () => doPublish(post, via, repeatAfterMs) });
      },
      /** Publishes `post` with a purge naming `other` instead (a plugin naming the wrong post): the simulation must see its old text stay. */
      publishMisnamed(at, post, other, via) {
        events.push({ at, run: () => doPublish(post, via, undefined, other) });
      },
      /** `location` cannot reach the Durable Object from `from` to `to`. */
      cutOff(location, from, to) {
        events.push({ at: from, run: () => unreachable.set(location, true) });
        events.push({ at: to, run: () => unreachable.set(location, false) });
      },
    };
    scenario(plan);

    const inflight = new Set();
    let purgeToAck = 0;
    async function deliver(record, body, via, attempt) {
      const timestamp = String(Math.floor(clock.now / 1000));
      const signature = signPurgeBody(body, vars.PURGE_SECRET, timestamp);
      const site = sites.find((s) => s.name === via);
      const request = new Request(`${ORIGIN}/api/purge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ffr-signature': signature, 'x-ffr-timestamp': timestamp },
        body,
      });
      const sentAt = clock.now;
      const task = call(site, request).then(({ status }) => {
        if (status === 200) purgeToAck = Math.max(purgeToAck, clock.now - sentAt);
        record.deliveries.push({ at: clock.now, via, status });
        if (status === 200) record.ackAt ??= clock.now;
        else if (attempt < RETRY_MINUTES.length)
          events.push({ at: clock.now + RETRY_MINUTES[attempt] * 60_000, run: () => deliver(record, body, via, attempt + 1) });
      });
      inflight.add(task);
      task.finally(() => inflight.delete(task));
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
      await deliver(record, body, via, 0);
      if (repeatAfterMs !== undefined) events.push({ at: clock.now + repeatAfterMs, run: () => deliver(record, body, via, 0) });
    }

    // ── The run ──
    const views = [];
    const read = async (site, path) => {
      const { status, text, cache } = await call(site, new Request(`${ORIGIN}${path}`, { headers: { accept: 'text/html' } }));
      views.push({ at: clock.now, location: site.name, path, status, cache, revisions: revisions(text) });
    };
    // Warm: every page once at every location, then the clock starts.
    for (const site of sites) for (const path of pages) await read(site, path);
    views.length = 0;
    const settle = async () => {
      // Purges in flight either sleep on the virtual clock (their bound) or are about to settle.
      const deadline = performance.now() + 30_000;
      while (inflight.size > clock.sleepers.length) {
        if (performance.now() > deadline) throw new Error('the simulation is stuck: a purge neither sleeps nor settles');
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const end = start + durationMs;
    for (let t = start; t <= end; t += tickMs) {
      clock.now = t;
      clock.wake();
      await settle();
      const due = events.filter((e) => e.at <= t);
      for (const e of due) events.splice(events.indexOf(e), 1);
      for (const e of due.sort((a, b) => a.at - b.at)) await e.run();
      await settle();
      await Promise.all(
        sites.map(async (site) => {
          for (let r = 0; r < readsPerTick; r++) await read(site, pages[Math.floor(random() * pages.length)]);
        }),
      );
      await settle();
    }
    // Last look: every page at every location.
    const lastAt = clock.now;
    for (const site of sites) for (const path of pages) await read(site, path);

    return report({
      purgeToAck,
      views,
      publishes,
      sites,
      pages,
      central,
      cacheViolations,
      calls,
      lastAt,
      durationMs,
      tickMs,
      readsPerTick,
      isolatesPerLocation,
    });
  } finally {
    await worker.dispose();
    await upstream.close();
    Object.assign(globalThis, { __edgeSimNow: previous.now, __edgeSimScheduler: previous.scheduler, caches: previous.caches });
  }
}

function report({
  purgeToAck,
  views,
  publishes,
  sites,
  pages,
  central,
  cacheViolations,
  calls,
  lastAt,
  durationMs,
  tickMs,
  readsPerTick,
  isolatesPerLocation,
}) {
  const byPost = (post) => publishes.filter((p) => p.post === post && p.ackAt !== null);
  // Bound: per publish, the last view of an older revision after its acknowledgement.
  let boundMs = 0;
  const late = [];
  for (const p of publishes) {
    if (p.ackAt === null) continue;
    for (const v of views) {
      const shown = v.revisions[p.post];
      if (shown !== undefined && shown < p.rev && v.at >= p.ackAt) {
        boundMs = Math.max(boundMs, v.at - p.ackAt + tickMs);
        late.push({ post: p.post, rev: p.rev, shown, location: v.location, path: v.path, cache: v.cache, afterAckMs: v.at - p.ackAt });
      }
    }
  }
  // Resurrections and early glimpses: per location, page and post, an older revision after a newer one.
  let resurrections = 0;
  let earlyGlimpses = 0;
  const glimpses = [];
  const highest = new Map();
  for (const v of views) {
    for (const [post, rev] of Object.entries(v.revisions)) {
      const key = `${v.location} ${v.path} ${post}`;
      const seen = highest.get(key);
      if (seen !== undefined && rev < seen) {
        const acked = byPost(Number(post)).some((p) => p.rev <= seen && p.ackAt <= v.at);
        if (acked) resurrections++;
        else {
          earlyGlimpses++;
          glimpses.push({ post: Number(post), shown: rev, before: seen, location: v.location, path: v.path, cache: v.cache, at: v.at });
        }
      }
      highest.set(key, Math.max(seen ?? -1, rev));
    }
  }
  // Lost: never acknowledged, or an older revision still served in the last look.
  const finalViews = views.filter((v) => v.at >= lastAt);
  const lost = publishes.filter((p) => {
    if (p.ackAt === null) return true;
    return finalViews.some((v) => v.revisions[p.post] !== undefined && v.revisions[p.post] < p.rev);
  });
  const failures = views.filter((v) => v.status >= 500).length;
  // Once every publish has settled, pages are served from the cache again, not rendered on each view.
  const uncachedAtEnd = finalViews.filter((v) => v.cache !== 'HIT' && v.cache !== 'STALE').length;
  return {
    boundMs,
    resurrections,
    earlyGlimpses,
    lostPurges: lost.length,
    storeViolations: central.violations.length + cacheViolations.length,
    publishes: publishes.length,
    acknowledged: publishes.filter((p) => p.ackAt !== null).length,
    // From a purge's delivery to its 200 (the bound the worker waits for), and from a publish to its acknowledgement (retries included).
    purgeToAckMs: purgeToAck,
    publishToAckMs: Math.max(0, ...publishes.filter((p) => p.ackAt !== null).map((p) => p.ackAt - p.at)),
    views: views.length,
    serverErrors: failures,
    uncachedAtEnd,
    // Views rendered because their copy was purged: about one per page, location and isolate per publish.
    purgedViews: views.filter((v) => v.cache === 'PURGED').length,
    locations: sites.map((s) => ({ name: s.name, kvDelayMs: s.kvDelayMs })),
    isolatesPerLocation,
    durationMs,
    tickMs,
    readsPerTick,
    pages: pages.length,
    durableObjectCalls: calls,
    kvWrites: central.writes,
    cachePuts: sites.reduce((n, s) => n + s.cache.puts, 0),
    examples: {
      late: late.slice(0, 5),
      glimpses: glimpses.slice(0, 5),
      lost: lost.slice(0, 5).map(({ post, rev, via, ackAt, deliveries }) => ({ post, rev, via, ackAt, deliveries })),
      violations: [...central.violations, ...cacheViolations].slice(0, 5),
    },
  };
}

/**
 * The faults and publishes every run goes through, on the posts and locations it is given:
 * two publishes of one post a second apart (through two locations), a location cut off from the
 * Durable Object while a purge is delivered to it (refused, retried a minute later by WordPress)
 * and while its readers keep reading, a purge delivered twice (WordPress retrying after a
 * timeout), then every post published at once, the purges spread over every location.
 */
export function standardScenario(plan) {
  const [first, second, third] = plan.posts;
  const at = (seconds) => plan.start + seconds * 1000;
  const loc = (i) => plan.locations[i % plan.locations.length];
  const cut = plan.locations.at(-1);
  plan.publish(at(10), first, loc(0));
  plan.publish(at(11), first, loc(1));
  plan.cutOff(cut, at(20), at(50));
  plan.publish(at(25), second, cut);
  plan.publish(at(30), third, loc(1), { repeatAfterMs: 2000 });
  for (const [i, post] of plan.posts.entries()) plan.publish(at(100), post, loc(i));
}

/** How long the standard scenario must run to see the last publish reach every location. */
export const standardDurationMs = (maxDelayMs) => 100_000 + maxDelayMs + 60_000 + 20_000;
