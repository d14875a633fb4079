// SPEC §4: once a journalist-status modal is closed, it is not shown again in the session. The
// spec keeps that in sessionStorage ('true'), which a new tab does not share; a session cookie
// (no expiry: gone when the browser closes) carries it to every tab of the same session.

const JOURNALIST_MODAL_SEEN = 'ffr-journalist-modal-seen';
const COOKIE = 'ffr_modale_journaliste=vue';

export function journalistModalSeen(): boolean {
  return sessionStorage.getItem(JOURNALIST_MODAL_SEEN) === 'true' || document.cookie.split('; ').includes(COOKIE);
}

export function rememberJournalistModalSeen(): void {
  sessionStorage.setItem(JOURNALIST_MODAL_SEEN, 'true');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Firefox nor Safari
  document.cookie = `${COOKIE}; path=/; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
}
