import { lazy } from 'react';
import { signInPath } from '../../auth/callback-url';
import type { ModalBodyProps, ModalSpec } from '../../ui/modal';
import { rememberJournalistModalSeen } from './journalist-modal-memory';

// What a modal shows is fetched when one opens: every page hydrates the dialog, few open it.
const CheckStatus = lazy(() => import('./JournalistForms').then((m) => ({ default: m.CheckStatus })));
const MoreInfo = lazy(() => import('./JournalistForms').then((m) => ({ default: m.MoreInfo })));
const WhatsappOptIn = lazy(() => import('./WhatsappOptIn').then((m) => ({ default: m.WhatsappOptIn })));

export const disconnectedModal: ModalSpec = {
  title: 'Vous avez été déconnecté',
  description: 'Votre session a expiré. Reconnectez-vous pour continuer.',
  Body: () => (
    <p>
      <a className="button" href={signInPath(window.location.pathname + window.location.search)}>
        Se reconnecter
      </a>
    </p>
  ),
};

export const journalistMoreInfoModal: ModalSpec = {
  title: 'Complétez votre profil de journaliste',
  Body: ({ loaded }: ModalBodyProps) => loaded(<MoreInfo />),
  onClosed: rememberJournalistModalSeen,
};

export const journalistCheckStatusModal: ModalSpec = {
  title: 'Êtes-vous journaliste\u202f?',
  Body: ({ loaded, dismiss }: ModalBodyProps) => loaded(<CheckStatus onClose={dismiss} />),
  onClosed: rememberJournalistModalSeen,
};

/** SPEC §2, §6: the banner's words, with the app's own spelling (« WhatsApp »). */
export const whatsappOptInModal: ModalSpec = {
  title: 'Recevez les dernières actualités sur WhatsApp',
  description: 'Le service de presse de la FFR vous les envoie directement sur WhatsApp.',
  Body: ({ loaded, dismiss }: ModalBodyProps) => loaded(<WhatsappOptIn onClose={dismiss} />),
};
