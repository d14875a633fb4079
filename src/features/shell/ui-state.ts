import { atom } from 'jotai';
import { parseDraft } from '../forms/draft';
import type { FormValues } from '../forms/model';

// UI state shared by every island through the one store created in client/main.tsx (and one per
// request on the server, so that nothing leaks between visitors). Later features reuse these.

export type MobileMenuState = { open: false } | { open: true; level: 1 } | { open: true; level: 2; parentId: number };
export const mobileMenuAtom = atom<MobileMenuState>({ open: false });

/** SPEC §4 search: inactive / active. */
export const searchOpenAtom = atom(false);

/** SPEC §4 modal: open sets kind, content and a force flag; close resets to none. */
export type ModalKind = 'CONTACT' | 'DISCONNECTED' | 'JOURNALIST_MORE_INFO' | 'JOURNALIST_CHECK_STATUS' | 'WHATSAPP_OPTIN' | 'MESSAGE';
export type ModalState =
  | { kind: null }
  | { kind: ModalKind; content?: { title?: string; text?: string }; force: boolean };
export const modalAtom = atom<ModalState>({ kind: null });
export const openModalAtom = atom(null, (_get, set, next: { kind: ModalKind; content?: { title?: string; text?: string }; force?: boolean }) =>
  set(modalAtom, { kind: next.kind, content: next.content, force: next.force ?? false }),
);
export const closeModalAtom = atom(null, (_get, set) => set(modalAtom, { kind: null }));

/** SPEC §8/§9: a snack bar confirms for 3000 ms. */
export const SNACKBAR_MS = 3000;
export const snackbarAtom = atom<{ id: number; text: string } | null>(null);
export const showSnackbarAtom = atom(null, (_get, set, text: string) => set(snackbarAtom, { id: Date.now(), text }));

/**
 * The contact modal's unsent input, one draft whichever of the floating button or the footer link
 * opens it; null when there is nothing unsent. Kept until sent or reset, in sessionStorage rather
 * than only in memory: every link of the site loads a new page, so a memory-only draft would be
 * lost the moment the reader follows one (to check an article, say) — when a draft matters most.
 * The tab's storage ends with the tab, so no name or message stays behind on a shared computer,
 * as it would in localStorage.
 */
export const CONTACT_DRAFT_KEY = 'ffr-contact-draft';
const contactDraftMemory = atom<FormValues | null | undefined>(undefined);

function readStoredDraft(): FormValues | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : parseDraft(sessionStorage.getItem(CONTACT_DRAFT_KEY));
  } catch {
    return null; // storage refused (privacy settings): the draft lives for the page only
  }
}

export const contactDraftAtom = atom(
  (get) => {
    const kept = get(contactDraftMemory);
    return kept === undefined ? readStoredDraft() : kept;
  },
  (_get, set, next: FormValues | null) => {
    set(contactDraftMemory, next);
    try {
      if (next) sessionStorage.setItem(CONTACT_DRAFT_KEY, JSON.stringify(next));
      else sessionStorage.removeItem(CONTACT_DRAFT_KEY);
    } catch {
      // Full or refused: the draft still lives for this page.
    }
  },
);
/** Changes only when a draft appears or goes, not on every key pressed. */
export const hasContactDraftAtom = atom((get) => get(contactDraftAtom) !== null);
