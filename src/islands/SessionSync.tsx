import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { ApiError, fetchSession, getPrefs } from '../account/api';
import { profileAtom, sessionAtom } from '../state/account';
import { openModalAtom } from '../state/ui';

export const SESSION_POLL_MS = 60_000;
export const JOURNALIST_MODAL_SEEN = 'ffr-journalist-modal-seen';
const SETTLED_STATUSES = ['oui', 'non', 'a_valider', 'refuse'];

/**
 * Keeps the shared session and profile up to date for every island: at load, on window focus and
 * every 60 s (SPEC §4, §9). Renders nothing.
 */
export default function SessionSync() {
  const [session, setSession] = useAtom(sessionAtom);
  const [profile, setProfile] = useAtom(profileAtom);
  const openModal = useSetAtom(openModalAtom);

  const refresh = useCallback(() => {
    fetchSession().then(
      (data) => setSession(data ? { status: 'authenticated', data } : { status: 'unauthenticated' }),
      () => console.warn('CLIENT_SESSION_ERROR'),
    );
  }, [setSession]);

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

  useEffect(() => {
    if (expired) openModal({ kind: 'DISCONNECTED' });
  }, [expired, openModal]);

  // The profile is fetched when a session exists and the profile is missing or not identified.
  useEffect(() => {
    if (!signedIn || expired || profile.status === 'loading' || profile.status === 'failure') return;
    if (profile.data?.identifie) return;
    setProfile({ status: 'loading', data: null });
    getPrefs().then(
      (data) => setProfile({ status: 'success', data }),
      // SPEC §8: keep the server's error code, or the message when there was no response.
      (error) => setProfile({ status: 'failure', data: null, error: error instanceof ApiError ? error.code : String(error) }),
    );
  }, [signedIn, expired, profile, setProfile]);

  useEffect(() => {
    if (!signedIn) {
      if (session.status === 'unauthenticated' && profile.status !== 'initial') setProfile({ status: 'initial', data: null });
      return;
    }
    if (profile.status !== 'success') return;
    const status = profile.data.journaliste ?? '';
    if (SETTLED_STATUSES.includes(status) || sessionStorage.getItem(JOURNALIST_MODAL_SEEN) === 'true') return;
    openModal({ kind: status === 'en_attente_infos' ? 'JOURNALIST_MORE_INFO' : 'JOURNALIST_CHECK_STATUS' });
  }, [signedIn, session.status, profile, setProfile, openModal]);

  return null;
}
