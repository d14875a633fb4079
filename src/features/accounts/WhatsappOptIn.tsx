import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { profileAtom, profileUpdateAtom, type ProfileState, updateProfileAtom } from './state';
import { displayPhone } from '../../lib/format/phone';
import { closeModalAtom, modalAtom } from '../../state/ui';

// The body of the WHATSAPP_OPTIN modal (SPEC §2: /espace-presse?optin_whatsapp=open opens the
// messaging-app opt-in); its title and description are with the others in
// islands/ModalRoot.island.tsx, the site's one modal (declared in modals.tsx). Opened by the press space's PressOptIns island
// for a journalist who has not opted in.

export const WHATSAPP_OPTIN_DONE = 'C’est noté\u00a0: vous recevrez les dernières actualités sur WhatsApp.';
const FAILED = 'Nous avons rencontré un problème lors de la mise à jour de votre profil. Réessayez dans un instant.';

/** The reader's mobile number: the profile's once loaded (it is the truth then), else the one the page was written with. */
export const mobileNumber = (profile: ProfileState, page: string): string =>
  profile.data ? String(profile.data.phone_mobile ?? '') : page;

/** Which number the news go to: the mobile number of the reader's FFR account, or how to give one. */
export function WhatsappNumber({ phone }: { phone: string }) {
  return phone.trim() ? (
    <>
      {'Les actualités vous seront envoyées au '}
      <strong className="nowrap">{displayPhone(phone)}</strong>
      {', le numéro de mobile de votre compte FFR.'}
    </>
  ) : (
    'Votre compte FFR n’a pas encore de numéro de mobile\u202f: ajoutez-le depuis votre espace personnel FFR, les actualités vous y seront envoyées.'
  );
}

export function WhatsappOptIn({ onClose }: { onClose: () => void }) {
  const profile = useAtomValue(profileAtom);
  const update = useSetAtom(updateProfileAtom);
  const state = useAtomValue(profileUpdateAtom);
  const close = useSetAtom(closeModalAtom);
  const modal = useAtomValue(modalAtom);
  const store = useStore();
  // Until the profile has loaded, the number the page was written with (sent with the window by
  // PressOptIns): never « no number » for a reader who has one.
  const phone = mobileNumber(profile, (modal.kind && modal.content?.phone) ?? '');
  // Only what was tried in this window: an earlier failure elsewhere is not this one's.
  const [tried, setTried] = useState(false);
  const sending = state.status === 'loading' && state.action === 'optin_whatsapp';
  const failed = tried && !sending && state.status === 'failure' && state.action === 'optin_whatsapp';

  const optIn = async () => {
    if (sending) return;
    setTried(true);
    const outcome = await update({ action: 'optin_whatsapp', value: true, confirmation: WHATSAPP_OPTIN_DONE });
    // Done: the modal closes (unless the reader already closed it, or another took its place) and
    // the snack bar confirms; the banner goes with the profile's new value.
    if (outcome.ok && store.get(modalAtom).kind === 'WHATSAPP_OPTIN') close();
  };

  return (
    <div className="modal__body whatsapp-optin">
      <p className="whatsapp-optin__number">
        <WhatsappNumber phone={phone} />
      </p>
      <p>Vous pourrez vous désabonner à tout moment dans «&nbsp;Mes abonnements&nbsp;», en bas de votre espace presse.</p>
      {failed ? (
        <p className="notice notice--error" role="alert">
          {FAILED}
        </p>
      ) : null}
      <p className="modal__actions">
        {/* aria-disabled, not disabled: the button keeps the focus while the choice is saved. */}
        <button type="button" className="button whatsapp-optin__yes" data-autofocus aria-disabled={sending || undefined} onClick={optIn}>
          {sending ? 'Enregistrement…' : 'Je m’abonne'}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Plus tard
        </button>
      </p>
    </div>
  );
}
