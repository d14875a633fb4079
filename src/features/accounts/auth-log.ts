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

// Firefox cuts a page's requests as soon as the reader starts to leave it and rejects them with a
// plain TypeError (« NetworkError when attempting to fetch resource. ») while the page still runs;
// Chromium and WebKit end the page first. A request lost that way says nothing about the site:
// a failed call is reported only if the page is still the one shown a while later. A log line is
// not urgent; the wait covers a next page that takes its time to come (pagehide fires only then,
// where there is no Navigation API to say it at once).
export const REPORT_AFTER_MS = 3000;
/** Counts the times this page was left (pagehide), and says whether it is being left now. */
let left = 0;
let leaving = false;
let stayed: ReturnType<typeof setTimeout> | undefined;
type NavigateEvent = Event & { destination?: { sameDocument?: boolean }; downloadRequest?: string | null };
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    left++;
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
  // The Navigation API says it when a navigation away starts, before the requests are cut (not a download, which stays).
  (window as { navigation?: EventTarget }).navigation?.addEventListener('navigate', (event) => {
    const e = event as NavigateEvent;
    if (e.destination?.sameDocument || e.downloadRequest) return;
    leaving = true;
    // A navigation that leads nowhere (a 204, a file) leaves the reader here; the last one decides.
    clearTimeout(stayed);
    stayed = setTimeout(() => {
      leaving = false;
    }, 10_000);
  });
}

/**
 * A failed call to /api/auth, for the worker's log (and the console): at once for an answer the
 * site could not take in (CLIENT_SESSION_ERROR); for a request that got no answer
 * (CLIENT_FETCH_ERROR), only if the reader did not leave the page meanwhile (REPORT_AFTER_MS later).
 */
export function reportClientError(code: ClientAuthErrorCode, detail: string): void {
  const report = () => {
    console.warn(code, detail);
    sendAuthLog(code);
  };
  if (code !== 'CLIENT_FETCH_ERROR') {
    report();
    return;
  }
  if (leaving) return;
  const shown = left;
  setTimeout(() => {
    if (!leaving && left === shown) report();
  }, REPORT_AFTER_MS);
}
