import { Auth } from '@auth/core';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { safeCallbackPath } from './callback-url';
import { AUTH_BASE_PATH, authConfig, PROVIDER_ID } from './config.server';

// /api/auth/* — Auth.js, plus what the site's callers expect of it (SPEC §2, §7) that @auth/core
// does not do: the _log beacon, `json=true` answered with {url}, {} for no session, and the
// redirects for a missing or unknown provider.

const LOG_LEVELS = new Set(['error', 'warn', 'debug']);

async function logBeacon(c: Context<AppEnv>) {
  let fields: Record<string, string> = {};
  const type = c.req.header('content-type') ?? '';
  try {
    fields = type.includes('application/json')
      ? ((await c.req.json()) as Record<string, string>)
      : (Object.fromEntries(new URLSearchParams(await c.req.text())) as Record<string, string>);
  } catch {
    return c.json({ error: 'invalid_body', message: 'Corps de requête illisible.' }, 400);
  }
  const level = LOG_LEVELS.has(fields.level ?? '') ? fields.level! : 'error';
  const code = String(fields.code ?? 'UNKNOWN').slice(0, 100);
  console[level as 'error' | 'warn' | 'debug'](`[auth:client] ${code}`);
  return c.json({});
}

export async function authRoute(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const action = url.pathname.slice(AUTH_BASE_PATH.length + 1).split('/');
  if (action[0] === '_log' && c.req.method === 'POST') return logBeacon(c);

  // signin/{provider} for a provider we do not have: back to the sign-in page, keeping callbackUrl.
  if ((action[0] === 'signin' || action[0] === 'callback') && action[1] && action[1] !== PROVIDER_ID) {
    const callbackUrl = safeCallbackPath(url.searchParams.get('callbackUrl'), url.origin);
    return c.redirect(`${AUTH_BASE_PATH}/signin?${new URLSearchParams({ callbackUrl })}`, 302);
  }

  let request = c.req.raw;
  if (request.method === 'POST' && (request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    const body = await request.clone().text();
    const form = new URLSearchParams(body);
    const headers = new Headers(request.headers);
    // next-auth v4 callers post json=true and expect {url}; @auth/core wants this header instead.
    if (form.get('json') === 'true') headers.set('X-Auth-Return-Redirect', '1');
    if (form.has('callbackUrl')) form.set('callbackUrl', safeCallbackPath(form.get('callbackUrl'), url.origin));
    request = new Request(request.url, { method: 'POST', headers, body: form.toString() });
  }

  // Auth.js answers redirects with Response.redirect(), whose headers are immutable: copy them so
  // that the security headers can still be added on the way out.
  const answer = await Auth(request, authConfig(c.var.config));
  const response = new Response(answer.body, answer);
  if (action[0] === 'session' && request.method === 'GET') {
    const body = await response.clone().text();
    if (body === 'null' || body === '') {
      const headers = new Headers(response.headers);
      headers.set('content-type', 'application/json');
      headers.set('cache-control', 'private, no-store');
      return new Response('{}', { status: 200, headers });
    }
  }
  return response;
}

/** A CSRF token for a server-rendered form, with the cookie it needs. */
export async function csrfFor(c: Context<AppEnv>): Promise<{ token: string; setCookie: string[] }> {
  const origin = new URL(c.req.url).origin;
  const res = await Auth(new Request(`${origin}${AUTH_BASE_PATH}/csrf`, { headers: { cookie: c.req.header('cookie') ?? '' } }), authConfig(c.var.config));
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { token: csrfToken, setCookie: res.headers.getSetCookie() };
}
