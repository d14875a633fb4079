import type { ContentStore } from '../content/store';

// Test hooks of the CF7 emulator, one set per running upstream. Kept against the store's current
// content, so that POST /__control/reset (which regenerates the content) also clears them.

export const FORCED_STATUSES = ['mail_failed', 'spam', 'aborted', 'acceptance_missing'] as const;
export type ForcedStatus = (typeof FORCED_STATUSES)[number];

type Cf7State = {
  next: ForcedStatus | null;
  /** The site's application password was revoked in WordPress: it now gets 401 like a wrong one. */
  credentialRevoked: boolean;
};

const states = new WeakMap<object, Cf7State>();

export function cf7State(store: ContentStore): Cf7State {
  let state = states.get(store.content);
  if (!state) states.set(store.content, (state = { next: null, credentialRevoked: false }));
  return state;
}

/** Makes the next well-formed feedback request answer with this status (once). */
export function forceNextStatus(store: ContentStore, status: ForcedStatus | null): void {
  cf7State(store).next = status;
}

/** The forced status, if any, consumed. */
export function takeForcedStatus(store: ContentStore): ForcedStatus | null {
  const state = cf7State(store);
  const next = state.next;
  state.next = null;
  return next;
}
