import type { MiddlewareHandler } from 'hono';

// Compressed HTML and JSON. Not Hono's compress(): in Workers, a response that carries a
// Content-Encoding header is encoded by the runtime itself when it is sent (encodeBody
// "automatic"), so compressing in JavaScript as well would send the body gzipped twice. Naming the
// encoding is all it takes, and the runtime's encoder is native and keeps the stream streaming.

const COMPRESSIBLE = /^(text\/html|application\/json|application\/(rss|atom)\+xml|application\/xml|text\/xml|text\/calendar|text\/plain)/;
const MIN_BYTES = 1024;

export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? accepted.get('*') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * What the reader's own request accepts. In front of the worker, Cloudflare (and wrangler dev's
 * proxy) rewrite Accept-Encoding to what the edge wants from the worker and keep the visitor's
 * header in request.cf.clientAcceptEncoding ("" when none was sent); without cf (tests calling the
 * worker directly), the header is the visitor's.
 */
export function visitorAcceptEncoding(request: Request): string | undefined {
  const cf = (request as Request & { cf?: { clientAcceptEncoding?: unknown } }).cf;
  return typeof cf?.clientAcceptEncoding === 'string' ? cf.clientAcceptEncoding : (request.headers.get('accept-encoding') ?? undefined);
}

export const contentEncoding = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.status === 304) return;
  if (res.headers.has('content-encoding') || /no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
  if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
  const length = res.headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return;
  res.headers.append('vary', 'Accept-Encoding');
  const encoding = pickEncoding(visitorAcceptEncoding(c.req.raw));
  if (!encoding) return;
  res.headers.set('content-encoding', encoding);
  res.headers.delete('content-length');
};
