import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { SIGN_IN_PATH, signInPath } from '../../auth/callback-url';
import JournalistAccess from '../accounts/JournalistAccess.island';
import { profileAtom, sessionAtom } from '../accounts/state';

// SPEC §6: accreditation requests are a journalist's right. The accreditation page is the same
// cached HTML for everyone; inside the form's island, this tells each reader where they stand.

/** Where the accreditation form sends people: to sign in (back to the form), and once sent, to their personal space. */
export type AccountLinks = { signIn: string; personalSpace: string };

/**
 * A sign-in link that comes back to this very page: the server's address names the page, and once
 * live the exact one (query included) is put in as the link is followed, as the user menu does.
 */
export function SignInLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a
      className={className}
      href={href}
      onClick={(e) => {
        if (href.startsWith(SIGN_IN_PATH)) e.currentTarget.href = signInPath(window.location.pathname + window.location.search);
      }}
    >
      {children}
    </a>
  );
}

const NBSP = '\u00a0';

/** What a signed-in reader without the journalist status reads, by status (SPEC §3). */
const STATUS_TEXT: Record<string, string> = {
  a_valider: `Votre demande de statut de journaliste est en cours de validation par le service de presse${NBSP}: vous pourrez demander une accréditation dès qu’elle sera acceptée.`,
  en_attente_infos: `Le service de presse attend quelques informations pour valider votre statut de journaliste${NBSP}: complétez votre profil, puis envoyez votre demande.`,
  refuse: 'Votre demande de statut de journaliste n’a pas été acceptée. Pour toute question, écrivez au service de presse.',
};
const NO_STATUS = `Votre compte FFR n’a pas le statut de journaliste. Si vous êtes journaliste, demandez-le${NBSP}: le service de presse vérifiera votre demande, puis vous pourrez demander une accréditation.`;

/**
 * Above the accreditation form: an invitation to sign in (also what the server renders, and what
 * a reader without JavaScript keeps), how to ask for the journalist status for a signed-in reader
 * who does not have it, nothing for a journalist. The server refuses any other sending anyway.
 */
export function AccessNotice({ signIn }: { signIn: string }) {
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const signedIn = session.status === 'authenticated' && !session.data.error;
  if (!signedIn) {
    return (
      <div className="notice access-notice" id="acces-accreditation">
        <p>
          <strong>Les demandes d’accréditation sont réservées aux journalistes.</strong> Connectez-vous avec votre compte FFR pour envoyer la vôtre{NBSP}: vous reviendrez ensuite sur ce formulaire
          <span className="access-notice__kept">, avec ce que vous y aurez déjà choisi et saisi</span>.
        </p>
        <div className="access-notice__actions">
          <SignInLink className="button" href={signIn}>
            Connexion / inscription
          </SignInLink>
        </div>
      </div>
    );
  }
  // Signed in: nothing until the profile says; the journalist goes straight to the form.
  if (profile.status !== 'success' || profile.data.journaliste === 'oui') return null;
  const status = String(profile.data.journaliste ?? '');
  const known = Object.hasOwn(STATUS_TEXT, status);
  return (
    <div className="notice notice--warning access-notice" id="acces-accreditation">
      <p>
        <strong>Les demandes d’accréditation sont réservées aux journalistes.</strong> {known ? STATUS_TEXT[status] : NO_STATUS}
      </p>
      <div className="access-notice__actions">
        {/* The press space's own way forward: the status request, or the information asked for. */}
        <JournalistAccess status={known || status === '' ? status : 'non'} />
        {status === 'refuse' ? <a href="/contact">Écrire au service de presse</a> : <a href="/espace-presse">Mon espace presse</a>}
      </div>
    </div>
  );
}
