import { ContactModalForm } from '../forms/ContactModalForm';
import { CheckStatus, MoreInfo } from '../account/JournalistForms';
import { rememberJournalistModalSeen } from '../account/journalist-modal-memory';
import { displayPhone, telHref } from '../lib/format/phone';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { closeModalAtom, modalAtom, type ModalKind } from '../state/ui';

export type ModalRootProps = {
  pressContacts: { email: string; telephone: string; horaires: string };
};

const TITLES: Record<ModalKind, { title: string; description?: string }> = {
  CONTACT: { title: 'Contactez-nous', description: 'Comment pouvons-nous vous aider ?' },
  DISCONNECTED: { title: 'Vous avez été déconnecté', description: 'Votre session a expiré. Reconnectez-vous pour continuer.' },
  JOURNALIST_MORE_INFO: { title: 'Complétez votre profil de journaliste' },
  JOURNALIST_CHECK_STATUS: { title: 'Êtes-vous journaliste ?' },
  MESSAGE: { title: '' },
};

/**
 * The one modal of the site, on the native <dialog> (focus kept inside, Escape, inert page).
 * A forced modal cannot be dismissed with Escape or a click outside.
 */
export default function ModalRoot({ pressContacts }: ModalRootProps) {
  const modal = useAtomValue(modalAtom);
  const close = useSetAtom(closeModalAtom);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (modal.kind && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
    } else if (!modal.kind && d.open) {
      d.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [modal.kind]);

  const force = modal.kind !== null && modal.force;
  const dismiss = () => {
    // SPEC §4: once closed, the journalist modals are not shown again in this session.
    if (modal.kind === 'JOURNALIST_MORE_INFO' || modal.kind === 'JOURNALIST_CHECK_STATUS') rememberJournalistModalSeen();
    close();
  };
  const text = modal.kind ? { ...TITLES[modal.kind], ...modal.content } : null;
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="modal-title"
      onCancel={(e) => {
        e.preventDefault();
        if (!force) dismiss();
      }}
      onClick={(e) => e.target === dialog.current && !force && dismiss()}
    >
      {text ? (
        <div className="modal__panel">
          {!force ? (
            <button type="button" className="modal__close" aria-label="Fermer" onClick={dismiss}>
              ×
            </button>
          ) : null}
          <h2 id="modal-title">{text.title}</h2>
          {text.description ? <p className="modal__description">{text.description}</p> : null}
          {modal.kind === 'CONTACT' ? (
            <div className="modal__body">
              <ContactModalForm />
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
            </div>
          ) : modal.kind === 'JOURNALIST_CHECK_STATUS' ? (
            <CheckStatus onClose={dismiss} />
          ) : modal.kind === 'JOURNALIST_MORE_INFO' ? (
            <MoreInfo />
          ) : modal.kind === 'DISCONNECTED' ? (
            <p>
              <a className="button" href={`/connexion?${new URLSearchParams({ callbackUrl: window.location.pathname })}`}>
                Se reconnecter
              </a>
            </p>
          ) : (
            modal.kind && modal.content?.text ? <p>{modal.content.text}</p> : null
          )}
        </div>
      ) : null}
    </dialog>
  );
}
