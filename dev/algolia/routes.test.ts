import type { AddressInfo } from 'node:net';
import { createFetchRequester } from '@algolia/requester-fetch';
import { serve, type ServerType } from '@hono/node-server';
import { algoliasearch } from 'algoliasearch';
import { Hono } from 'hono';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchEngine } from './engine';
import { newsroomFixture, post } from './fixtures';
import { ALGOLIA_PREFIX, createAlgoliaRoutes } from './routes';

const APP_ID = 'FFRTEST';
const KEY = 'search-only-key';

const engine = createSearchEngine();
engine.setRecords('newsroom', [
  ...newsroomFixture(),
  post({ title: 'Le <script>alert(1)</script> des Bleus', post_tag: ['Six Nations'], date_timestamp: 1_700_000_000 }),
]);
engine.setRecords('joueurs', []);
// Mounted as dev/server.ts mounts it, so the paths below are the ones the clients send.
const app = new Hono().route(ALGOLIA_PREFIX, createAlgoliaRoutes(engine, { appId: APP_ID, apiKeys: [KEY] }));

const auth = { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': KEY };

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await app.request(path, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const queries = (body: unknown, headers: Record<string, string> = { 'content-type': 'text/plain' }) =>
  call('/1/indexes/*/queries?x-algolia-agent=test', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers,
  });

describe('HTTP protocol', () => {
  it('runs multi-queries with JSON params, like the v5 lite client', async () => {
    const { status, headers, body } = await queries({
      requests: [
        { indexName: 'newsroom', query: 'dupont', hitsPerPage: 10, filters: 'type:post', distinct: true },
        { indexName: 'joueurs', query: 'dupont' },
      ],
    });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({ nbHits: 2, page: 0, hitsPerPage: 10, query: 'dupont', index: 'newsroom' });
    expect(body.results[1]).toMatchObject({ hits: [], nbHits: 0, index: 'joueurs' });
  });

  it('reads the URL-encoded params string of older clients, JSON values included', async () => {
    const params = new URLSearchParams({
      query: 'equipe',
      hitsPerPage: '1',
      facetFilters: JSON.stringify(['type:post']),
      attributesToRetrieve: JSON.stringify(['title']),
    }).toString();
    const { status, body } = await queries({ requests: [{ indexName: 'newsroom', params }] }, { 'content-type': 'application/json' });
    expect(status).toBe(200);
    const [result] = body.results;
    expect(result).toMatchObject({ hitsPerPage: 1, nbHits: 2, nbPages: 2, query: 'equipe' });
    expect(Object.keys(result.hits[0]).sort()).toEqual(['_highlightResult', 'objectID', 'title']);
  });

  it('lets the params string override the JSON fields', async () => {
    const { body } = await queries({ requests: [{ indexName: 'newsroom', query: 'ignored', params: 'query=dupont' }] });
    expect(body.results[0].query).toBe('dupont');
  });

  it('accepts the credentials in the query string', async () => {
    const res = await app.request(`/1/indexes/newsroom?query=dupont&x-algolia-application-id=${APP_ID}&x-algolia-api-key=${KEY}`);
    expect(res.status).toBe(200);
    expect((await res.json()).nbHits).toBe(2);
  });

  it('refuses a wrong application id or key with 403', async () => {
    const attempts: Array<Record<string, string>> = [
      { 'x-algolia-application-id': 'OTHER', 'x-algolia-api-key': KEY },
      { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': 'wrong' },
      {},
    ];
    for (const headers of attempts) {
      const res = await app.request('/1/indexes/*/queries', { method: 'POST', body: '{"requests":[]}', headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Invalid Application-ID or API key', status: 403 });
    }
  });

  it('answers CORS preflights without credentials', async () => {
    const res = await app.request('/1/indexes/*/queries', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8787',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-algolia-api-key, x-algolia-application-id',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-algolia-api-key, x-algolia-application-id');
  });

  it('answers bad input like Algolia', async () => {
    expect(await queries('{"requests": [')).toMatchObject({ status: 400, body: { message: 'Invalid JSON', status: 400 } });
    expect(await queries({ requests: [{ indexName: 'inconnu', query: 'x' }] })).toMatchObject({
      status: 404,
      body: { message: 'Index does not exist', status: 404 },
    });
    expect((await queries({ requests: [{ indexName: 'newsroom', filters: 'type:post OR' }] })).body).toEqual({
      message: 'filters: Unexpected token end of filter expected filter at col 12',
      status: 400,
    });
    expect((await queries({ requests: [{ indexName: 'newsroom', hitsPerPage: 5000 }] })).status).toBe(400);
    expect((await queries({ requests: [{ indexName: 'newsroom', query: 'x'.repeat(10_000) }] })).status).toBe(400);
    expect((await queries({})).status).toBe(400);
  });

  it('serves single-index search, GET search and objects', async () => {
    const single = await call('/1/indexes/newsroom_date_asc/query', {
      method: 'POST',
      body: JSON.stringify({ query: '', hitsPerPage: 2 }),
    });
    expect(single.body.hits.map((h: { date_timestamp: number }) => h.date_timestamp)).toEqual([0, 1_700_000_000]);
    const legacy = await call('/1/indexes/newsroom/query', { method: 'POST', body: JSON.stringify({ params: 'query=arbitrage' }) });
    expect(legacy.body.nbHits).toBe(1);
    const objectID = legacy.body.hits[0].objectID;
    const object = await call(`/1/indexes/newsroom/${objectID}?attributesToRetrieve=title`);
    expect(object.body).toEqual({ title: 'Arbitrage : les nouvelles règles du jeu au sol', objectID });
    expect(await call('/1/indexes/newsroom/nope')).toMatchObject({ status: 404, body: { message: 'ObjectID does not exist' } });
    expect((await call('/1/indexes/inconnu?query=a')).status).toBe(404);
  });

  it('decompresses gzip bodies', async () => {
    const body = new Blob([JSON.stringify({ requests: [{ indexName: 'newsroom', query: 'dupont' }] })])
      .stream()
      .pipeThrough(new CompressionStream('gzip'));
    const { status, body: json } = await call('/1/indexes/*/queries', {
      method: 'POST',
      body: await new Response(body).arrayBuffer(),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(status).toBe(200);
    expect(json.results[0].nbHits).toBe(2);
  });

  it('only answers under /1/', async () => {
    expect((await call('/1/unknown')).body).toEqual({ message: 'Not Found', status: 404 });
    // Every Algolia answer carries CORS headers: these 404s are the host's, not the emulator's.
    for (const path of ['/wp-json/ffr/v1/posts', '/10/indexes/*/queries', '/']) {
      const res = await app.request(path, { headers: auth });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});

describe('real Algolia clients against the emulator', () => {
  let server: ServerType;
  let port: number;

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        port = info.port;
        resolve();
      });
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const hosts = () => [{ url: '127.0.0.1', port, protocol: 'http' as const, accept: 'readWrite' as const }];

  it('liteClient.search with the fetch requester', async () => {
    const client = liteClient(APP_ID, KEY, { hosts: hosts(), requester: createFetchRequester() });
    const { results } = await client.search({
      requests: [{ indexName: 'newsroom', query: 'script', hitsPerPage: 10, filters: 'type:post', distinct: true }],
    });
    const result = results[0] as { hits: Array<Record<string, any>>; nbHits: number };
    expect(result.nbHits).toBe(1);
    const hit = result.hits[0]!;
    expect(hit.title).toBe('Le <script>alert(1)</script> des Bleus');
    expect(hit._highlightResult.title).toEqual({
      value: 'Le <<em>script</em>>alert(1)</<em>script</em>> des Bleus',
      matchLevel: 'full',
      matchedWords: ['script'],
      fullyHighlighted: false,
    });
    expect(hit._highlightResult.post_tag).toEqual([{ value: 'Six Nations', matchLevel: 'none', matchedWords: [] }]);
  });

  it('liteClient with the credentials in the query string, and the legacy array signature', async () => {
    const client = liteClient(APP_ID, KEY, { hosts: hosts(), requester: createFetchRequester(), authMode: 'WithinQueryParameters' });
    const { results } = await client.search([{ indexName: 'newsroom', params: { query: 'sélec', hitsPerPage: 1 } }]);
    expect(results[0]).toMatchObject({ nbHits: 3, nbPages: 3, hitsPerPage: 1 });
  });

  it('algoliasearch: searchSingleIndex, getObject, and Algolia errors', async () => {
    const client = algoliasearch(APP_ID, KEY, { hosts: hosts() });
    const response = await client.searchSingleIndex<{ title: string }>({
      indexName: 'newsroom',
      searchParams: { query: 'equipe de france', facetFilters: [['type:post', 'type:category']], hitsPerPage: 5 },
    });
    expect(response.nbHits).toBe(3);
    expect(response.hits[0]!._highlightResult!.title).toMatchObject({ matchLevel: 'full' });

    const object = await client.getObject({ indexName: 'newsroom', objectID: response.hits[0]!.objectID, attributesToRetrieve: ['title'] });
    expect(object).toEqual({ title: response.hits[0]!.title, objectID: response.hits[0]!.objectID });

    await expect(client.searchSingleIndex({ indexName: 'inconnu', searchParams: { query: 'x' } })).rejects.toMatchObject({
      status: 404,
      message: 'Index does not exist',
    });
    await expect(client.searchSingleIndex({ indexName: 'newsroom', searchParams: { filters: '(type:post' } })).rejects.toMatchObject({
      status: 400,
      message: "filters: Unexpected token end of filter expected ')' at col 10",
    });
    const wrongKey = algoliasearch(APP_ID, 'nope', { hosts: hosts() });
    await expect(wrongKey.search({ requests: [{ indexName: 'newsroom' }] })).rejects.toMatchObject({ status: 403 });
  });

  it('algoliasearch with gzip compression of large bodies', async () => {
    const client = algoliasearch(APP_ID, KEY, { hosts: hosts(), compression: 'gzip' });
    const { results } = await client.search({
      requests: [{ indexName: 'newsroom', query: 'dupont', analyticsTags: Array.from({ length: 100 }, (_, i) => `tag-${i}`) }],
    });
    expect((results[0] as { nbHits: number }).nbHits).toBe(2);
  });
});
