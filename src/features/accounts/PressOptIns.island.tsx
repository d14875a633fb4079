import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { updatePrefs } from './api';
import { profileAtom } from './state';
import { showSnackbarAtom } from '../shell/ui-state';

export type PressOptInsProps = { mail: boolean; whatsapp: boolean; openWhatsapp: boolean };

/** The journalist's subscriptions; each change is saved at once and confirmed by the snack bar. */
export default function PressOptIns({ mail, whatsapp, openWhatsapp }: PressOptInsProps) {
  const [values, setValues] = useState({ optin_mail: mail, optin_whatsapp: whatsapp });
  const [failed, setFailed] = useState(false);
  const snack = useSetAtom(showSnackbarAtom);
  const setProfile = useSetAtom(profileAtom);
  const whatsappBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // ?optin_whatsapp=open: arriving from the banner, the WhatsApp choice is the one to make.
    if (openWhatsapp) whatsappBox.current?.focus();
  }, [openWhatsapp]);

  const change = async (action: 'optin_mail' | 'optin_whatsapp', value: boolean) => {
    const before = values;
    setValues({ ...values, [action]: value });
    try {
      const prefs = await updatePrefs(action, value);
      setProfile({ status: 'success', data: prefs });
      setFailed(false);
      snack('Vos préférences ont été enregistrées.');
    } catch {
      setValues(before);
      setFailed(true);
    }
  };

  return (
    <fieldset className={openWhatsapp ? 'press-optins is-highlighted' : 'press-optins'}>
      <legend>Mes abonnements</legend>
      <label>
        <input type="checkbox" checked={values.optin_mail} onChange={(e) => change('optin_mail', e.target.checked)} /> Recevoir les communiqués par e-mail
      </label>
      <label>
        <input ref={whatsappBox} type="checkbox" checked={values.optin_whatsapp} onChange={(e) => change('optin_whatsapp', e.target.checked)} /> Recevoir les dernières actualités sur WhatsApp
      </label>
      {failed ? (
        <p className="notice notice--error" role="alert">
          Nous avons rencontré un problème lors de la mise à jour de votre profil.
        </p>
      ) : null}
    </fieldset>
  );
}
