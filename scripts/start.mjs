// npm start: build the client, start the local upstream and `wrangler dev` offline, print the URLs.
import { buildClient } from './build-client.mjs';
import { ensureDevVars, siteUrl, startUpstreamProcess, startWrangler, upstreamUrl, waitFor } from './lib/stack.mjs';

const t0 = Date.now();
const vars = await ensureDevVars();
await buildClient();
startUpstreamProcess(vars);
await waitFor(`${upstreamUrl}/`);
startWrangler(vars);
await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
console.log(`
  FFR Presse est prête en ${((Date.now() - t0) / 1000).toFixed(1)} s.
    Site              ${siteUrl}
    Amont local       ${upstreamUrl}   (WordPress, CF7, middleware, Algolia, OpenID : ${upstreamUrl}/oidc)
    Compteurs         ${upstreamUrl}/__control/counters
    Alertes envoyées  ${upstreamUrl}/__control/mail   (serveur SMTP local, docs/alerts.md)
  Ctrl-C arrête tout.
`);
