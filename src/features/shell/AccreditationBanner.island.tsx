import { useAtomValue } from 'jotai';
import { STANDINGS, standingOf } from '../accounts/journalist-standing';
import { profileAtom } from '../accounts/state';

const NNBSP = '\u202f';

/**
 * « Vous êtes journaliste ? S’accréditer », on every page but those it would point to. The same
 * cached HTML for everyone; once the profile of a signed-in reader says their request is pending
 * or was refused (journalist-standing.ts), it steps aside: it would only invite them to a refusal.
 */
export default function AccreditationBanner() {
  const profile = useAtomValue(profileAtom);
  if (profile.status === 'success' && !STANDINGS[standingOf(profile.data)].banner) return null;
  return (
    <aside className="accreditation-banner" aria-label="Accréditations presse">
      <div className="container accreditation-banner__inner">
        <p>
          <strong>{`Vous êtes journaliste${NNBSP}?`}</strong> Demandez votre accréditation aux rencontres internationales et aux événements
          presse de la Fédération.
        </p>
        <a className="button" href="/accreditations" data-track="action" data-track-category="banner">
          S’accréditer
        </a>
      </div>
    </aside>
  );
}
