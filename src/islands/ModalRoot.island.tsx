import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { closeModalAtom, modalAtom } from '../state/ui';
import type { PressContacts } from '../ui/modal';
import { modals } from './modals';

export type ModalRootProps = { pressContacts: PressContacts };

/** Runs `onShown` once its content has arrived (a lazy part's first control can only be focused then). */
function Shown({ onShown, children }: { onShown: () => void; children: ReactNode }) {
  useEffect(onShown, []);
  return children;
}

/**
 * The one modal of the site, on the native <dialog> (focus kept inside, Escape, inert page).
 * A forced modal cannot be dismissed with Escape or a click outside.
 *
 * Closing the contact modal while it holds unsent input asks first, inside the dialog. The draft
 * is kept either way, so the question is not « lose your message? » but a word that it was not
 * sent and where it waits — what a reader who pressed Escape or tapped beside the dialog by
 * mistake needs to hear. A second Escape, the × or another tap outside confirms: Chrome itself
 * closes a dialog on a second Escape with no click or key in between, and nothing is lost.
 */
export default function ModalRoot({ pressContacts }: ModalRootProps) {
  const modal = useAtomValue(modalAtom);
  const close = useSetAtom(closeModalAtom);
  const store = useStore();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [confirming, setConfirming] = useState(false);
  const resume = useRef<HTMLButtonElement>(null);
  // Where the reader was in the form, to come back to it; a tap on the backdrop has moved the focus off it already.
  const lastInForm = useRef<HTMLElement | null>(null);

  // Layout effects: the dialog opens and closes, and the focus moves, in the same commit as the
  // state (Preact runs plain effects after the next paint; a reopening in between was missed).
  useLayoutEffect(() => {
    setConfirming(false); // a question belongs to the modal it was asked in
    const d = dialog.current;
    if (!d) return;
    if (modal.kind && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
    } else if (!modal.kind && opener.current) {
      if (d.open) d.close();
      const back = opener.current as HTMLElement | null;
      back?.focus?.();
      // Closing gives the focus back without scrolling (HTML's dialog steps): an opener out of
      // sight (the press space's WhatsApp box, far down the page) is brought into view.
      const box = back && back !== document.body ? back.getBoundingClientRect?.() : undefined;
      if (box && (box.top < 0 || box.bottom > window.innerHeight)) back!.scrollIntoView({ block: 'center' });
      opener.current = null;
    }
  }, [modal.kind]);

  // « Reprendre la saisie » asks for the focus back where the reader was, once the form shows again
  // (it is hidden while the question is asked): in the same commit, so the focus never rests on
  // <body> in between.
  const refocusForm = useRef(false);
  useLayoutEffect(() => {
    if (confirming) resume.current?.focus();
    else if (refocusForm.current) {
      refocusForm.current = false;
      (lastInForm.current ?? dialog.current?.querySelector<HTMLElement>('.modal__body input, .modal__body textarea'))?.focus();
    }
  }, [confirming]);

  const force = modal.kind !== null && modal.force;
  const spec = modal.kind ? modals[modal.kind] : null;
  const unsent = spec?.unsent;
  const closeNow = () => {
    setConfirming(false);
    lastInForm.current = null;
    if (modal.kind) modals[modal.kind].onClosed?.();
    close();
  };
  const dismiss = () => {
    if (unsent && !confirming && store.get(unsent.pending)) setConfirming(true);
    else closeNow();
  };
  const backToForm = () => {
    refocusForm.current = true;
    setConfirming(false);
  };
  const discard = () => {
    if (unsent) store.set(unsent.discard, null);
    closeNow();
  };
  const text =
    modal.kind !== null ? { title: modals[modal.kind].title, description: modals[modal.kind].description, ...modal.content } : null;
  // The browser focuses the first control (the ×); a modal may name a better first stop.
  const focusFirstStop = () => dialog.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  const loaded = (content: ReactNode) => (
    <Suspense fallback={<p className="modal__loading">Chargement…</p>}>
      <Shown onShown={focusFirstStop}>{content}</Shown>
    </Suspense>
  );
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="modal-title"
      aria-describedby={text?.description ? 'modal-description' : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!force) dismiss();
      }}
      // Closed by the browser without a cancel event (a second Escape): the state follows. The event
      // comes a task later, also after our own close(): by then the modal may have been reopened.
      onClose={() => {
        if (modal.kind && !dialog.current?.open) closeNow();
      }}
      onClick={(e) => e.target === dialog.current && !force && dismiss()}
      onFocus={(e) => {
        if (e.target instanceof HTMLElement && e.target.closest('.modal__body form')) lastInForm.current = e.target;
      }}
    >
      {text ? (
        <div className="modal__panel">
          {!force ? (
            // In a bar that stays at the top of the window as a long form scrolls (a phone's contact form).
            <div className="modal__bar">
              <button type="button" className="modal__close" aria-label="Fermer" onClick={dismiss}>
                ×
              </button>
            </div>
          ) : null}
          <h2 id="modal-title">{text.title}</h2>
          {text.description ? (
            <p className="modal__description" id="modal-description">
              {text.description}
            </p>
          ) : null}
          {unsent && confirming ? (
            <div className="modal__confirm" role="group" aria-labelledby="modal-confirm-title" aria-describedby="modal-confirm-text">
              <h3 id="modal-confirm-title">{unsent.question.title}</h3>
              <p id="modal-confirm-text">{unsent.question.text}</p>
              <p className="modal__actions">
                <button ref={resume} type="button" className="button" onClick={backToForm}>
                  Reprendre la saisie
                </button>
                <button type="button" className="button button--ghost" onClick={closeNow}>
                  Fermer et garder le brouillon
                </button>
              </p>
              <p>
                <button type="button" className="link-button modal__discard" onClick={discard}>
                  Supprimer le brouillon et fermer
                </button>
              </p>
            </div>
          ) : null}
          {spec?.Body ? (
            unsent ? (
              // Hidden, not removed, while the question is asked: the form keeps its state and its place.
              <div className="modal__body" hidden={confirming}>
                <spec.Body dismiss={dismiss} loaded={loaded} pressContacts={pressContacts} />
              </div>
            ) : (
              <spec.Body dismiss={dismiss} loaded={loaded} pressContacts={pressContacts} />
            )
          ) : modal.kind && modal.content?.text ? (
            <p>{modal.content.text}</p>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
