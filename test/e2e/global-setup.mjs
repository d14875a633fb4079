// Starts the local upstream and wrangler dev (fresh KV state) for the end-to-end run.
import { rm } from 'node:fs/promises';
import { ensureDevVars, root, sitePort, siteUrl, startUpstreamProcess, startWrangler, stopAll, upstreamUrl, waitFor } from '../../scripts/lib/stack.mjs';

export default async function setup({ provide }) {
  const vars = await ensureDevVars();
  // One state folder per site port: two runs on different ports never share KV.
  const persistTo = `${root}.wrangler/e2e-state-${sitePort}`;
  await rm(persistTo, { recursive: true, force: true });
  const quiet = !process.env.E2E_VERBOSE;
  // Short-lived access tokens, so that the refresh path runs during the accounts tests.
  startUpstreamProcess(vars, { quiet, env: { UPSTREAM_QUIET: '1', UPSTREAM_ACCESS_TOKEN_TTL: '40' } });
  await waitFor(`${upstreamUrl}/`);
  // A tag-manager container, so that the consent banner shows (nothing can load it here: no network).
  startWrangler(vars, { quiet, persistTo, vars: { GTM_CONTAINER_ID: 'GTM-TEST123' } });
  await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
  provide('siteUrl', siteUrl);
  provide('upstreamUrl', upstreamUrl);
  return () => stopAll();
}
