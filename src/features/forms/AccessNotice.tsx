import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { SIGN_IN_PATH, signInPath } from '../../auth/callback-url';
import JournalistAccess from '../accounts/JournalistAccess.island';
import { STANDINGS, standingOf, type JournalistStanding } from '../accounts/journalist-standing';
import { profileAtom, sessionAtom } from '../accounts/state';

// SPEC §6: accreditation requests are a journalist's right. The accreditation page is the same
// cached HTML for everyone who is not signed in; inside the form's island, this tells each reader
// where they stand. A signed-in reader's page is written for them (accreditations.page.tsx):
// it says so from the start, with or without JavaScript.

/**
 * Where the accreditation form sends people: to sign in (back to the form), and once sent, to
 * their personal space; `standing`: where the signed-in reader the page was written for stands.
 */
export type AccountLinks = { signIn: string; personalSpace: string; standing?: JournalistStanding };

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

/**
 * Above the accreditation form: an invitation to sign in (also what the server renders, and what
 * a reader without JavaScript keeps), where a signed-in reader without the journalist status stands
 * and what they can do (journalist-standing.ts), nothing for a journalist. The server refuses any
 * other sending anyway.
 */
export function AccessNotice({ signIn, standing: written }: { signIn: string; standing?: JournalistStanding }) {
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const signedIn = session.status === 'authenticated' && !session.data.error;
  const signedOut = session.status === 'unauthenticated' || (session.status === 'authenticated' && !!session.data.error);
  // Until the session and profile are read in the page, what the server knew.
  const known = signedOut ? undefined : profile.status === 'success' ? standingOf(profile.data) : written;
  if (known !== undefined) return <StandingNotice standing={known} />;
  if (!signedIn) {
    return (
      <div className="notice access-notice" id="acces-accreditation">
        <p>
          <strong>Les demandes d’accréditation sont réservées aux journalistes.</strong> Connectez-vous avec votre compte FFR pour envoyer
          la vôtre{NBSP}: vous reviendrez ensuite sur ce formulaire
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
  return null;
}

function StandingNotice({ standing }: { standing: JournalistStanding }) {
  const { notice, action } = STANDINGS[standing];
  if (notice === null) return null;
  return (
    <div className="notice notice--warning access-notice" id="acces-accreditation">
      <p>
        <strong>Les demandes d’accréditation sont réservées aux journalistes.</strong> {notice}
      </p>
      <div className="access-notice__actions">
        <JournalistAccess standing={standing} />
        {action === 'write-press-office' ? null : <a href="/espace-presse">Mon espace presse</a>}
      </div>
    </div>
  );
}
