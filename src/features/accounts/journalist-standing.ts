// Where a signed-in reader stands as a journalist (SPEC §3, §4, §6), from the profile's
// `journaliste` (oui, non, a_valider, refuse, en_attente_infos, or empty) and the newsroom's flags
// (`journalist_status_request`: the reader asked for the status; `journalist_updated_profile`: they
// sent the information the press office asked for). One table, read by every screen: the press
// space, the accreditation form's notice, the window opened once per session, the accreditation
// banner. docs/journalist-status.md shows it side by side (checked by journalist-standing.test.ts).

import type { Prefs } from '../../schemas/prefs';

export type JournalistStanding =
  | 'journaliste'
  | 'a_valider'
  | 'infos_demandees'
  | 'infos_envoyees'
  | 'refuse'
  | 'demande_envoyee'
  | 'non_journaliste'
  | 'sans_statut';

type ProfileFacts = Pick<Prefs, 'journaliste'> & Partial<Pick<Prefs, 'journalist_status_request' | 'journalist_updated_profile'>>;

export function standingOf(p: ProfileFacts): JournalistStanding {
  switch (p.journaliste) {
    case 'oui':
      return 'journaliste';
    case 'a_valider':
      return 'a_valider';
    case 'refuse':
      return 'refuse';
    case 'en_attente_infos':
      return p.journalist_updated_profile ? 'infos_envoyees' : 'infos_demandees';
    case 'non':
      return p.journalist_status_request ? 'demande_envoyee' : 'non_journaliste';
    default:
      // SPEC §4: any other value (empty among them) is a status never asked for.
      return p.journalist_status_request ? 'demande_envoyee' : 'sans_statut';
  }
}

export type StandingAction = 'complete-profile' | 'request-status' | 'write-press-office';

export type Standing = {
  /** In a few words, for the table of docs/journalist-status.md. */
  label: string;
  /** What the press space and the accreditation form say (null: nothing to say, the journalist goes ahead). */
  notice: string | null;
  /** The one thing the reader can do about it. */
  action: StandingAction | null;
  /** SPEC §4: the window opened once per session when the profile loads. */
  modal: 'JOURNALIST_MORE_INFO' | 'JOURNALIST_CHECK_STATUS' | null;
  /** The « Vous êtes journaliste ? S’accréditer » banner: not for someone whose request is pending or refused. */
  banner: boolean;
};

const NNBSP = '\u202f';

export const STANDINGS: Record<JournalistStanding, Standing> = {
  journaliste: { label: 'journaliste', notice: null, action: null, modal: null, banner: true },
  a_valider: {
    label: 'demande en cours de validation',
    notice: `Votre demande de statut de journaliste est en cours de validation par le service de presse${NNBSP}: vous pourrez demander une accréditation dès qu’elle sera acceptée.`,
    action: null,
    modal: null,
    banner: false,
  },
  infos_demandees: {
    label: 'informations demandées',
    notice: `Le service de presse attend quelques informations pour valider votre statut de journaliste${NNBSP}: complétez votre profil.`,
    action: 'complete-profile',
    modal: 'JOURNALIST_MORE_INFO',
    banner: false,
  },
  infos_envoyees: {
    label: 'informations transmises',
    notice: `Vos informations ont bien été transmises${NNBSP}: le service de presse vérifie votre profil de journaliste. Vous pourrez demander une accréditation dès qu’il sera validé.`,
    action: null,
    modal: null,
    banner: false,
  },
  refuse: {
    label: 'demande refusée',
    notice: 'Votre demande de statut de journaliste n’a pas été acceptée. Pour toute question, écrivez au service de presse.',
    action: 'write-press-office',
    modal: null,
    banner: false,
  },
  demande_envoyee: {
    label: 'statut demandé',
    notice: `Votre demande de statut de journaliste a bien été transmise${NNBSP}: le service de presse la vérifie. Vous pourrez demander une accréditation dès qu’elle sera acceptée.`,
    action: null,
    modal: null,
    banner: false,
  },
  non_journaliste: {
    label: 'pas journaliste',
    notice: `Votre compte FFR n’a pas le statut de journaliste. Si vous êtes journaliste, demandez-le${NNBSP}: le service de presse vérifiera votre demande.`,
    action: 'request-status',
    modal: null,
    banner: true,
  },
  sans_statut: {
    label: 'sans statut',
    notice: `Votre compte FFR n’a pas encore de statut de journaliste. Si vous êtes journaliste, demandez-le${NNBSP}: le service de presse vérifiera votre demande.`,
    action: 'request-status',
    modal: 'JOURNALIST_CHECK_STATUS',
    banner: true,
  },
};

/** The words of each action, where it is a button or a link. */
export const ACTION_LABELS: Record<StandingAction, string> = {
  'complete-profile': 'Compléter mon profil de journaliste',
  'request-status': 'Demander le statut de journaliste',
  'write-press-office': 'Écrire au service de presse',
};
