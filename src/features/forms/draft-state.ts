import { atom } from 'jotai';
import { parseDraft } from './draft';
import type { FormValues } from './model';

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
