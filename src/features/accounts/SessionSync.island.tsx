import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, ClientAuthError, fetchSession, getPrefs } from './api';
import { reportClientError } from './auth-log';
import { journalistModalSeen } from './journalist-modal-memory';
import { STANDINGS, standingOf } from './journalist-standing';
import { profileAtom, sessionAtom } from './state';
import { openModalAtom, showSnackbarAtom } from '../../state/ui';

export const SESSION_POLL_MS = 60_000;

/**
 * Keeps the shared session and profile up to date for every island: at load, on window focus and
 * every 60 s (SPEC §4, §9). Renders nothing.
 */
export default function SessionSync() {
  const [session, setSession] = useAtom(sessionAtom);
  const [profile, setProfile] = useAtom(profileAtom);
  const openModal = useSetAtom(openModalAtom);

  // The profile is fetched when a session exists and the profile is missing or not identified
  // (SPEC §4): once when the session starts, then again only on focus and on the poll while it
  // stays unidentified, so an account WordPress has not identified yet is not asked in a loop.
  const profileNow = useRef(profile);
  profileNow.current = profile;
  const fetchedFor = useRef<string | null>(null);

  const loadProfile = useCallback(() => {
    setProfile({ status: 'loading', data: profileNow.current.data });
    getPrefs().then(
      (data) => setProfile({ status: 'success', data }),
      // SPEC §8: keep the server's error code, or the message when there was no response.
      (error) => {
        const code = error instanceof ApiError ? error.code : String(error);
        setProfile({ status: 'failure', data: null, error: code });
        // The provider no longer knows this session (the worker has ended it): signed out, and told so.
        if (code === 'RefreshAccessTokenError') {
          setSession({ status: 'unauthenticated' });
          openModal({ kind: 'DISCONNECTED' });
        }
      },
    );
  }, [setProfile, setSession, openModal]);

  const refresh = useCallback(() => {
    fetchSession()
      .then((data) => {
        setSession(data ? { status: 'authenticated', data } : { status: 'unauthenticated' });
        const current = profileNow.current;
        if (data && !data.error && fetchedFor.current === data.user.id && current.status !== 'loading' && !current.data?.identifie)
          loadProfile();
      })
      .catch((error: unknown) => {
        // SPEC §8: logged to the worker (/api/auth/_log). The session shown stays as it was: a lost
        // answer does not sign anyone out; the next focus or poll asks again. Like next-auth's
        // SessionProvider (packages/next-auth/src/react/index.tsx), anything else that goes wrong
        // while taking the session in is CLIENT_SESSION_ERROR.
        // A request cut because the reader is leaving the page is not one (auth-log.ts).
        const code = error instanceof ClientAuthError ? error.code : 'CLIENT_SESSION_ERROR';
        reportClientError(code, error instanceof Error ? error.message : String(error));
      });
  }, [setSession, loadProfile]);

  // Just signed out (the worker marked this page for it, src/auth/signed-out.server.ts): said once.
  const showSnackbar = useSetAtom(showSnackbarAtom);
  useEffect(() => {
    const root = document.documentElement;
    if (!root.hasAttribute('data-signed-out')) return;
    root.removeAttribute('data-signed-out');
    showSnackbar('Vous êtes déconnecté. À bientôt\u202f!');
  }, [showSnackbar]);

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, SESSION_POLL_MS);
    const onFocus = () => refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  const signedIn = session.status === 'authenticated';
  const expired = signedIn && session.data.error === 'RefreshAccessTokenError';
  const userId = signedIn ? session.data.user.id : null;

  useEffect(() => {
    if (expired) openModal({ kind: 'DISCONNECTED' });
  }, [expired, openModal]);

  useEffect(() => {
    if (!userId || expired) {
      fetchedFor.current = null;
      return;
    }
    if (fetchedFor.current === userId) return;
    fetchedFor.current = userId;
    if (!profileNow.current.data?.identifie) loadProfile();
  }, [userId, expired, loadProfile]);

  useEffect(() => {
    if (!signedIn) {
      if (session.status === 'unauthenticated' && profile.status !== 'initial') setProfile({ status: 'initial', data: null });
      return;
    }
    if (profile.status !== 'success') return;
    // SPEC §4, by where the reader stands: the information asked for, or the status never asked
    // for; nothing once sent or settled (journalist-standing.ts).
    const modal = STANDINGS[standingOf(profile.data)].modal;
    if (modal === null || journalistModalSeen()) return;
    openModal({ kind: modal });
  }, [signedIn, session.status, profile, setProfile, openModal]);

  return null;
}
