// The client's half of /api/auth/_log (SPEC §7 « POST /_log beacon with level, code », §8). As
// next-auth v4's client does (packages/next-auth/src/utils/logger.ts, proxyLogger): the level and
// the code, form-encoded, sent with navigator.sendBeacon so that it goes even while the page
// unloads; fetch with keepalive where there is no beacon. src/auth/auth-js.server.ts logBeacon
// reads it and writes an « auth.client » event with the code to the worker’s log.

/** next-auth's client codes (packages/next-auth/src/client/_utils.ts fetchData, react/index.tsx). */
export type ClientAuthErrorCode = 'CLIENT_FETCH_ERROR' | 'CLIENT_SESSION_ERROR';
export type AuthLogLevel = 'error' | 'warn' | 'debug';

export const AUTH_LOG_PATH = '/api/auth/_log';

/** The beacon's body: what logBeacon reads. No message, no address: nothing personal leaves. */
export function authLogBody(level: AuthLogLevel, code: ClientAuthErrorCode): URLSearchParams {
  return new URLSearchParams({ level, code });
}

/** Sends one log line to the worker; never throws, never waits. */
export function sendAuthLog(code: ClientAuthErrorCode, level: AuthLogLevel = 'error'): void {
  if (typeof navigator === 'undefined') return;
  const body = authLogBody(level, code);
  try {
    // false: the browser's beacon queue is full; the same request through fetch then.
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(AUTH_LOG_PATH, body)) return;
  } catch {
    // A beacon refused outright (some privacy settings): fetch below.
  }
  if (typeof fetch === 'function')
    void fetch(AUTH_LOG_PATH, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}
