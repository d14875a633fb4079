// npm run size — gzip and brotli sizes of the JS and CSS each page type loads before its load event,
// and of all it loads for full interactivity (islands hydrated), measured in Chromium against the
// production client build, and how many requests one anonymous view makes of the worker itself (the
// page, its islands' calls, pages fetched ahead). Fails (exit 1) when a page type is over
// bench/size-budget.json.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildClient } from './build-client.mjs';
import { launchChromium } from './lib/browsers.mjs';
import { ensureDevVars, root, siteUrl, startUpstreamProcess, startWrangler, stopAll, upstreamUrl, waitFor } from './lib/stack.mjs';

const budget = JSON.parse(await readFile(`${root}bench/size-budget.json`, 'utf8'));

const vars = await ensureDevVars();
await buildClient();
const persistTo = `${root}.wrangler/size-state`;
await rm(persistTo, { recursive: true, force: true });
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
await waitFor(`${upstreamUrl}/`);
startWrangler(vars, { quiet: true, persistTo });
await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });

const article = (await (await fetch(`${upstreamUrl}/__control/articles?status=publish`)).json()).find((a) => !a.redirection).link;
const event = (await (await fetch(`${siteUrl}/evenements`)).text()).match(/href="(\/evenements\/[^"#?]+)"/)?.[1];
const pages = {
  home: '/',
  category: '/categories/xv-de-france',
  article,
  search: '/recherche?query=equipe',
  events: '/evenements',
  ...(event ? { event } : {}),
  contact: '/contact',
  accreditations: '/accreditations',
  notFound: '/page-qui-n-existe-pas',
};

const sizes = new Map();
async function sizeOf(url) {
  if (!sizes.has(url)) {
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    sizes.set(url, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(url);
}

const browser = await launchChromium();
const results = {};
try {
  for (const [name, path] of Object.entries(pages)) {
    // One warm-up view, so the measured view is a cached page like most readers get.
    await (await fetch(siteUrl + path)).arrayBuffer();
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
    const page = await context.newPage();
    // Requests in the order the browser made them; those made before the load event fired count
    // as "before load".
    const entries = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => entries.push({ url: request.url(), beforeLoad: !loaded }));
    await page.goto(siteUrl + path, { waitUntil: 'load' });
    loaded = true;
    // Full interactivity: the idle-time hydration, then every chunk it asked for.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => new Promise((done) => requestIdleCallback(() => done(true), { timeout: 3000 })));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await context.close();
    if (process.env.SIZE_DEBUG) console.log(name, entries);
    const row = { path, beforeLoad: { js: zero(), css: zero() }, interactive: { js: zero(), css: zero() }, files: [], workerRequests: [] };
    // What one anonymous view asks of the worker itself (billed requests, docs/scale.md): the page,
    // its islands' API calls, the pages fetched ahead. Files of public/ are served without it.
    for (const { url } of entries) {
      if (!url.startsWith(siteUrl)) continue;
      const { pathname, search } = new URL(url);
      if (!/^\/(assets|images)\//.test(pathname)) row.workerRequests.push(pathname + search);
    }
    for (const { url, beforeLoad } of entries) {
      const kind = /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : null;
      if (!kind || !url.startsWith(siteUrl)) continue;
      const s = await sizeOf(url);
      add(row.interactive[kind], s);
      if (beforeLoad) add(row.beforeLoad[kind], s);
      row.files.push({ file: url.slice(siteUrl.length), beforeLoad, ...s });
    }
    results[name] = row;
  }
} finally {
  await browser.close();
  stopAll();
}

function zero() {
  return { raw: 0, gzip: 0, brotli: 0, files: 0 };
}
function add(total, s) {
  total.raw += s.raw;
  total.gzip += s.gzip;
  total.brotli += s.brotli;
  total.files += 1;
}

const kb = (n) => (n / 1024).toFixed(1).padStart(6);
const over = [];
console.log('page            | before load: JS gz   br   CSS gz   br | interactive: JS gz   br  (files) | CSS gz        | worker requests');
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(15)} | ${kb(r.beforeLoad.js.gzip)} ${kb(r.beforeLoad.js.brotli)} ${kb(r.beforeLoad.css.gzip)} ${kb(r.beforeLoad.css.brotli)} |` +
      ` ${kb(r.interactive.js.gzip)} ${kb(r.interactive.js.brotli)} (${String(r.interactive.js.files).padStart(2)}) | ${kb(r.interactive.css.gzip)}   (KB) | ${r.workerRequests.length}`,
  );
  for (const phase of ['beforeLoad', 'interactive']) {
    for (const kind of ['js', 'css']) {
      const limit = budget[phase]?.[kind]?.gzip;
      if (limit !== undefined && r[phase][kind].gzip > limit)
        over.push(`${name}: ${phase} ${kind} ${r[phase][kind].gzip} B gzip > ${limit} B`);
    }
  }
}
await writeFile(`${root}bench/size.json`, JSON.stringify({ budget, pages: results }, null, 2) + '\n');
console.log('written: bench/size.json');
if (over.length) {
  console.log(`size: OVER BUDGET\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('size: within budget');
process.exit(0);
