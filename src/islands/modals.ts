import { disconnectedModal, journalistCheckStatusModal, journalistMoreInfoModal, whatsappOptInModal } from '../features/accounts/modals';
import { contactModal } from '../features/forms/modals';
import type { ModalKind } from '../state/ui';
import type { ModalSpec } from '../ui/modal';

// Every modal by kind, each declared by its feature, as islands are in registry.ts: the one dialog
// (ModalRoot.island.tsx) knows none of them.
export const modals: Record<ModalKind, ModalSpec> = {
  CONTACT: contactModal,
  DISCONNECTED: disconnectedModal,
  JOURNALIST_MORE_INFO: journalistMoreInfoModal,
  JOURNALIST_CHECK_STATUS: journalistCheckStatusModal,
  WHATSAPP_OPTIN: whatsappOptInModal,
  // A message opened with its own title and text.
  MESSAGE: { title: '' },
};
