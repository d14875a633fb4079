// The worker bundled as `wrangler deploy --minify` bundles it (wrangler-dist/cli.js bundleWorker):
// esbuild's browser platform, conditions workerd/worker/browser, target es2024, names not kept
// (wrangler.jsonc keep_names),
// NODE_ENV and navigator.userAgent defined. Used by the benches that run the production bundle
// outside `wrangler dev` (bench, bench:cpu, bench:cpu:workerd).
import { root } from './stack.mjs';

export const productionBuildOptions = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['browser', 'module', 'main'],
  target: 'es2024',
  jsx: 'automatic',
  minify: true,
  keepNames: false,
  legalComments: 'none',
  // Provided by the runtime (the nodejs_als compatibility flag), as wrangler leaves it.
  external: ['node:async_hooks'],
  define: {
    'process.env.NODE_ENV': '"production"',
    'global.process.env.NODE_ENV': '"production"',
    'globalThis.process.env.NODE_ENV': '"production"',
    'navigator.userAgent': '"Cloudflare-Workers"',
  },
  logLevel: 'warning',
};

/**
 * The production bundle served by Miniflare itself (workerd, the bindings of wrangler.jsonc as
 * wrangler reads them), without `wrangler dev`'s proxy in front: under a load that drops its
 * connections (autocannon at the end of each run), that proxy loses its link to the runtime and
 * takes the whole `wrangler dev` down (« Error inside ProxyWorker: Network connection lost »).
 * `bindings` override wrangler.jsonc's and .dev.vars' variables; `entry`, TSX source resolved from the
 * project root, stands in for src/index.ts (a bench's wrapper around it); `alias`, esbuild's. Resolves once the site
 * answers, with `reload()` (the runtime started again, e.g. to see files added to public/),
 * `dispose()` and the Miniflare instance.
 */
export async function startProductionWorker({ port, bindings, persistTo, entry, alias }) {
  const { build } = await import('esbuild');
  const { Miniflare } = await import('miniflare');
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const outdir = await mkdtemp(`${tmpdir()}/ffr-worker-`);
  await build({
    ...productionBuildOptions,
    ...(entry
      ? { stdin: { contents: entry, loader: 'tsx', resolveDir: root, sourcefile: 'bench-entry.tsx' } }
      : { entryPoints: [`${root}src/index.ts`] }),
    outfile: `${outdir}/worker.mjs`,
    external: ['cloudflare:*', 'node:async_hooks'],
    ...(alias ? { alias } : {}),
  });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${root}wrangler.jsonc`);
  const options = {
    ...workerOptions,
    modules: true,
    scriptPath: `${outdir}/worker.mjs`,
    modulesRoot: outdir,
    modulesRules: undefined,
    bindings: { ...workerOptions.bindings, ...bindings },
    host: '127.0.0.1',
    port,
    cf: false,
    ...(persistTo ? { kvPersist: `${persistTo}/kv`, durableObjectsPersist: `${persistTo}/do` } : {}),
  };
  const mf = new Miniflare(options);
  await mf.ready;
  return { mf, reload: () => mf.setOptions(options), dispose: () => mf.dispose() };
}
