import type { AccountLinks } from './AccessNotice';
import { ACCREDITATION_KINDS, type AccreditationKind as Kind } from './accreditation-kinds';
import type { EventChoice } from './event-selection';
import { FormIsland } from './FormIsland';
import type { FormModel, FormValues } from './model';
import type { FormOutcome } from './outcome';

type FormProps = {
  kind: Kind;
  model: FormModel | null;
  outcome: FormOutcome | null;
  events: EventChoice[];
  preset?: FormValues;
  account: AccountLinks;
};

/** The accreditation request: the three kinds of form, the chosen one filled in or with its outcome. */
export function AccreditationForm({ kind, model, outcome, events, preset, account }: FormProps) {
  return (
    <section className="accreditation" aria-labelledby="accreditation-title">
      <h2 id="accreditation-title">Votre demande</h2>
      <nav className="accreditation__kinds" aria-label="Type de demande">
        <ul>
          {ACCREDITATION_KINDS.map((k) => (
            <li key={k.value}>
              {k.value === kind.value ? (
                <span aria-current="page">{k.label}</span>
              ) : (
                <a href={`/accreditations?formulaire=${k.value}`}>{k.label}</a>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {model ? (
        <FormIsland
          model={model}
          action={`/accreditations?formulaire=${kind.value}`}
          outcome={outcome}
          events={events}
          preset={preset}
          accreditation
          account={account}
        />
      ) : (
        <p className="notice">Le formulaire d’accréditation est momentanément indisponible. Merci de réessayer dans quelques instants.</p>
      )}
    </section>
  );
}
