// Algolia's search REST API (the read side) over the in-memory engine. Every path of the real API
// starts with /1/ (algolia/api-clients-automation, specs/search/spec.yml), so the upstream mounts
// this app at ALGOLIA_PREFIX and the routes below are relative to it: the emulator owns /1/* and
// nothing else. Browsers call it directly: CORS is open, and the credentials may come in headers or
// in the query string, as the JS clients send them.

import { Hono, type Context } from 'hono';
import type { SearchEngine, SearchResponse } from './engine';
import { AlgoliaError, badRequest, objectNotFound } from './errors';
import { parseParamsString, type RawParams } from './params';

/** Where the clients look for the API on their host (`hosts` give no path). */
export const ALGOLIA_PREFIX = '/1';

export type AlgoliaRouteOptions = { appId: string; apiKeys: string[] };

const JSON_TYPE = 'application/json; charset=UTF-8';

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': JSON_TYPE, 'access-control-allow-origin': '*' },
  });
}

function replyError(error: unknown): Response {
  if (error instanceof AlgoliaError) return reply(error.toJSON(), error.status);
  console.error('[algolia]', error);
  return reply({ message: 'Internal error', status: 500 }, 500);
}

/** Runs a handler, turning thrown AlgoliaErrors into Algolia's {message, status} answers. */
const handle =
  (fn: (c: Context) => Promise<Response> | Response) =>
  async (c: Context): Promise<Response> => {
    try {
      return await fn(c);
    } catch (error) {
      return replyError(error);
    }
  };

function param(c: Context, name: string): string {
  return c.req.param(name) ?? '';
}

function credential(c: Context, name: string): string | undefined {
  return c.req.header(name) ?? c.req.query(name);
}

/** Reads the body as JSON whatever the content-type (the clients send text/plain); gzip allowed. */
async function readJson(c: Context): Promise<unknown> {
  let bytes = new Uint8Array(await c.req.arrayBuffer());
  if ((c.req.header('content-encoding') ?? '').toLowerCase() === 'gzip') {
    try {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    } catch {
      throw badRequest('Invalid JSON');
    }
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Invalid JSON');
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Search parameters of one request: its JSON fields, overridden by its URL-encoded `params`. */
function searchParams(body: Record<string, unknown>, omit: readonly string[]): RawParams {
  const { params, ...rest } = body;
  const out: RawParams = {};
  for (const [k, v] of Object.entries(rest)) if (!omit.includes(k) && v !== undefined) out[k] = v;
  if (typeof params === 'string') Object.assign(out, parseParamsString(params));
  else if (isObject(params)) Object.assign(out, params);
  else if (params !== undefined) throw badRequest('Invalid value for "params" parameter, expected string');
  return out;
}

const MULTI_QUERY_FIELDS = ['indexName', 'type', 'facet', 'facetQuery', 'maxFacetHits'] as const;

export function createAlgoliaRoutes(engine: SearchEngine, options: AlgoliaRouteOptions): Hono {
  const app = new Hono();
  const keys = new Set(options.apiKeys);

  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
          'access-control-allow-headers':
            c.req.header('access-control-request-headers') ??
            'content-type, x-algolia-application-id, x-algolia-api-key, x-algolia-agent, request-id',
          'access-control-max-age': '86400',
        },
      });
    }
    const appId = credential(c, 'x-algolia-application-id');
    const apiKey = credential(c, 'x-algolia-api-key');
    if (appId !== options.appId || apiKey === undefined || !keys.has(apiKey)) {
      return reply({ message: 'Invalid Application-ID or API key', status: 403 }, 403);
    }
    await next();
  });

  // Multi-queries: what liteClient.search() and client.search() send.
  app.post(
    '/indexes/:index/queries',
    handle(async (c) => {
      if (param(c, 'index') !== '*') return reply({ message: 'Not Found', status: 404 }, 404);
      const body = await readJson(c);
      if (!isObject(body) || !Array.isArray(body.requests)) throw badRequest('Missing parameter: requests');
      if (body.strategy !== undefined && body.strategy !== 'none' && body.strategy !== 'stopIfEnoughMatches') {
        throw badRequest('Invalid value for "strategy" parameter, expected one of none, stopIfEnoughMatches');
      }
      const results: SearchResponse[] = body.requests.map((request: unknown) => {
        if (!isObject(request)) throw badRequest('Invalid value for "requests" parameter, expected array of objects');
        if (typeof request.indexName !== 'string' || request.indexName === '') throw badRequest('Missing parameter: indexName');
        if (request.type === 'facet') throw badRequest('Facet value searches (type: facet) are not supported by this emulator');
        return engine.search(request.indexName, searchParams(request, MULTI_QUERY_FIELDS));
      });
      return reply({ results });
    }),
  );

  // getObjects: several records by objectID.
  app.post(
    '/indexes/:index/objects',
    handle(async (c) => {
      if (param(c, 'index') !== '*') return reply({ message: 'Not Found', status: 404 }, 404);
      const body = await readJson(c);
      if (!isObject(body) || !Array.isArray(body.requests)) throw badRequest('Missing parameter: requests');
      const results = body.requests.map((request: unknown) => {
        if (!isObject(request) || typeof request.indexName !== 'string' || typeof request.objectID !== 'string') {
          throw badRequest('Invalid value for "requests" parameter, expected array of {indexName, objectID}');
        }
        const attributes = Array.isArray(request.attributesToRetrieve) ? (request.attributesToRetrieve as string[]) : undefined;
        try {
          return engine.getObject(request.indexName, request.objectID, attributes);
        } catch (error) {
          if (error instanceof AlgoliaError && error.message === objectNotFound().message) return null;
          throw error;
        }
      });
      return reply({ results });
    }),
  );

  // Single-index search: client.searchSingleIndex() (JSON params) and older clients ({params: "…"}).
  app.post(
    '/indexes/:index/query',
    handle(async (c) => {
      const body = await readJson(c);
      if (!isObject(body)) throw badRequest('Invalid JSON');
      return reply(engine.search(param(c, 'index'), searchParams(body, [])));
    }),
  );

  // Search by GET: every query-string parameter except the credentials and agent.
  app.get(
    '/indexes/:index',
    handle((c) => {
      const query: RawParams = {};
      for (const [k, v] of new URL(c.req.url).searchParams) {
        if (!k.toLowerCase().startsWith('x-algolia-')) query[k] = v;
      }
      return reply(engine.search(param(c, 'index'), searchParams(query, [])));
    }),
  );

  app.get(
    '/indexes/:index/:objectID',
    handle((c) => {
      const list = c.req.query('attributesToRetrieve');
      const attributes =
        list === undefined
          ? undefined
          : list
              .split(',')
              .map((a) => a.trim())
              .filter(Boolean);
      return reply(engine.getObject(param(c, 'index'), param(c, 'objectID'), attributes));
    }),
  );

  app.all('*', () => reply({ message: 'Not Found', status: 404 }, 404));

  return app;
}
