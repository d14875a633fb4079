import { type Context, Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import { canonicalPath, declaredQuery, pageNumber, reads } from './page-query.server';

// One cache key per page (page-query.server.ts), through Hono as src/index.ts mounts it: the page
// sees, and the page cache keys on, the address it answers with here. test/worker/cache-keys.test.ts
// holds the same in workerd, with the cache.

const app = new Hono<AppEnv>();
app.use(canonicalPath());
app.use(declaredQuery());
// The address the page got, in its body and (for HEAD, which has none) in a header.
const seen = (c: Context<AppEnv>) => {
  const address = new URL(c.req.url).pathname + new URL(c.req.url).search;
  c.header('x-seen', address);
  return c.text(address);
};
app.get('/recherche', reads('query', 'categories', pageNumber()), seen);
app.get('/liste', reads(pageNumber('p')), seen);
app.get('/categories/:slug', reads(pageNumber()), seen);
app.get('/rien', seen);
app.get('/trois', reads('z', 'a', pageNumber('m')), seen);
app.post('/recherche', reads('query'), seen);

const get = async (address: string, init?: RequestInit) => {
  const res = await app.request(`http://presse.test${address}`, init);
  return { status: res.status, body: await res.text(), location: res.headers.get('location') };
};

describe('the query a page reads (declaredQuery)', () => {
  it('keeps only the declared parameters, each once, in one order', async () => {
    expect((await get('/recherche?utm_source=x&query=m%C3%AAl%C3%A9e&x=1')).body).toBe('/recherche?query=m%C3%AAl%C3%A9e');
    expect((await get('/recherche?query=b&categories=a')).body).toBe('/recherche?categories=a&query=b');
    expect((await get('/recherche?categories=a&query=b')).body).toBe('/recherche?categories=a&query=b');
    expect((await get('/recherche?query=a&query=b')).body).toBe('/recherche?query=a');
    // A declared parameter with an empty value is still one.
    expect((await get('/recherche?query=')).body).toBe('/recherche?query=');
    expect((await get('/rien?a=1&b=2')).body).toBe('/rien');
    expect((await get('/rien?')).body).toBe('/rien');
    expect((await get('/rien')).body).toBe('/rien');
  });

  it('orders the parameters by name, whatever the order declared or sent', async () => {
    for (const query of ['z=1&a=2&m=3', 'm=3&z=1&a=2', 'a=2&m=3&z=1', 'a=2&z=1&m=3'])
      expect((await get(`/trois?${query}`)).body, query).toBe('/trois?a=2&m=3&z=1');
    expect((await get('/trois?z=1&m=3')).body).toBe('/trois?m=3&z=1');
  });

  it('writes a page number its one way: 2 and beyond, without zeros; anything else is the first page', async () => {
    const page = async (value: string) => (await get(`/categories/xv-de-france?page=${value}`)).body;
    expect(await page('2')).toBe('/categories/xv-de-france?page=2');
    expect(await page('02')).toBe('/categories/xv-de-france?page=2');
    expect(await page('2.0')).toBe('/categories/xv-de-france?page=2');
    expect(await page('10')).toBe('/categories/xv-de-france?page=10');
    for (const first of ['1', '0', '-3', 'abc', '', '1.5', '2.5', '9007199254740993', 'Infinity'])
      expect(await page(first), first).toBe('/categories/xv-de-france');
    expect(await page(String(Number.MAX_SAFE_INTEGER))).toBe(`/categories/xv-de-france?page=${Number.MAX_SAFE_INTEGER}`);
    // Its own name, when the list calls it otherwise.
    expect((await get('/liste?p=03&page=4')).body).toBe('/liste?p=3');
    expect((await get('/recherche?page=3&query=a')).body).toBe('/recherche?page=3&query=a');
  });

  it('leaves a request without a query, and other methods, as they came', async () => {
    expect((await get('/recherche')).body).toBe('/recherche');
    expect((await get('/recherche?x=1&query=a', { method: 'POST' })).body).toBe('/recherche?x=1&query=a');
    const head = await app.request('http://presse.test/recherche?x=1&query=a', { method: 'HEAD' });
    expect(head.headers.get('x-seen')).toBe('/recherche?query=a');
  });
});

describe('the path in its one spelling (canonicalPath)', () => {
  it('sends an escaped spelling to the plain one (301), its query kept', async () => {
    expect(await get('/categories/r%75gby')).toMatchObject({ status: 301, location: '/categories/rugby' });
    expect(await get('/categories/r%75gby?page=2')).toMatchObject({ status: 301, location: '/categories/rugby?page=2' });
    // Lower-case hex is written upper-case: one spelling of « é ».
    expect(await get('/categories/m%c3%aal%c3%a9e')).toMatchObject({ status: 301, location: '/categories/m%C3%AAl%C3%A9e' });
  });

  it('answers HEAD as GET, re-escapes only the segments written with escapes, and leaves a post alone', async () => {
    const head = await app.request('http://presse.test/categories/r%75gby', { method: 'HEAD' });
    expect([head.status, head.headers.get('location')]).toEqual([301, '/categories/rugby']);
    expect((await get('/categories/r%75gby', { method: 'POST' })).status).not.toBe(301);
    // « : » is kept as written in a segment without escapes.
    expect(await get('/categories/r%75gby/a:b')).toMatchObject({ status: 301, location: '/categories/rugby/a:b' });
  });

  it('leaves the one spelling, a segment that does not decode, and other methods alone', async () => {
    expect(await get('/categories/m%C3%AAl%C3%A9e')).toMatchObject({ status: 200, location: null });
    expect(await get('/categories/rugby')).toMatchObject({ status: 200, location: null });
    expect((await get('/categories/%E0%A4%A')).status).not.toBe(301);
    expect((await get('/recherche%3F', { method: 'POST' })).status).not.toBe(301);
  });
});
