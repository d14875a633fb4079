import { lazy } from 'react';
import { displayPhone, telHref } from '../../lib/format/phone';
import type { ModalBodyProps, ModalSpec } from '../../ui/modal';
import { contactDraftAtom, hasContactDraftAtom } from './draft-state';

const NBSP = '\u00a0';

// The form is fetched when the modal opens: every page hydrates the dialog, few open it, and the
// form is most of its weight (bench/size.json, « interactive »).
const ContactModalForm = lazy(() => import('./ContactModalForm').then((m) => ({ default: m.ContactModalForm })));

function ContactBody({ loaded, pressContacts }: ModalBodyProps) {
  return (
    <>
      {loaded(<ContactModalForm />)}
      <p className="modal__contacts">
        {pressContacts.email ? (
          <>
            Ou écrivez à <a href={`mailto:${pressContacts.email}`}>{pressContacts.email}</a>
          </>
        ) : null}
        {pressContacts.telephone ? (
          <>
            {' '}
            · <a href={telHref(pressContacts.telephone)}>{displayPhone(pressContacts.telephone)}</a>
          </>
        ) : null}
        {pressContacts.horaires ? <> · {pressContacts.horaires}</> : null}
      </p>
    </>
  );
}

/** « Contactez-nous »: the contact form, whose unsent input is kept as a draft (draft-state.ts). */
export const contactModal: ModalSpec = {
  title: 'Contactez-nous',
  description: 'Comment pouvons-nous vous aider\u202f?',
  Body: ContactBody,
  unsent: {
    pending: hasContactDraftAtom,
    discard: contactDraftAtom,
    question: {
      title: `Fermer sans envoyer${NBSP}?`,
      text: `Votre message est conservé comme brouillon, sans être envoyé${NBSP}: vous le retrouverez en rouvrant «${NBSP}Contactez-nous${NBSP}», sur cette page comme sur les autres, tant que cet onglet reste ouvert.`,
    },
  },
};
