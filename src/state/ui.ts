import { atom } from 'jotai';

// UI state shared by every island through the one store created in client/main.tsx (and one per
// request on the server, so that nothing leaks between visitors). Below every feature: what one
// island opens, another shows (a feature's own state stays in its folder).

export type MobileMenuState = { open: false } | { open: true; level: 1 } | { open: true; level: 2; parentId: number };
export const mobileMenuAtom = atom<MobileMenuState>({ open: false });

/** SPEC §4 search: inactive / active. */
export const searchOpenAtom = atom(false);

/** SPEC §4 modal: open sets kind, content and a force flag; close resets to none. */
export type ModalKind = 'CONTACT' | 'DISCONNECTED' | 'JOURNALIST_MORE_INFO' | 'JOURNALIST_CHECK_STATUS' | 'WHATSAPP_OPTIN' | 'MESSAGE';
/** `content.phone`: what the page knows of the reader's mobile number, for the WhatsApp opt-in while the profile loads. */
type ModalContent = { title?: string; text?: string; phone?: string };
export type ModalState = { kind: null } | { kind: ModalKind; content?: ModalContent; force: boolean };
export const modalAtom = atom<ModalState>({ kind: null });
export const openModalAtom = atom(null, (_get, set, next: { kind: ModalKind; content?: ModalContent; force?: boolean }) =>
  set(modalAtom, { kind: next.kind, content: next.content, force: next.force ?? false }),
);
export const closeModalAtom = atom(null, (_get, set) => set(modalAtom, { kind: null }));

/** SPEC §8/§9: a snack bar confirms for 3000 ms. */
export const SNACKBAR_MS = 3000;
export const snackbarAtom = atom<{ id: number; text: string } | null>(null);
export const showSnackbarAtom = atom(null, (_get, set, text: string) => set(snackbarAtom, { id: Date.now(), text }));
