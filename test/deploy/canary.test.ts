import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream, type RunningUpstream } from '../../dev/server';
import { buildClient } from '../../scripts/build-client.mjs';
import { parseDevVars, root } from '../../scripts/lib/stack.mjs';
import { productionBuildOptions } from '../../scripts/lib/worker-build.mjs';
import { TEST_NOW } from '../support/clock';
import { CLIENT_IP_HEADER, keyFraction, SERVED_BY_HEADER, startVersionRouter, VERSION_KEY_HEADER, versionAt } from './version-router.mjs';

// The canary of a release (Cloudflare gradual deployment: the new version 10 %, the old 90 %) with
// the zone's Transform Rule that sets `Cloudflare-Workers-Version-Key` to the visitor's address
// (`ip.src`): every visitor gets the page and every script and stylesheet it names from one
// version, from the first request on, with no cookie. Without the rule (the control), requests
// are split at random and a page of one version names assets only the other has: they go missing.
//
// Two real releases: two client builds whose every fingerprinted name differs (build-client's
// `salt`), each with the worker bundled as for production against its own manifest, each served by
// its own Miniflare with its own static assets (public/ with that build as assets/; public/ itself
// is only read). test/deploy/version-router.mjs plays Cloudflare's routing of the deployment in
// front of them. One Miniflare per version because Miniflare serves static assets in front of the
// first worker of an instance only (another worker, reached by MF-Route-Override or a service
// binding, answers without its assets). So the versions do not share KV and the cache as they do in
// production: that sharing cannot mix their assets either, the HTML cache key carrying the assets'
// version (src/cache/html-cache.server.ts).

type Manifest = { 'main.js': string; 'site.css': string; version: string };
type Version = { name: 'A' | 'B'; percentage: number; manifest: Manifest; files: string[] };
type Visit = {
  ip: string;
  pages: number;
  pagesOk: number;
  redirects: number;
  assets: number;
  /** `path status` of each asset not answered 200. */
  missing: string[];
  servedBy: Set<string>;
  /** The main.js each version's pages named. */
  mainJs: Map<string, string>;
};

const VISITORS = 200;
const CONCURRENCY = 16;
const SEED = 20_261_122;

let work = '';
const versions: Version[] = [
  { name: 'A', percentage: 90, manifest: {} as Manifest, files: [] },
  { name: 'B', percentage: 10, manifest: {} as Manifest, files: [] },
];
let upstream: RunningUpstream | undefined;
const instances: Array<{ dispose: () => Promise<void> }> = [];
const log: string[] = [];
const keep = (stream: Readable) =>
  stream.on('data', (d: Buffer) => {
    log.push(d.toString());
    if (log.length > 200) log.shift();
  });
/** The published articles' paths (not those that redirect), to tell them among the home page's links. */
let articlePaths = new Set<string>();
let router: Awaited<ReturnType<typeof startVersionRouter>> | undefined;

/** The deployment, as the router splits it. */
const routed = () => versions.map((v) => ({ version: v.name, percentage: v.percentage }));

/** A port nobody listens on (the upstream and Miniflare need theirs before they start). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The worker as `wrangler deploy` bundles it, its manifest import pointed at one release's. */
async function bundleWorker(manifestPath: string, outfile: string) {
  const { build } = await import('esbuild');
  let pointed = 0;
  await build({
    ...productionBuildOptions,
    entryPoints: [`${root}src/index.ts`],
    outfile,
    external: ['cloudflare:*', 'node:async_hooks'],
    plugins: [
      {
        name: 'release-manifest',
        setup(b) {
          b.onResolve({ filter: /\/public\/assets\/manifest\.json$/ }, () => {
            pointed++;
            return { path: manifestPath };
          });
        },
      },
    ],
  });
  // src/config/assets.ts imports it: the bundle must not have read public/ instead.
  if (pointed === 0) throw new Error('the worker no longer imports public/assets/manifest.json');
}

beforeAll(async () => {
  work = await mkdtemp(`${tmpdir()}/ffr-canary-`);
  // —— Two releases: client, static files, worker ——
  for (const v of versions) {
    const site = `${work}/${v.name}/site`;
    // public/ as deployed (images, _headers), read only; assets/ is this release's own build.
    await cp(`${root}public`, site, { recursive: true, filter: (src) => !src.startsWith(`${root}public/assets`) });
    const built = await buildClient({ outdir: `${site}/assets`, salt: `canary-${v.name}` });
    v.manifest = built.manifest as Manifest;
    v.files = (await readdir(`${site}/assets`, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => `${e.parentPath}/${e.name}`.slice(`${site}/assets/`.length));
    await bundleWorker(`${site}/assets/manifest.json`, `${work}/${v.name}/worker/worker.mjs`);
  }

  // —— The local upstream, the two versions, the router in front (the visitors' address) ——
  const [upstreamPort, ...ports] = await Promise.all([freePort(), ...versions.map(() => freePort())]);
  router = await startVersionRouter({
    versions: versions.map((v, i) => ({ version: v.name, percentage: v.percentage, origin: `http://127.0.0.1:${ports[i]}` })),
    affinity: 'ip',
    seed: SEED,
  });
  upstream = await startUpstream({ port: upstreamPort, quiet: true, workerUrl: router.origin, now: new Date(TEST_NOW), pinned: true });
  const published = (await (await fetch(`${upstream.origin}/__control/articles?status=publish`)).json()) as Array<{
    link: string;
    redirection?: unknown;
  }>;
  articlePaths = new Set(published.filter((a) => !a.redirection).map((a) => new URL(a.link, 'http://site').pathname));

  const example = parseDevVars(await readFile(`${root}.dev.vars.example`, 'utf8'));
  const bindings = {
    ...Object.fromEntries(Object.entries(example).map(([k, v]) => [k, v.replaceAll('127.0.0.1:8790', `127.0.0.1:${upstreamPort}`)])),
    // The worker answers at the address the visitors ask for: the router's (it keeps their Host).
    PUBLIC_ORIGIN: router.origin,
    ENVIRONMENT: 'development',
    SITE_NOW: TEST_NOW,
  };
  const { Miniflare } = await import('miniflare');
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  await Promise.all(
    versions.map(async (v, i) => {
      // As scripts/lib/worker-build.mjs startProductionWorker (wrangler.jsonc's bindings), with this
      // release's bundle and static files.
      const { workerOptions } = unstable_getMiniflareWorkerOptions(`${root}wrangler.jsonc`, undefined, {
        overrides: { assets: { directory: `${work}/${v.name}/site` } },
      });
      const instance = new Miniflare({
        ...workerOptions,
        modules: true,
        scriptPath: `${work}/${v.name}/worker/worker.mjs`,
        modulesRoot: `${work}/${v.name}/worker`,
        modulesRules: undefined,
        bindings: { ...(workerOptions.bindings as Record<string, unknown>), ...bindings },
        host: '127.0.0.1',
        port: ports[i],
        cf: false,
        // The worker's JSON line per request: kept for a failure's report only.
        handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
          keep(stdout);
          keep(stderr);
        },
      } as ConstructorParameters<typeof Miniflare>[0]);
      instances.push(instance);
      await instance.ready;
    }),
  );
  // Each version answers, through the router: a key that the deployment sends to it.
  router.setAffinity('none');
  const keyFor = (name: string) => {
    for (let n = 0; ; n++) if (versionAt(routed(), keyFraction(`probe-${n}`)).version === name) return `probe-${n}`;
  };
  for (const v of versions) {
    const home = await fetch(`${router.origin}/`, { headers: { [VERSION_KEY_HEADER]: keyFor(v.name), [CLIENT_IP_HEADER]: '192.0.2.1' } });
    if (home.status !== 200 || home.headers.get(SERVED_BY_HEADER) !== v.name) {
      throw new Error(`${v.name}: HTTP ${home.status} by ${home.headers.get(SERVED_BY_HEADER)}\n${log.join('')}`);
    }
  }
}, 180_000);

afterAll(async () => {
  await router?.close();
  await Promise.all(instances.map((i) => i.dispose()));
  await upstream?.close();
  if (work) await rm(work, { recursive: true, force: true });
}, 60_000);

// —— A visitor: pages, then what each page makes the browser load ——

const sameSite = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** `<script src>`, `<link rel=stylesheet|modulepreload|preload href>` of this site. */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) found.add(src!);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\srel="([^"]+)"/.exec(tag!)?.[1] ?? '';
    const href = /\shref="([^"]+)"/.exec(tag!)?.[1];
    if (href && /\b(stylesheet|modulepreload|preload)\b/.test(rel)) found.add(href.replaceAll('&amp;', '&'));
  }
  return [...found].filter(sameSite);
}

/** The modules a script imports, statically or on demand (`from"./chunks/…"`, `import("./…")`). */
function importsOf(js: string, at: string): string[] {
  const specifiers = [...js.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return [...new Set(specifiers)].map((s) => new URL(s, `http://site${at}`).pathname);
}

/** The page's links to other pages of the site. */
function linksOf(html: string): string[] {
  return [...new Set([...html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)"/g)].map((m) => m[1]!))];
}

async function visit(index: number, origin: string): Promise<Visit> {
  // Distinct addresses: 10.0.0.1, 10.0.0.2, …, and an IPv6 one every 25th visitor.
  const ip = index % 25 === 24 ? `2001:db8::${index.toString(16)}` : `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const v: Visit = { ip, pages: 0, pagesOk: 0, redirects: 0, assets: 0, missing: [], servedBy: new Set(), mainJs: new Map() };
  const loaded = new Set<string>(); // the browser's cache: /assets/ are immutable
  const get = async (path: string) => {
    const res = await fetch(origin + path, { headers: { [CLIENT_IP_HEADER]: ip }, redirect: 'manual' });
    v.servedBy.add(res.headers.get(SERVED_BY_HEADER) ?? '?');
    return res;
  };
  const asset = async (path: string, depth: number) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    const res = await get(path);
    v.assets++;
    const body = await res.text();
    if (res.status !== 200) {
      v.missing.push(`${path} ${res.status}`);
      return;
    }
    if (depth > 0 && path.endsWith('.js')) for (const module of importsOf(body, path)) await asset(module, depth - 1);
  };
  const page = async (path: string): Promise<string> => {
    const res = await get(path);
    v.pages++;
    const html = await res.text();
    const location = new URL(res.headers.get('location') ?? '/', origin + path);
    // A page moved elsewhere on the site: the browser follows.
    if (res.status >= 300 && res.status < 400 && location.origin === origin && v.redirects < 5) {
      v.pagesOk++;
      v.redirects++;
      return page(location.pathname + location.search);
    }
    if (res.status !== 200) return '';
    v.pagesOk++;
    const assets = assetsOf(html);
    v.mainJs.set(res.headers.get(SERVED_BY_HEADER)!, assets.find((a) => /^\/assets\/main-\w+\.js$/.test(a)) ?? '(none)');
    // main.js's own imports, one level: the chunks it loads after the load event or on interaction.
    for (const a of assets) await asset(a, 1);
    return html;
  };

  const links = linksOf(await page('/'));
  const articles = links.filter((l) => articlePaths.has(l));
  const categories = links.filter((l) => /^\/categories\/[^/]+$/.test(l));
  await page(articles[index % articles.length] ?? '/');
  if (index % 2 === 0) await page(categories[index % categories.length] ?? '/');
  return v;
}

async function crowd(origin: string): Promise<Visit[]> {
  const visits: Visit[] = new Array(VISITORS);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < VISITORS) {
        const i = next++;
        visits[i] = await visit(i, origin);
      }
    }),
  );
  return visits;
}

/** What the router sent to each version during `run`, as a share of all requests (in %). */
async function shares<T>(run: () => Promise<T>): Promise<[T, Record<string, number>]> {
  const before: Record<string, number> = { ...router!.served };
  const result = await run();
  const sent = Object.fromEntries(Object.entries(router!.served as Record<string, number>).map(([k, n]) => [k, n - (before[k] ?? 0)]));
  const total = Object.values(sent).reduce((a, b) => a + b, 0);
  return [result, Object.fromEntries(Object.entries(sent).map(([k, n]) => [k, Math.round((n / total) * 1000) / 10]))];
}

function figures(visits: Visit[]) {
  const onB = visits.filter((v) => v.servedBy.size === 1 && v.servedBy.has('B')).length;
  const mixed = visits.filter((v) => v.servedBy.size > 1).length;
  return {
    visitors: visits.length,
    pages: visits.reduce((n, v) => n + v.pages, 0),
    pagesOk: visits.reduce((n, v) => n + v.pagesOk, 0),
    redirects: visits.reduce((n, v) => n + v.redirects, 0),
    assets: visits.reduce((n, v) => n + v.assets, 0),
    missing: visits.reduce((n, v) => n + v.missing.length, 0),
    visitorsMissingAssets: visits.filter((v) => v.missing.length > 0).length,
    onlyA: visits.filter((v) => v.servedBy.size === 1 && v.servedBy.has('A')).length,
    onlyB: onB,
    mixed,
    percentOnB: Math.round((onB / visits.length) * 1000) / 10,
  };
}

describe('a canary release (gradual deployment 90 % / 10 %)', () => {
  it('builds two releases whose every fingerprinted file is named differently', () => {
    const [a, b] = versions as [Version, Version];
    expect(a.manifest['main.js']).toMatch(/^\/assets\/main-\w+\.js$/);
    expect(b.manifest['main.js']).toMatch(/^\/assets\/main-\w+\.js$/);
    expect(a.manifest['main.js']).not.toBe(b.manifest['main.js']);
    expect(a.manifest.version).not.toBe(b.manifest.version);
    // No fingerprinted file of one release is in the other: they share only the manifest's name.
    const fingerprinted = (file: string) => /-[A-Z0-9]{8}\.(js|css)$/.test(file);
    expect(a.files.filter((f) => !fingerprinted(f))).toEqual(['manifest.json']);
    expect(a.files.filter((f) => b.files.includes(f))).toEqual(['manifest.json']);
    expect(a.files.length).toBeGreaterThan(10);
    expect(b.files.length).toBe(a.files.length);
  });

  it('the rule replaces the key a visitor sends: the address alone picks the version', async () => {
    router!.setAffinity('ip');
    // Two visitors the rule sends to different versions, each claiming the other's address as key.
    const ips = Array.from({ length: 100 }, (_, i) => `198.51.100.${i + 1}`);
    const onA = ips.find((ip) => versionAt(routed(), keyFraction(ip)).version === 'A')!;
    const onB = ips.find((ip) => versionAt(routed(), keyFraction(ip)).version === 'B')!;
    for (const [ip, claimed, expected] of [
      [onA, onB, 'A'],
      [onB, onA, 'B'],
    ]) {
      for (const path of ['/', versions.find((x) => x.name === expected)!.manifest['site.css']]) {
        const res = await fetch(router!.origin + path, { headers: { [CLIENT_IP_HEADER]: ip!, [VERSION_KEY_HEADER]: claimed! } });
        await res.arrayBuffer();
        expect([res.status, res.headers.get(SERVED_BY_HEADER)]).toEqual([200, expected]);
        // Each release's static files are served as deployed: public/_headers applies.
        if (path.startsWith('/assets/')) expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  /** The crowd through the router with the rule on or off: its visits, the requests' shares, the figures; every page answered. */
  async function crowdWith(mode: 'ip' | 'none', label: string) {
    router!.setAffinity(mode);
    const t0 = performance.now();
    const [visits, requestShares] = await shares(() => crowd(router!.origin));
    const f = figures(visits);
    console.log(label, { ...f, requestShares, seconds: Math.round(performance.now() - t0) / 1000 });
    expect(f.pagesOk).toBe(f.pages);
    return { visits, requestShares, f };
  }

  it('with the Transform Rule (version key = visitor IP): one version per visitor, no asset missing, about 10 % on the new one', async () => {
    const { visits, f } = await crowdWith('ip', 'canary with version affinity:');
    expect(f.pages).toBeGreaterThanOrEqual(2 * VISITORS);
    // main.js, site.css and the chunks main.js loads, at least.
    expect(f.assets).toBeGreaterThanOrEqual(5 * VISITORS);
    // Each visitor's page and every asset it names, from one version, from the first request on.
    expect(f.mixed).toBe(0);
    expect(visits.flatMap((v) => v.missing)).toEqual([]);
    // Each version's pages name that version's bundle.
    for (const v of visits) for (const [by, main] of v.mainJs) expect(main).toBe(versions.find((x) => x.name === by)!.manifest['main.js']);
    // Both versions served visitors, at about the deployment's shares.
    expect(f.onlyA + f.onlyB).toBe(VISITORS);
    expect(f.percentOnB).toBeGreaterThanOrEqual(3);
    expect(f.percentOnB).toBeLessThanOrEqual(20);
  }, 60_000);

  it('without it (control): requests split at random, and pages of one version miss the assets only the other has', async () => {
    const { visits, requestShares, f } = await crowdWith('none', 'canary without version affinity:');
    // The same split, request by request.
    expect(requestShares.B).toBeGreaterThanOrEqual(3);
    expect(requestShares.B).toBeLessThanOrEqual(20);
    expect(f.mixed).toBeGreaterThan(0);
    expect(f.missing).toBeGreaterThan(0);
    // Only asset requests sent to the other version go missing: a 404 of the assets server, not an error.
    for (const m of visits.flatMap((v) => v.missing)) expect(m).toMatch(/^\/assets\/\S+ 404$/);
  }, 60_000);
});
