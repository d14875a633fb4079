// Starts the local upstream and wrangler dev (fresh KV state) for the end-to-end run.
import { readFile, rm, writeFile } from 'node:fs/promises';
import {
  ensureDevVars,
  oneAtATime,
  root,
  sitePort,
  siteUrl,
  startUpstreamProcess,
  startWrangler,
  stopAll,
  upstreamUrl,
  waitFor,
} from '../../scripts/lib/stack.mjs';
import { TEST_NOW } from '../support/clock';

export default async function setup({ provide }) {
  const vars = await ensureDevVars();
  // One state folder per site port: two runs on different ports never share KV.
  const persistTo = `${root}.wrangler/e2e-state-${sitePort}`;
  await rm(persistTo, { recursive: true, force: true });
  const quiet = !process.env.E2E_VERBOSE;
  // Short-lived access tokens, so that the refresh path runs during the accounts tests. The
  // upstream's clock, the worker's calendar and the browsers' clocks (browser.ts) stand at TEST_NOW.
  startUpstreamProcess(vars, { quiet, env: { UPSTREAM_QUIET: '1', UPSTREAM_ACCESS_TOKEN_TTL: '40', UPSTREAM_NOW: TEST_NOW } });
  await waitFor(`${upstreamUrl}/`);
  // A tag-manager container, so that the consent banner shows (nothing can load it here: no network).
  const config = await configWithRoomyLimits();
  // npm test's other lane may be starting its own site at this moment: one start at a time.
  await oneAtATime('wrangler-start', async () => {
    startWrangler(vars, {
      quiet,
      persistTo,
      vars: { GTM_CONTAINER_ID: 'GTM-TEST123', SITE_NOW: TEST_NOW },
      args: ['--config', config],
      // React's production build, as deployed: wrangler bundles with its caller's NODE_ENV, which
      // vitest sets to « test »: React's development build otherwise.
      env: { NODE_ENV: 'production' },
    });
    await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
  });
  provide('siteUrl', siteUrl);
  provide('upstreamUrl', upstreamUrl);
  provide('testNow', TEST_NOW);
  return () => stopAll();
}

/**
 * wrangler.jsonc with the rate limits a hundred times wider. Every browser of the run is one visitor
 * (127.0.0.1), and the suite signs in and sends forms more than a person would in a minute: with
 * the real limits the run failed at random, whenever vitest's file order put the sign-in journeys
 * together. The limits themselves are tested in workerd (test/worker/purge-and-limits.test.ts).
 * Written beside wrangler.jsonc (git ignores it): wrangler reads paths and .dev.vars from there.
 */
async function configWithRoomyLimits() {
  const config = (await readFile(`${root}wrangler.jsonc`, 'utf8')).replace(/"limit": (\d+)/g, (_, n) => `"limit": ${Number(n) * 100}`);
  const file = `${root}wrangler.e2e-${sitePort}.jsonc`;
  await writeFile(file, config);
  return file;
}
