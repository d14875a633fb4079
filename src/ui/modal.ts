import type { Atom, WritableAtom } from 'jotai';
import type { ComponentType, ReactNode } from 'react';

// What a feature declares for each modal it opens (state/ui.ts openModalAtom); the list of every
// modal is islands/modals.ts, shown by the site's one dialog, islands/ModalRoot.island.tsx.

export type PressContacts = { email: string; telephone: string; horaires: string };

export type ModalBodyProps = {
  /** Closes as the × does (asking first when there is unsent input). */
  dismiss: () => void;
  /** Wraps a lazily loaded part: a « Chargement… » until it arrives, then its first stop focused. */
  loaded: (content: ReactNode) => ReactNode;
  pressContacts: PressContacts;
};

export type ModalSpec = {
  title: string;
  description?: string;
  /** Without a body, the modal shows the text it was opened with. */
  Body?: ComponentType<ModalBodyProps>;
  /**
   * The body holds input the reader has not sent: closing asks first, and the body is hidden
   * rather than removed while the question is asked, so the form keeps its state and its place.
   */
  unsent?: {
    pending: Atom<boolean>;
    discard: WritableAtom<unknown, [null], void>;
    question: { title: string; text: string };
  };
  /** After the modal closes (SPEC §4: a journalist modal is not shown again in the session). */
  onClosed?: () => void;
};
