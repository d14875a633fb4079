// Cloudflare's version routing of ONE gradual deployment, as a local HTTP proxy in front of the
// versions of the worker (test/deploy/canary.test.ts). Modelled on
// https://developers.cloudflare.com/workers/versions-and-deployments/gradual-deployments/version-affinity/
// (and …/gradual-deployments/ for the split itself):
//
// - A deployment names two versions and the share of requests each gets (here A 90 %, B 10 %).
//   Without anything else, every request is routed on its own, at random by those shares: a page
//   and the scripts it names may well be answered by different versions.
// - A request that carries `Cloudflare-Workers-Version-Key` is not drawn at random: the platform
//   hashes the key and places the result on the shares, so that, for a given deployment, every
//   request with the same key is answered by the same version. Cloudflare does not publish its
//   hash; any uniform one shows the same behaviour, so this proxy takes the first four bytes of the
//   key's SHA-256 as a fraction of 2^32 and picks the version whose cumulative share covers it.
// - The header can be set by the zone's rules, which run before the worker is invoked. Our design
//   (`affinity: 'ip'`) is a Transform Rule « Modify request header », « Set dynamic »:
//   `Cloudflare-Workers-Version-Key` = `ip.src`. « Set » replaces whatever value the visitor sent, so
//   a visitor cannot pick a version with the header; the worker still receives it, as any request
//   header. The visitor's address comes in `x-test-client-ip` (the stand-in for `ip.src`, dropped
//   before the worker), which also becomes `CF-Connecting-IP`, as Cloudflare sets it on every request.
//   With `affinity: 'none'` (no rule) a key sent by the visitor is honoured, as Cloudflare would.
//
// Not modelled: `Cloudflare-Workers-Version-Overrides`, a deployment changing under way, caches.
//
// The random draws are seeded, one generator per client address (a visitor's requests come one
// after the other), so that a test that runs visitors side by side gets the same draws every run;
// each draw is still independent of the visitor's other requests, as Cloudflare's are.
import { createHash } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { mulberry32 } from '../../scripts/lib/seeded-random.mjs';

export const VERSION_KEY_HEADER = 'cloudflare-workers-version-key';
export const CLIENT_IP_HEADER = 'x-test-client-ip';
/** On every answer: the version that served it (the test's instrument; Cloudflare adds nothing). */
export const SERVED_BY_HEADER = 'x-test-served-by';

const hash32 = (text) => createHash('sha256').update(text).digest().readUInt32BE(0);

/** The key's place in [0, 1): the first four bytes of its SHA-256, as a fraction of 2^32. */
export function keyFraction(key) {
  return hash32(key) / 2 ** 32;
}

/** The version whose cumulative share covers `fraction` (in [0, 1)). */
export function versionAt(versions, fraction) {
  const total = versions.reduce((sum, v) => sum + v.percentage, 0);
  if (Math.abs(total - 100) > 1e-9) throw new Error(`the percentages add up to ${total}, not 100`);
  let upTo = 0;
  for (const v of versions) {
    upTo += v.percentage / 100;
    if (fraction < upTo) return v;
  }
  return versions[versions.length - 1];
}

/**
 * `versions`: `[{ version, percentage, origin, headers? }]`, in the order of the deployment; a
 * request routed to a version goes to its `origin` with its `headers` added (e.g. Miniflare's
 * `MF-Route-Override` naming the worker). The Host header is kept: the worker sees the address the
 * visitor asked for. `affinity`: 'ip' (the Transform Rule is on) or 'none'; `setAffinity` changes it.
 * Resolves once listening, with its `origin`, `served` (requests per version) and `close()`.
 */
export async function startVersionRouter({ versions, affinity = 'none', seed = 1, port = 0, host = '127.0.0.1' }) {
  versionAt(versions, 0);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const generators = new Map();
  const draw = (clientIp) => {
    let next = generators.get(clientIp);
    if (!next) generators.set(clientIp, (next = mulberry32(hash32(`${seed}:${clientIp}`))));
    return next();
  };
  const served = Object.fromEntries(versions.map((v) => [v.version, 0]));
  let mode = affinity;

  const server = createServer((req, res) => {
    const headers = { ...req.headers };
    const clientIp = String(headers[CLIENT_IP_HEADER] ?? req.socket.remoteAddress ?? '');
    delete headers[CLIENT_IP_HEADER];
    headers['cf-connecting-ip'] = clientIp;
    // The zone's Transform Rule, before any version is chosen: « Set » replaces the visitor's value.
    if (mode === 'ip') headers[VERSION_KEY_HEADER] = clientIp;
    const key = headers[VERSION_KEY_HEADER];
    const chosen = versionAt(versions, typeof key === 'string' && key !== '' ? keyFraction(key) : draw(clientIp));
    served[chosen.version]++;
    const target = new URL(req.url ?? '/', chosen.origin);
    const forward = httpRequest(
      target,
      { method: req.method, headers: { ...headers, ...chosen.headers }, agent, setHost: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY_HEADER]: chosen.version });
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', [SERVED_BY_HEADER]: chosen.version });
      res.end(`version router: ${chosen.version} unreachable (${error.message})`);
    });
    req.pipe(forward);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    origin: `http://${host}:${typeof address === 'object' && address ? address.port : port}`,
    served,
    setAffinity: (next) => {
      mode = next;
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
