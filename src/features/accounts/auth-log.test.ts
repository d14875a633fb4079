import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_LOG_PATH, authLogBody, sendAuthLog } from './auth-log';

afterEach(() => vi.unstubAllGlobals());

describe('the _log beacon', () => {
  it('carries the level and the code, form-encoded, as next-auth’s client sends them', () => {
    expect(AUTH_LOG_PATH).toBe('/api/auth/_log');
    expect(authLogBody('error', 'CLIENT_FETCH_ERROR').toString()).toBe('level=error&code=CLIENT_FETCH_ERROR');
    expect(Object.fromEntries(authLogBody('error', 'CLIENT_SESSION_ERROR'))).toEqual({ level: 'error', code: 'CLIENT_SESSION_ERROR' });
  });

  it('goes with navigator.sendBeacon, at level error by default', () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    const fetch = vi.fn();
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('fetch', fetch);
    sendAuthLog('CLIENT_FETCH_ERROR');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/auth/_log');
    // A URLSearchParams body: the browser sends it as application/x-www-form-urlencoded.
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(String(body)).toBe('level=error&code=CLIENT_FETCH_ERROR');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to fetch with keepalive when the beacon is refused or missing', async () => {
    const fetch = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    sendAuthLog('CLIENT_SESSION_ERROR', 'warn');
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('Beacons are disabled');
      },
    });
    sendAuthLog('CLIENT_SESSION_ERROR');
    vi.stubGlobal('navigator', {});
    sendAuthLog('CLIENT_FETCH_ERROR');
    expect(
      fetch.mock.calls.map((call) => [
        (call as unknown[])[0],
        String(((call as unknown[])[1] as RequestInit).body),
        ((call as unknown[])[1] as RequestInit).keepalive,
      ]),
    ).toEqual([
      ['/api/auth/_log', 'level=warn&code=CLIENT_SESSION_ERROR', true],
      ['/api/auth/_log', 'level=error&code=CLIENT_SESSION_ERROR', true],
      ['/api/auth/_log', 'level=error&code=CLIENT_FETCH_ERROR', true],
    ]);
  });

  it('never throws, not even where there is nothing to send with', () => {
    vi.stubGlobal('navigator', undefined);
    expect(() => sendAuthLog('CLIENT_FETCH_ERROR')).not.toThrow();
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(() => sendAuthLog('CLIENT_FETCH_ERROR')).not.toThrow();
  });
});

// Issue 40, item 5: Firefox rejects the session read in flight as soon as the reader leaves the
// page, while its script still runs; that was logged as CLIENT_FETCH_ERROR.
describe('a request cut by leaving the page is not an error', () => {
  async function page() {
    vi.resetModules();
    vi.useFakeTimers();
    const window = new EventTarget();
    const navigation = new EventTarget();
    Object.assign(window, { navigation });
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('window', window);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('console', { ...console, warn: vi.fn() });
    const { reportClientError, REPORT_AFTER_MS } = await import('./auth-log');
    return { window, navigation, sendBeacon, reportClientError, later: () => vi.advanceTimersByTimeAsync(REPORT_AFTER_MS) };
  }
  const navigate = (sameDocument: boolean, downloadRequest: string | null = null) =>
    Object.assign(new Event('navigate'), { destination: { sameDocument }, downloadRequest });
  afterEach(() => vi.useRealTimers());

  it('is logged when the page is still shown a moment later', async () => {
    const { sendBeacon, reportClientError, later } = await page();
    reportClientError('CLIENT_FETCH_ERROR', 'session: Failed to fetch');
    await vi.advanceTimersByTimeAsync(100);
    expect(sendBeacon).not.toHaveBeenCalled();
    await later();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('is not logged when the page is left meanwhile (Firefox: the request fails first, then pagehide)', async () => {
    const { window, sendBeacon, reportClientError, later } = await page();
    reportClientError('CLIENT_FETCH_ERROR', 'session: NetworkError when attempting to fetch resource.');
    // The next page took its time: pagehide comes late, still before the report.
    await vi.advanceTimersByTimeAsync(2000);
    window.dispatchEvent(new Event('pagehide'));
    await later();
    expect(sendBeacon).not.toHaveBeenCalled();
    // Back from the back-forward cache: the timer that was held resumes, and still says nothing.
    window.dispatchEvent(new Event('pageshow'));
    await later();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('is not logged once a navigation away has started (Navigation API), but is for one that stays on the page', async () => {
    const { navigation, sendBeacon, reportClientError, later } = await page();
    navigation.dispatchEvent(navigate(true));
    navigation.dispatchEvent(navigate(false, 'kit-presse.zip'));
    reportClientError('CLIENT_FETCH_ERROR', 'session: Failed to fetch');
    await later();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    navigation.dispatchEvent(navigate(false));
    reportClientError('CLIENT_FETCH_ERROR', 'session: NetworkError when attempting to fetch resource.');
    await later();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('a navigation that led nowhere (a 204, a file) leaves the reader here: later failures are logged again', async () => {
    const { navigation, sendBeacon, reportClientError, later } = await page();
    navigation.dispatchEvent(navigate(false));
    await vi.advanceTimersByTimeAsync(6000);
    // A second one restarts the wait: the first one's end does not cut it short.
    navigation.dispatchEvent(navigate(false));
    await vi.advanceTimersByTimeAsync(6000);
    reportClientError('CLIENT_FETCH_ERROR', 'session: Failed to fetch');
    await later();
    expect(sendBeacon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4000);
    reportClientError('CLIENT_FETCH_ERROR', 'session: Failed to fetch');
    await later();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('an answer the site could not take in is logged at once, whatever the page does', async () => {
    const { window, sendBeacon, reportClientError } = await page();
    reportClientError('CLIENT_SESSION_ERROR', 'session: malformed');
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});
