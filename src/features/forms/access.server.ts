import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { endSession, readSession } from '../../auth/session.server';
import { tokenRefused } from '../../data/user.server';
import { FAILURE_TITLE, type FormOutcome } from './outcome';
import type { FormValues } from './model';
import { STANDINGS, standingOf, type JournalistStanding } from '../accounts/journalist-standing';
import type { Prefs } from '../../schemas/prefs';
import { log } from '../../observability/log.server';

// SPEC §6: accreditation requests are a journalist's right (journaliste = oui in the user's
// preferences). The page's HTML is the same for everyone, so the server decides at the sending,
// from the session cookie and WordPress's user_prefs read with the user's own token.

type AccessCheck =
  /** The journalist's profile: who the request is from (issue 50). */
  | { ok: true; prefs: Prefs }
  /** sign-in: no session, or one the provider no longer honours; journalist: signed in without the status. */
  | { ok: false; reason: 'sign-in' }
  | { ok: false; reason: 'journalist'; standing: JournalistStanding }
  | { ok: false; reason: 'unavailable' };

/**
 * The signed-in reader a page is written for (the accreditation form, filled from their profile
 * and saying where they stand), or null: no session, or a profile that cannot be read now (the
 * page is then the one everyone gets, and the sending decides).
 */
export async function signedInReader(c: Context<AppEnv>): Promise<{ prefs: Prefs; standing: JournalistStanding } | null> {
  const session = await readSession(c);
  if (!session || session.error || !session.access_token) return null;
  try {
    const prefs = await c.get('user').prefs(session.access_token, true);
    return { prefs, standing: standingOf(prefs) };
  } catch {
    return null;
  }
}

export async function journalistSession(c: Context<AppEnv>): Promise<AccessCheck> {
  const session = await readSession(c);
  if (!session || session.error || !session.access_token) return { ok: false, reason: 'sign-in' };
  try {
    // The full profile: its newsroom flags say whether a request or the information is on its way.
    const prefs = await c.get('user').prefs(session.access_token, true);
    const standing = standingOf(prefs);
    return standing === 'journaliste' ? { ok: true, prefs } : { ok: false, reason: 'journalist', standing };
  } catch (error) {
    // WordPress no longer accepts the token (revoked at the provider): the session ends, as on /api/user/*.
    if (tokenRefused(error)) {
      endSession(c);
      return { ok: false, reason: 'sign-in' };
    }
    log.warn('forms.journalist_status_unavailable', { error: log.describe(error) });
    return { ok: false, reason: 'unavailable' };
  }
}

const ACCESS_TEXT = {
  signInTitle: 'Connectez-vous pour envoyer votre demande',
  signIn:
    'Les demandes d’accréditation sont réservées aux journalistes connectés à leur compte FFR. Connectez-vous, puis envoyez à nouveau votre demande.',
  journalistTitle: 'Demande réservée aux journalistes',
  journalist:
    'Votre compte FFR n’a pas le statut de journaliste, et seuls les journalistes peuvent demander une accréditation. Demandez ce statut depuis votre espace presse\u00a0: le service de presse vérifiera votre demande.',
  unavailable: 'Nous n’avons pas pu vérifier votre statut de journaliste. Merci de réessayer dans quelques instants.',
} as const;

/** The refusal as a form outcome: the input kept, what to do next named by `access`. */
export function refusal(check: Exclude<AccessCheck, { ok: true }>, values: FormValues): FormOutcome {
  switch (check.reason) {
    case 'sign-in':
      return { kind: 'failure', title: ACCESS_TEXT.signInTitle, message: ACCESS_TEXT.signIn, values, access: 'sign-in' };
    case 'journalist':
      return {
        kind: 'failure',
        title: ACCESS_TEXT.journalistTitle,
        message: STANDINGS[check.standing].notice ?? ACCESS_TEXT.journalist,
        values,
        access: 'journalist',
      };
    case 'unavailable':
      return { kind: 'failure', title: FAILURE_TITLE, message: ACCESS_TEXT.unavailable, values };
  }
}
