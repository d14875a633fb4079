// The worker's production bundle in plain Node, for the benches that need what workerd does not
// show (CPU per request, KV writes counted one by one, the heap): built as `wrangler deploy
// --minify` builds it (lib/worker-build.mjs), `cloudflare:workers` shimmed, KV in memory
// (memory-kv.mjs), the Cache API in memory (memory-cache.mjs), the purge marks' Durable Object in
// memory (memory-durable-object.mjs), rate limiters that always allow, variables from
// .dev.vars.example pointed at the local upstream.
import { build } from 'esbuild';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MemoryCacheStorage } from './memory-cache.mjs';
import { memoryNamespace } from './memory-durable-object.mjs';
import { MemoryKV } from './memory-kv.mjs';
import { parseDevVars, root, siteUrl, withUpstreamPort } from './stack.mjs';
import { productionBuildOptions } from './worker-build.mjs';
import { memoryQueue } from './memory-queue.mjs';

const workersShim = {
  name: 'cloudflare-workers-shim',
  setup(b) {
    b.onResolve({ filter: /^cloudflare:(workers|sockets)$/ }, (args) => ({
      path: `${root}scripts/lib/${args.path.replace(':', '-')}-shim.mjs`,
    }));
  },
};
export const nodeBuildOptions = { ...productionBuildOptions, plugins: [workersShim] };

/** Builds `entries` ({name: path or {stdin}}) for Node and imports them. */
export async function importBundles(entries) {
  const outdir = await mkdtemp(join(tmpdir(), 'ffr-node-worker-'));
  const modules = {};
  try {
    for (const [name, entry] of Object.entries(entries)) {
      const input = typeof entry === 'string' ? { entryPoints: [`${root}${entry}`] } : entry;
      await build({ ...nodeBuildOptions, ...input, outfile: `${outdir}/${name}.mjs` });
      modules[name] = await import(pathToFileURL(`${outdir}/${name}.mjs`).href);
    }
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
  return modules;
}

const allow = { limit: async () => ({ success: true }) };

/**
 * The worker writes one JSON line per request (observability/log.server.ts): in workerd a cheap
 * hand-over to the runtime, here a synchronous write to the terminal that would dwarf a warm hit.
 * The lines are still built (what the worker pays), then dropped; other output goes through.
 */
let dropping = false;
export function dropWorkerLogLines() {
  if (dropping) return;
  dropping = true;
  for (const method of ['log', 'warn', 'error']) {
    const original = console[method].bind(console);
    console[method] = (first, ...rest) => {
      if (typeof first === 'string' && first.startsWith('{"level":')) return;
      original(first, ...rest);
    };
  }
}
// The runtime's scheduler.wait (the purge waits for its bound before answering).
globalThis.scheduler ??= { wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * The bindings, as wrangler dev merges wrangler.jsonc's vars and .dev.vars, with in-memory KV,
 * Cache API and Durable Object (`worker`: the imported bundle, whose PurgeMarks class it runs).
 */
export async function nodeBindings(worker, overrides = {}) {
  const vars = withUpstreamPort(parseDevVars(await readFile(`${root}.dev.vars.example`, 'utf8')));
  const kv = new MemoryKV();
  const caches = new MemoryCacheStorage();
  globalThis.caches = caches;
  const env = {
    ENVIRONMENT: 'development',
    // Each call here waits for its waitUntil work: the marks are refreshed on requests, not kept
    // current 20 s behind them (cache/tags.server.ts), which a bench would wait for each time.
    PURGE_KEEP_WARM_MS: '0',
    // Likewise, a copy's lease is asked at once, not gathered with others for a quarter second:
    // each cold render here would otherwise wait 1.25 s for its claim's and release's windows.
    PURGE_LEASE_BATCH_MS: '0',
    UPSTREAM_TIMEOUT_MS: '8000',
    ...vars,
    PUBLIC_ORIGIN: siteUrl,
    CACHE: kv,
    // Static files are served before the worker; the worker only checks the binding is there.
    ASSETS: { fetch: async () => new Response('Not found', { status: 404 }) },
    PURGE_MARKS: memoryNamespace(worker.PurgeMarks),
    FORM_LIMITER: allow,
    SIGNIN_LIMITER: allow,
    LOG_LIMITER: allow,
    PURGE_LIMITER: allow,
    PREVIEW_LIMITER: allow,
    HEALTH_LIMITER: allow,
    ALERTS_QUEUE: memoryQueue(),
    ...overrides,
  };
  return { env, kv, caches, vars };
}

/** One call of the worker as the runtime makes it: the body read to its end, every waitUntil settled. */
export async function callWorker(worker, request, env) {
  const pending = [];
  const ctx = { waitUntil: (p) => void pending.push(p), passThroughOnException() {}, props: {} };
  const res = await worker.fetch(request, env, ctx);
  const body = await res.arrayBuffer();
  while (pending.length) await Promise.allSettled(pending.splice(0));
  return { res, body };
}
