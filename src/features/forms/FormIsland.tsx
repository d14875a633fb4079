import { Island } from '../../ui/Island';
import type { AccountLinks } from './AccessNotice';
import { EUROPEAN_COUNTRIES, PRESS_COUNTRIES } from './countries';
import type { EventChoice } from './event-selection';
import type { FormModel, FormValues } from './model';
import { resultAnchor, type FormOutcome } from './outcome';

/** The country lists the forms offer (the JSON API sends them along with a form). */
export const COUNTRIES = { europe: EUROPEAN_COUNTRIES, all: PRESS_COUNTRIES };

/**
 * The form island, for a page: fresh, or with the outcome of a post made without JavaScript.
 * `action` is the page's path: the form posts there with the result's fragment, so the page comes
 * back on the error summary or the result rather than at its top. `preset`: values a fresh form
 * opens with (an event page's « S’accréditer » ticks its event). `account`: where the accreditation
 * form sends people to sign in and, once sent, to their personal space.
 */
export function FormIsland({
  model,
  action,
  outcome,
  events,
  accreditation,
  preset,
  account,
}: {
  model: FormModel;
  action: string;
  outcome: FormOutcome | null;
  events?: EventChoice[];
  accreditation: boolean;
  preset?: FormValues;
  account?: AccountLinks;
}) {
  return (
    <Island
      name="Cf7Form"
      props={{
        model,
        values: outcome ? (outcome.kind !== 'success' ? outcome.values : {}) : (preset ?? {}),
        errors: outcome?.kind === 'invalid' ? outcome.errors : {},
        outcome,
        countries: COUNTRIES,
        events,
        idempotencyKey: crypto.randomUUID(),
        action: `${action}#${resultAnchor(model.slug)}`,
        accreditation,
        account,
      }}
    />
  );
}
