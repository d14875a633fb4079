import type { FieldErrors, FormValues } from './model';

/** What sending a form came to (SPEC §4 form sending: success, failure, unknown; §5, §8 messages). */
export type FormOutcome =
  | { kind: 'success'; title: string; message: string; values: FormValues }
  | { kind: 'invalid'; message: string; errors: FieldErrors; values: FormValues }
  | { kind: 'duplicate'; title: 'Désolé\u202f!'; message: string; values: FormValues }
  /**
   * retryAfter: refused by the rate limit, may be sent again after that many seconds. access: an
   * accreditation request refused for want of a session (sign-in) or of the journalist status (SPEC §6).
   */
  | { kind: 'failure'; title: string; message: string; values: FormValues; retryAfter?: number; access?: 'sign-in' | 'journalist' }
  | { kind: 'unknown'; title: string; message: string; values: FormValues };

export const FAILURE_TITLE = 'Nous avons rencontré un problème lors de l’envoi de votre message';

/**
 * The id of what a sending came to — the error summary or the result, never both — and the
 * fragment of the form's action, so that a page posted without JavaScript comes back on it.
 */
export const resultAnchor = (slug: string) => `envoi-${slug}`;
