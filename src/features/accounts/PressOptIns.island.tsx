import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import type { PrefsAction } from './api';
import { profileAtom, profileUpdateAtom, updateProfileAtom } from './state';
import { modalAtom, openModalAtom } from '../../state/ui';
import { useLive } from '../../ui/use-live';
import { mobileNumber, WhatsappNumber } from './WhatsappOptIn';

/** `csrfToken`: the boxes are a form too (POST /espace-presse), saved with a button until the island is live. */
export type PressOptInsProps = { mail: boolean; whatsapp: boolean; openWhatsapp: boolean; csrfToken: string; phone: string };

const OPT_INS = { optin_mail: 'journaliste_optin_mail', optin_whatsapp: 'journaliste_optin_whatsapp' } as const;
type OptIn = keyof typeof OPT_INS;
const isOptIn = (action: PrefsAction): action is OptIn => action in OPT_INS;

/** Once the opt-in window is closed, a reload or « back » does not open it again. */
function forgetOpenRequest() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('optin_whatsapp')) return;
  url.searchParams.delete('optin_whatsapp');
  history.replaceState(history.state, '', url);
}

/**
 * The journalist's subscriptions; each change is saved at once (the shared profile update, SPEC
 * §4) and confirmed by the snack bar. Arriving with ?optin_whatsapp=open (the WhatsApp banner's
 * link, SPEC §2) a journalist not yet subscribed is asked in the WHATSAPP_OPTIN modal; closed, the
 * focus comes back here, on the WhatsApp box. The server renders this island for journalists only.
 */
export default function PressOptIns({ mail, whatsapp, openWhatsapp, csrfToken, phone }: PressOptInsProps) {
  const live = useLive();
  const profile = useAtomValue(profileAtom);
  const update = useAtomValue(profileUpdateAtom);
  const save = useSetAtom(updateProfileAtom);
  const modal = useAtomValue(modalAtom);
  const openModal = useSetAtom(openModalAtom);
  const store = useStore();
  const whatsappBox = useRef<HTMLInputElement>(null);

  // The profile once loaded (kept while it is fetched again), else what the page was rendered with.
  const saved: Record<OptIn, boolean> = profile.data
    ? { optin_mail: !!profile.data.journaliste_optin_mail, optin_whatsapp: !!profile.data.journaliste_optin_whatsapp }
    : { optin_mail: mail, optin_whatsapp: whatsapp };
  const sending = update.status === 'loading' && isOptIn(update.action) ? update.action : null;
  const shown = (action: OptIn) => (update.status === 'loading' && update.action === action ? !!update.value : saved[action]);
  // The modal says it itself while it is open.
  const failed = update.status === 'failure' && isOptIn(update.action) && modal.kind !== 'WHATSAPP_OPTIN';

  const asked = useRef(false);
  useEffect(() => {
    if (!openWhatsapp || asked.current) return;
    asked.current = true;
    // Already subscribed, or another modal showing (session expired): the highlighted box is enough.
    const ask = !saved.optin_whatsapp && !store.get(modalAtom).kind;
    // The box is where the choice lives: focused first, it is also where the modal gives focus back
    // (and then brings into view; until then the page stays at its top, behind the modal).
    whatsappBox.current?.focus({ preventScroll: ask });
    // The number the page was written with goes along: the window says it from its first frame,
    // before the profile (which may change it) has loaded.
    if (ask) openModal({ kind: 'WHATSAPP_OPTIN', content: { phone: mobileNumber(profile, phone) } });
  }, [openWhatsapp, saved.optin_whatsapp, store, openModal, profile, phone]);

  const wasOpen = useRef(false);
  useEffect(() => {
    if (modal.kind === 'WHATSAPP_OPTIN') wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      forgetOpenRequest();
    }
  }, [modal.kind]);

  const change = (action: OptIn, value: boolean) => {
    if (sending) return; // one change at a time: the box shows what is being saved
    void save({ action, value, confirmation: 'Vos préférences ont été enregistrées.' });
  };

  return (
    <form method="post" action="/espace-presse" onSubmit={(e) => e.preventDefault()}>
      <input type="hidden" name="action" value="abonnements" />
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <fieldset className={openWhatsapp ? 'press-optins is-highlighted' : 'press-optins'} aria-busy={sending ? true : undefined}>
        <legend>Mes abonnements</legend>
        <label>
          <input
            type="checkbox"
            name="optin_mail"
            checked={shown('optin_mail')}
            aria-disabled={(sending && sending !== 'optin_mail') || undefined}
            onChange={(e) => change('optin_mail', e.target.checked)}
          />{' '}
          Recevoir les communiqués par e-mail
        </label>
        <label>
          <input
            ref={whatsappBox}
            type="checkbox"
            name="optin_whatsapp"
            aria-describedby="optin-whatsapp-numero"
            checked={shown('optin_whatsapp')}
            aria-disabled={(sending && sending !== 'optin_whatsapp') || undefined}
            onChange={(e) => change('optin_whatsapp', e.target.checked)}
          />{' '}
          Recevoir les dernières actualités sur WhatsApp
        </label>
        <p className="press-optins__hint" id="optin-whatsapp-numero">
          <WhatsappNumber phone={mobileNumber(profile, phone)} />
        </p>
        {failed ? (
          <p className="notice notice--error" role="alert">
            Nous avons rencontré un problème lors de la mise à jour de votre profil.
          </p>
        ) : null}
        {live ? null : (
          <button className="button button--ghost" type="submit">
            Enregistrer mes abonnements
          </button>
        )}
      </fieldset>
    </form>
  );
}
