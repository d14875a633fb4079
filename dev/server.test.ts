import { createServer } from 'node:net';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream, type RunningUpstream } from './server';

// The services share one host: each must answer under its own prefix and no other, as the worker
// is configured with one address per service (.dev.vars.example) that all point here.

/** A port nobody listens on: the upstream builds its origin (and the OIDC issuer) from it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let upstream: RunningUpstream;
const get = (path: string, init?: RequestInit) => fetch(`${upstream.origin}${path}`, init);

beforeAll(async () => {
  upstream = await startUpstream({ port: await freePort(), quiet: true });
});

afterAll(() => upstream.close());

describe('one host, one prefix per service', () => {
  it('answers every service at its prefix', async () => {
    const { config } = upstream;
    expect((await get('/wp-json/ffr/v1/categories')).status).toBe(200);
    expect((await get('/wp-json/wp/v2/users/me')).status).toBe(401);
    expect((await get('/wp-json/contact-form-7/v1/contact-forms')).status).toBe(403);
    expect((await get('/wp-content/uploads/newsroom/last_posts.json')).status).toBe(200);
    expect(
      (await get('/middleware/items/newsroom_medias', { headers: { authorization: `Bearer ${config.middlewareToken}` } })).status,
    ).toBe(200);
    expect((await get('/oidc/.well-known/openid-configuration')).status).toBe(200);
    expect((await get('/__control/counters')).status).toBe(200);
  });

  it('serves Algolia under /1 to a client given only the host, as ALGOLIA_HOST is', async () => {
    const { config } = upstream;
    const url = new URL(upstream.origin);
    const client = liteClient(config.algoliaAppId, config.algoliaKeys[0]!, {
      hosts: [{ url: url.hostname, port: Number(url.port), protocol: 'http', accept: 'readWrite' }],
    });
    const { results } = await client.search({ requests: [{ indexName: 'newsroom', query: '', hitsPerPage: 1 }] });
    expect((results[0] as { nbHits: number }).nbHits).toBeGreaterThan(0);
  });

  it('leaves every other path to its own service', async () => {
    // WordPress's own 404 for an unknown route, not Algolia's {message, status}.
    const wp = await get('/wp-json/nope/v1');
    expect(wp.status).toBe(404);
    expect(await wp.json()).toMatchObject({ code: 'rest_no_route' });
    for (const path of ['/10/indexes/*/queries', '/indexes/newsroom']) {
      const res = await get(path, { method: 'POST', body: '{}' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});
