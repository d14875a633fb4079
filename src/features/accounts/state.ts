import { atom } from 'jotai';
import { ApiError, updatePrefs, type PrefsAction, type PublicSession } from './api';
import type { Prefs } from '../../schemas/prefs';
import { showSnackbarAtom } from '../../state/ui';

/** SPEC §4 session: loading, authenticated, unauthenticated. */
export type SessionState = { status: 'loading' } | { status: 'unauthenticated' } | { status: 'authenticated'; data: PublicSession };
export const sessionAtom = atom<SessionState>({ status: 'loading' });

/** SPEC §4 user profile: fetch and update go loading then success or failure (the fetch here). */
export type ProfileState =
  | { status: 'initial' | 'loading'; data: Prefs | null }
  | { status: 'success'; data: Prefs }
  | { status: 'failure'; data: null; error: string };
export const profileAtom = atom<ProfileState>({ status: 'initial', data: null });

export const isJournalist = (p: ProfileState) => p.data?.journaliste === 'oui';

/**
 * The newsroom's flags WordPress answers to a request or to the information sent (POST
 * user_newsroom), taken into the profile at once: every screen reading where the reader stands
 * (journalist-standing.ts) shows it on its way without waiting for the next profile read.
 */
export const newsroomFlagsAtom = atom(null, (get, set, flags: Pick<Prefs, 'journalist_status_request' | 'journalist_updated_profile'>) => {
  const profile = get(profileAtom);
  if (profile.data) set(profileAtom, { status: 'success', data: { ...profile.data, ...flags } });
});

/**
 * SPEC §4, §8: the profile's update, apart from its fetch — a failed update keeps the profile the
 * reader sees and stores the response's error code. `id` counts the updates of this page, so that
 * an answer arriving after a newer update has started tells nothing about the newer one. While
 * loading, `value` is what was asked (forms show it until the answer).
 */
export type ProfileUpdateState =
  | { status: 'initial'; id: 0 }
  | { status: 'loading'; id: number; action: PrefsAction; value: unknown }
  | { status: 'success'; id: number; action: PrefsAction }
  | { status: 'failure'; id: number; action: PrefsAction; error: string };
export const profileUpdateAtom = atom<ProfileUpdateState>({ status: 'initial', id: 0 });

/** The id of the update whose answer the profile holds: an older answer arriving late is not applied. */
const appliedUpdateAtom = atom(0);

export type ProfileUpdateRequest = {
  action: PrefsAction;
  value: unknown;
  /** SPEC §8: the snack bar's words when the update succeeds (none for updates the reader did not ask for). */
  confirmation?: string;
};
export type ProfileUpdateOutcome = { ok: true; data: Prefs } | { ok: false; error: string };

/** SPEC §8: the server's error code; without a response, the error's message. */
export const errorCode = (error: unknown): string =>
  error instanceof ApiError ? error.code : error instanceof Error ? error.message : String(error);

/**
 * Saves one change of the profile through POST /api/user/prefs?action=…: the update goes loading,
 * then success (the profile becomes the answer, the confirmation shows for 3 s) or failure (the
 * error code kept, the profile as it was). Resolves with the outcome; never rejects.
 */
export const updateProfileAtom = atom(
  null,
  async (get, set, { action, value, confirmation }: ProfileUpdateRequest): Promise<ProfileUpdateOutcome> => {
    const id = get(profileUpdateAtom).id + 1;
    set(profileUpdateAtom, { status: 'loading', id, action, value });
    const latest = () => get(profileUpdateAtom).id === id;
    try {
      const data = await updatePrefs(action, value);
      if (id > get(appliedUpdateAtom)) {
        set(appliedUpdateAtom, id);
        set(profileAtom, { status: 'success', data });
      }
      if (latest()) set(profileUpdateAtom, { status: 'success', id, action });
      if (confirmation) set(showSnackbarAtom, confirmation);
      return { ok: true, data };
    } catch (error) {
      const code = errorCode(error);
      if (latest()) set(profileUpdateAtom, { status: 'failure', id, action, error: code });
      return { ok: false, error: code };
    }
  },
);
