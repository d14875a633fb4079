import { useAtomValue } from 'jotai';
import { profileAtom } from '../state/account';

/** SPEC §2, §6: journalists not opted in to WhatsApp see this banner site-wide. */
export default function WhatsappBanner() {
  const profile = useAtomValue(profileAtom);
  if (profile.status !== 'success' || profile.data.journaliste !== 'oui' || profile.data.journaliste_optin_whatsapp) return null;
  return (
    <div className="whatsapp-banner">
      <div className="container">
        <a href="/espace-presse?optin_whatsapp=open">Recevez les dernières actualités sur Whatsapp</a>
      </div>
    </div>
  );
}
