import { spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';

export type WordPressContext = {
  url: string;
  abspath: string;
  debugLog: string;
  overridesFile: string;
  /** `preview` is the worker's WP_PREVIEW_CREDENTIALS: an editor with that application password. */
  users: Record<'admin' | 'editor' | 'preview', WordPressUser>;
  categories: Record<string, number>;
  timings: Record<string, number | boolean>;
  siteUrl: string;
  purgeSecret: string;
  /** The worker's FORMS_SECRET, which the plugin checks accreditation requests with (FFR_PRESSE_FORMS_SECRET). */
  formsSecret: string;
  /** What the plugin signs links with (FFR_PRESSE_SITE_URL, FFR_PRESSE_PREVIEW_SECRET), and WP_PREVIEW_CREDENTIALS. */
  preview: { siteUrl: string; secret: string; credentials: string };
};

export type WordPressUser = { id: number; login: string; password: string; applicationPassword: string };

declare module 'vitest' {
  export interface ProvidedContext {
    wordpress: WordPressContext;
  }
}

export const wp = inject('wordpress');
const EVAL = fileURLToPath(new URL('./wp-eval.php', import.meta.url));

/** PHP run inside WordPress (wp-load.php), as a user; resolves with the code's return value and the process's duration. */
export function php<T = unknown>(code: string, { as = '' }: { as?: 'admin' | 'redaction' | '' } = {}): Promise<{ result: T; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    // Asynchronous on purpose: the plugin may be calling a server of this very process at shutdown.
    const child = spawn('php', [EVAL, wp.abspath, as], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      const marker = out.lastIndexOf('@@FFR-RESULT@@');
      if (code !== 0 || marker < 0) return reject(new Error(`php a échoué (${code}) : ${err}\n${out.slice(-2000)}`));
      resolve({ result: JSON.parse(out.slice(marker + '@@FFR-RESULT@@'.length)) as T, ms });
    });
    child.stdin.end(code);
  });
}

/** WordPress's own REST API (wp/v2), as the block editor calls it, with an application password. */
export async function rest<T = any>(method: string, path: string, body?: unknown, user: 'admin' | 'editor' = 'editor') {
  const u = wp.users[user];
  const t0 = performance.now();
  const res = await fetch(`${wp.url}/wp-json/wp/v2${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${u.login}:${u.applicationPassword}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  // The body ends when PHP ends, shutdown hooks included: this is the time the editor waits.
  return { status: res.status, json, ms: performance.now() - t0 };
}

/** The worker, without following redirects. */
export async function site(path: string) {
  const res = await fetch(`${wp.siteUrl}${path}`, { redirect: 'manual' });
  return { status: res.status, cache: res.headers.get('x-ffr-cache'), location: res.headers.get('location'), text: await res.text() };
}

/** Requests a page until the worker serves it from its cache. */
export async function warm(path: string) {
  const seen: string[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await site(path);
    expect(r.status, `${path} : ${r.text.slice(0, 300)}`).toBe(200);
    seen.push(String(r.cache));
    if (r.cache === 'HIT' || (r.cache === null && i > 0)) return r;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} n'est jamais servi depuis le cache (${seen.join(' ')})`);
}

/**
 * A REST call anywhere under /wp-json: as a user with an application password (basic auth), with a
 * session's cookies (and the REST nonce, as wp.apiFetch sends it), or anonymous (null).
 */
export async function api<T = any>(
  method: string,
  path: string,
  body?: unknown,
  auth:
    | 'admin'
    | 'editor'
    | 'preview'
    | Pick<WordPressUser, 'login' | 'applicationPassword'>
    | { cookies: string; nonce?: string }
    | null = null,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const as = typeof auth === 'string' ? wp.users[auth] : auth;
  if (as && 'applicationPassword' in as)
    headers.authorization = `Basic ${Buffer.from(`${as.login}:${as.applicationPassword}`).toString('base64')}`;
  if (as && 'cookies' in as) {
    headers.cookie = as.cookies;
    if (as.nonce) headers['x-wp-nonce'] = as.nonce;
  }
  const res = await fetch(`${wp.url}/wp-json${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as T };
}

/** The signature the worker expects of a link: base64url, unpadded, HMAC-SHA256 of « ffr-presse:{purpose}:{id}:{exp} ». */
export const linkSignature = (purpose: 'apercu' | 'embargo', postId: number, exp: number) =>
  createHmac('sha256', wp.preview.secret).update(`ffr-presse:${purpose}:${postId}:${exp}`).digest('base64url');

/** Changes the plugin's constants for the following requests (read by the test wp-config.php). */
export async function overridePurge(
  values: {
    url?: string;
    secret?: string;
    timeout?: number;
    unconfigured?: boolean;
    siteUrl?: string;
    previewSecret?: string;
    previewTtl?: number;
    previewUnconfigured?: boolean;
    formsSecret?: string;
    formsSecretPrevious?: string;
    formsUnconfigured?: boolean;
  } | null,
) {
  if (values === null) await rm(wp.overridesFile, { force: true });
  else await writeFile(wp.overridesFile, JSON.stringify(values));
}

/** A body as the plugin queued it: the `nonce` it adds to every send taken out. */
export function withoutNonce(body: string): string {
  try {
    const { nonce: _, ...rest } = JSON.parse(body) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return body;
  }
}

/** `json`: the body without its `nonce`, which the plugin adds to every send (`nonce` beside it). */
export type Received = { body: string; json: any; nonce: unknown; headers: IncomingHttpHeaders; signed: boolean };

/** A stand-in for the worker that counts what it receives and checks each signature. */
export async function countingServer(secret = wp.purgeSecret) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const ts = String(req.headers['x-ffr-timestamp'] ?? '');
      const expected = createHmac('sha256', secret).update(`${ts}.${body}`).digest();
      const given = Buffer.from(String(req.headers['x-ffr-signature'] ?? ''), 'base64');
      const fresh = Math.abs(Date.now() / 1000 - Number(ts)) <= 300;
      const signed = fresh && given.length === expected.length && timingSafeEqual(given, expected);
      let json: any = null;
      try {
        json = JSON.parse(body);
      } catch {}
      const nonce = json && typeof json === 'object' ? json.nonce : undefined;
      if (json && typeof json === 'object') delete json.nonce;
      received.push({ body, json, nonce, headers: req.headers, signed });
      res.writeHead(signed ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(signed ? { purged: [] } : { error: 'invalid_signature', message: 'Signature absente, invalide ou expirée.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/purge`,
    received,
    reset: () => void (received.length = 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port that accepts connections and never answers (a hung worker). */
export async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createTcpServer((s) => void sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/purge`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (a worker that is down). */
export async function closedPortUrl() {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/purge`;
}

/** The plugin's options, as stored. */
export async function pluginState() {
  const { result } = await php<{
    lastResult: { ok: boolean; status: number; message: string; error: string; body: string; time: number } | false;
    lastError: { status: number; message: string; error: string; retry: boolean; time: number } | false;
    queue: Array<{ body: string; attempts: number }>;
    nextRetry: number | false;
    /** When a later admin or REST request may retry the queue (the plugin's own record of nextRetry). */
    retryAt: number | false;
    /** What wp_mail() was given (test/wordpress/wp-eval.php keeps it). */
    mails: Array<{ to: string; subject: string; message: string }>;
    now: number;
  }>(`return [
    'lastResult' => get_option('ffr_presse_purge_last_result'),
    'lastError' => get_option('ffr_presse_purge_last_error'),
    'queue' => get_option('ffr_presse_purge_queue', []),
    'nextRetry' => wp_next_scheduled('ffr_presse_purge_retry'),
    'retryAt' => ($at = get_option('ffr_presse_purge_retry_at')) === false ? false : (int) $at,
    'mails' => file_exists(ABSPATH . 'ffr-test-outbox.json') ? json_decode(file_get_contents(ABSPATH . 'ffr-test-outbox.json'), true) : [],
    'now' => time(),
  ];`);
  return result;
}

/**
 * Runs the plugin's retry event now, the way wp-cron.php runs a due event: its time has come, so the
 * queue's due time is brought to now first (the plugin makes one pass per due time).
 */
export async function runRetryEvent() {
  return php<boolean>(`
    $ts = wp_next_scheduled('ffr_presse_purge_retry');
    if (!$ts) return false;
    wp_unschedule_event($ts, 'ffr_presse_purge_retry');
    update_option('ffr_presse_purge_retry_at', time());
    do_action('ffr_presse_purge_retry');
    return true;`);
}

/** Empties the plugin's queue and forgets its last error, as if nothing had failed. */
export async function clearPurgeState() {
  await php(`
    foreach (['ffr_presse_purge_queue', 'ffr_presse_purge_retry_at', 'ffr_presse_purge_retry_lock', 'ffr_presse_purge_last_error'] as $o) delete_option($o);
    @unlink(ABSPATH . 'ffr-test-outbox.json');
    wp_clear_scheduled_hook('ffr_presse_purge_retry');
    return true;`);
}

/** A stand-in for the worker that answers every purge with this status and counts them. */
export async function statusServer(status: number, message = `Réponse ${status} de test.`) {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push(withoutNonce(body));
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { purged: [] } : { error: `status_${status}`, message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/purge`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The admin notices a user sees, as wp-admin renders them. */
export async function adminNotices(as: 'admin' | 'redaction') {
  const { result } = await php<string>(`ob_start(); do_action('admin_notices'); return ob_get_clean();`, { as });
  return result;
}

/** Signs in through wp-login.php and returns the cookies of the session. */
export async function login(user: 'admin' | 'editor') {
  const u = wp.users[user];
  const res = await fetch(`${wp.url}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    body: new URLSearchParams({ log: u.login, pwd: u.password, testcookie: '1', redirect_to: `${wp.url}/wp-admin/` }),
  });
  expect(res.status, 'connexion à WordPress').toBe(302);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** A wp-admin page with the user's cookies. */
export async function admin(path: string, cookies: string, referer?: string) {
  const res = await fetch(path.startsWith('http') ? path : `${wp.url}/wp-admin/${path}`, {
    redirect: 'manual',
    headers: { cookie: cookies, ...(referer ? { referer } : {}) },
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

export const decodeEntities = (s: string) =>
  s
    .replace(/&#0?39;/g, "'")
    .replace(/&#0?38;|&amp;/g, '&')
    .replace(/&#8217;/g, '’')
    .replace(/&nbsp;|&#160;/g, '\u00a0')
    .replace(/&#8239;/g, '\u202f');

/** PHP warnings and notices WordPress logged (WP_DEBUG_LOG) that come from the plugin. */
export async function pluginWarnings() {
  const { readFile } = await import('node:fs/promises');
  const log = await readFile(wp.debugLog, 'utf8').catch(() => '');
  return log.split('\n').filter((line) => line.includes('ffr-presse-purge'));
}
