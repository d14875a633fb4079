import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { profileAtom } from '../accounts/state';

// Dismissed, the invitation stays away a month in this browser: a journalist who said no is not
// asked on every page, and one who changes their mind finds the opt-in in the press space.
const DISMISSED_KEY = 'ffr-whatsapp-masque';
const DISMISSED_FOR_MS = 30 * 24 * 3600 * 1000;
// SPEC §2's words, with the app's own spelling (« WhatsApp », as everywhere else on the site).
const SPEC_TEXT = 'Recevez les dernières actualités sur WhatsApp';

function dismissedRecently(): boolean {
  try {
    return Date.now() - Number(localStorage.getItem(DISMISSED_KEY) ?? 0) < DISMISSED_FOR_MS;
  } catch {
    return false;
  }
}

/**
 * SPEC §2, §6: journalists not opted in to WhatsApp see this invitation site-wide. The page HTML is
 * the same cached anonymous page for everyone, so it can only appear once the profile is known:
 * it lives in the top bar's row, taking room from the ticker, and never pushes the page down.
 */
export default function WhatsappBanner() {
  const profile = useAtomValue(profileAtom);
  // Read after hydration: the server's HTML (shared by everyone) never has the invitation.
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => setDismissed(dismissedRecently()), []);
  if (dismissed || profile.status !== 'success' || profile.data.journaliste !== 'oui' || profile.data.journaliste_optin_whatsapp)
    return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // Refused storage: hidden for this page only.
    }
    setDismissed(true);
  };
  return (
    <span className="whatsapp-invite">
      {/* The visible words are part of the name, so a voice command naming them works (WCAG 2.5.3). */}
      <a className="whatsapp-banner" href="/espace-presse?optin_whatsapp=open" aria-label={SPEC_TEXT}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"
          />
        </svg>
        <span className="whatsapp-banner__text">
          <span className="whatsapp-banner__long">Recevez les dernières actualités sur </span>WhatsApp
        </span>
      </a>
      <button type="button" className="whatsapp-invite__close" aria-label="Masquer l’invitation WhatsApp" title="Masquer" onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}
