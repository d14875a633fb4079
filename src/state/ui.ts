import { atom } from 'jotai';

// UI state shared by every island through the one store created in client/main.tsx (and one per
// request on the server, so that nothing leaks between visitors).

export type MobileMenuState = { open: false } | { open: true; level: 1 } | { open: true; level: 2; parentId: number };

export const mobileMenuAtom = atom<MobileMenuState>({ open: false });
export const searchOpenAtom = atom(false);
