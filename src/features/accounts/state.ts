import { atom } from 'jotai';
import type { PublicSession } from './api';
import type { Prefs } from '../../schemas/prefs';

/** SPEC §4 session: loading, authenticated, unauthenticated. */
export type SessionState = { status: 'loading' } | { status: 'unauthenticated' } | { status: 'authenticated'; data: PublicSession };
export const sessionAtom = atom<SessionState>({ status: 'loading' });

/** SPEC §4 user profile: fetch and update go loading then success or failure. */
export type ProfileState =
  | { status: 'initial' | 'loading'; data: Prefs | null }
  | { status: 'success'; data: Prefs }
  | { status: 'failure'; data: null; error: string };
export const profileAtom = atom<ProfileState>({ status: 'initial', data: null });

export const isJournalist = (p: ProfileState) => p.data?.journaliste === 'oui';
