// npm run bench:search — the live search as a reader uses it, in Chromium on the running stack:
// how many search requests typing a word sends, and the round trip of a live query (median).
import { performance } from 'node:perf_hooks';
import { buildClient } from './build-client.mjs';
import { launchChromium } from './lib/browsers.mjs';
import { ensureDevVars, root, siteUrl, startUpstreamProcess, startWrangler, stopAll, upstreamUrl, waitFor } from './lib/stack.mjs';

const WORDS = ['equipe', 'dupont', 'marcoussis', 'selectionneur', 'arbitrage', 'feminine', 'stade', 'tournoi'];
const vars = await ensureDevVars();
await buildClient();
startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
await waitFor(`${upstreamUrl}/`);
startWrangler(vars, { quiet: true, persistTo: `${root}.wrangler/bench-state` });
await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });

const browser = await launchChromium();
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
await page.goto(`${siteUrl}/`, { waitUntil: 'networkidle' });
const box = page.getByRole('combobox');
await box.click();
await page.locator('.search-panel').waitFor();

const trips = [];
const requestsPerWord = [];
const started = new Map();
page.on('request', (r) => r.url().includes('/1/indexes/') && started.set(r, performance.now()));
page.on('requestfinished', (r) => started.has(r) && trips.push(performance.now() - started.get(r)));

for (const word of WORDS) {
  await box.fill('');
  await page.waitForTimeout(400);
  let count = 0;
  const onRequest = (r) => r.url().includes('/1/indexes/') && count++;
  page.on('request', onRequest);
  await box.pressSequentially(word, { delay: 90 }); // a quick typist: ~11 keys a second
  await page.waitForTimeout(600);
  page.off('request', onRequest);
  requestsPerWord.push({ word, letters: word.length, requests: count });
}
await browser.close();
stopAll();

const sorted = [...trips].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  JSON.stringify(
    {
      typingDelayMs: 90,
      debounceMs: 150,
      requestsPerWord,
      meanRequestsPerWord: requestsPerWord.reduce((a, b) => a + b.requests, 0) / requestsPerWord.length,
      liveQueries: trips.length,
      roundTripMedianMs: Math.round(median * 10) / 10,
      roundTripP95Ms: Math.round(sorted[Math.floor(sorted.length * 0.95)] * 10) / 10,
    },
    null,
    2,
  ),
);
process.exit(0);
