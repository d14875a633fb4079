import type { z } from 'zod';

// The one way the worker calls an upstream: a deadline on every call, a typed failure instead of
// an exception zoo, and JSON validated before anyone reads it.

export type UpstreamFailure = 'timeout' | 'network' | 'status' | 'malformed' | 'not-found';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    readonly url: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(`${kind}${status ? ` ${status}` : ''}${code ? ` ${code}` : ''} on ${redact(url)}`);
    this.name = 'UpstreamError';
  }
}

/** Query strings may carry keys (Algolia) or tokens: logs never show them. */
function redact(url: string): string {
  const i = url.indexOf('?');
  return i < 0 ? url : `${url.slice(0, i)}?…`;
}

export type JsonResponse<T> = { data: T; headers: Headers; status: number };

export type RequestOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: BodyInit;
  timeoutMs: number;
};

export async function requestJson<S extends z.ZodType>(
  url: string,
  schema: S,
  options: RequestOptions,
): Promise<JsonResponse<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: { accept: 'application/json', ...options.headers },
      body: options.body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new UpstreamError(timedOut ? 'timeout' : 'network', url);
  }

  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new UpstreamError(response.ok ? 'malformed' : 'status', url, response.status);
  }
  if (!response.ok) {
    const code = typeof raw === 'object' && raw && 'code' in raw ? String((raw as { code: unknown }).code) : undefined;
    throw new UpstreamError(response.status === 404 ? 'not-found' : 'status', url, response.status, code);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new UpstreamError('malformed', url, response.status);
  return { data: parsed.data, headers: response.headers, status: response.status };
}

export function basicAuth(credentials: string): string {
  const bytes = new TextEncoder().encode(credentials);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}
