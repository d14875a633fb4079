import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientAuthError, csrfToken, fetchSession, readSession } from './api';
import { REPORT_AFTER_MS } from './auth-log';

// The session answer as the browser reads it, named as next-auth's client names its failures.

const session = {
  user: { id: 'u-journaliste', name: 'Camille Lefèvre', email: 'journaliste@example.fr', firstName: 'Camille', lastName: 'Lefèvre' },
  expires: '2026-12-24T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

async function failure(run: () => Promise<unknown>): Promise<ClientAuthError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientAuthError);
  return error as ClientAuthError;
}

describe('readSession', () => {
  it('reads {} and null as signed out, a session as it is, RefreshAccessTokenError included', () => {
    expect(readSession({})).toBeNull();
    expect(readSession(null)).toBeNull();
    expect(readSession(session)).toEqual(session);
    expect(readSession({ ...session, error: 'RefreshAccessTokenError' })).toEqual({ ...session, error: 'RefreshAccessTokenError' });
  });

  it('names CLIENT_SESSION_ERROR a session answer with another error, or one that is not a session', async () => {
    for (const body of [
      { ...session, error: 'JWTSessionError' },
      { error: 'Configuration' },
      { expires: session.expires },
      { ...session, user: { ...session.user, id: '' } },
      { ...session, expires: 3 },
      'session',
      [session],
    ]) {
      expect(await failure(async () => readSession(body)), JSON.stringify(body)).toMatchObject({ code: 'CLIENT_SESSION_ERROR' });
    }
  });
});

describe('fetchSession', () => {
  const answer = (respond: () => Promise<Response>) => vi.stubGlobal('fetch', vi.fn(respond));

  it('asks /api/auth/session with the cookies and reads the answer', async () => {
    answer(async () => Response.json(session));
    expect(await fetchSession()).toEqual(session);
    expect(vi.mocked(fetch).mock.calls[0]).toEqual([
      '/api/auth/session',
      { credentials: 'same-origin', headers: { accept: 'application/json' } },
    ]);
    answer(async () => Response.json({}));
    expect(await fetchSession()).toBeNull();
  });

  it('names CLIENT_FETCH_ERROR no answer, an answer that is not JSON, and an HTTP error', async () => {
    answer(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failure(fetchSession)).toMatchObject({ code: 'CLIENT_FETCH_ERROR', message: 'session: Failed to fetch' });
    answer(async () => new Response('<!doctype html><title>Erreur</title>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect((await failure(fetchSession)).code).toBe('CLIENT_FETCH_ERROR');
    answer(async () => Response.json({ message: 'Erreur interne' }, { status: 500 }));
    expect(await failure(fetchSession)).toMatchObject({ code: 'CLIENT_FETCH_ERROR', message: 'session: HTTP 500' });
  });

  it('names CLIENT_SESSION_ERROR a JSON answer that is not a usable session', async () => {
    answer(async () => Response.json({ ...session, error: 'SessionTokenError' }));
    expect((await failure(fetchSession)).code).toBe('CLIENT_SESSION_ERROR');
  });
});

describe('csrfToken', () => {
  it('logs a failed /csrf as CLIENT_FETCH_ERROR (once the page is still shown a while later), then asks again next time', async () => {
    vi.useFakeTimers();
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(csrfToken()).rejects.toThrow('Failed to fetch');
    // Not before: a request cut because the reader is leaving is no error (auth-log.ts).
    expect(sendBeacon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REPORT_AFTER_MS);
    vi.useRealTimers();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(String((sendBeacon.mock.calls[0] as unknown[])[1])).toBe('level=error&code=CLIENT_FETCH_ERROR');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ csrfToken: 'abc' })),
    );
    expect(await csrfToken()).toBe('abc');
  });
});

describe('signOut', () => {
  it('opens the page that signs out without JavaScript when the CSRF token cannot be had', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign }, addEventListener: () => undefined });
    vi.stubGlobal('fetch', async () => new Response('Service Unavailable', { status: 503 }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A fresh module: the token the tests above fetched is remembered by the one they imported.
    vi.resetModules();
    const { signOut } = await import('./api');
    await signOut('/', '/deconnexion');
    expect(assign).toHaveBeenCalledWith('/deconnexion');
  });
});
