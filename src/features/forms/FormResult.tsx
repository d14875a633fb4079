import { frenchDay } from '../../lib/format/date';
import { SignInLink, type AccountLinks } from './AccessNotice';
import type { FormModel, FormValues } from './model';
import { resultAnchor, type FormOutcome } from './outcome';

const NBSP = '\u00a0';

/**
 * What a visitor sees after sending: SPEC §8 successes, failures and duplicates. Focusable (the
 * island moves the focus to it) and the target of the form action's fragment (without JavaScript).
 */
export function FormResult({
  outcome,
  model,
  accreditation,
  account,
  onReset,
}: {
  outcome: Exclude<FormOutcome, { kind: 'invalid' }>;
  model: FormModel;
  accreditation: boolean;
  account?: AccountLinks;
  onReset?: () => void;
}) {
  const anchor = resultAnchor(model.slug);
  const title = `${anchor}-titre`;
  const region = { id: anchor, tabIndex: -1, 'aria-labelledby': title };
  if (outcome.kind === 'success' && accreditation) {
    // SPEC §8: the press service will confirm; a link to the personal space (SPEC §2: the federation
    // site's /tableau-de-bord, opened in a new tab) and a way back home.
    return (
      <div className="form-result form-result--success" role="status" {...region}>
        <h2 id={title}>Demande d’accréditation envoyée</h2>
        <p>
          {`Le service de presse a bien reçu votre demande et vous confirmera votre accréditation par e-mail${NBSP}; vous pouvez suivre son statut dans votre `}
          <a href="/espace-presse">espace presse</a>.
        </p>
        <p className="form-result__actions">
          {account ? (
            <a className="button button--ghost" href={account.personalSpace} target="_blank" rel="noopener">
              Mon espace personnel<span className="visually-hidden"> (nouvel onglet)</span>
              <span aria-hidden="true"> ↗</span>
            </a>
          ) : null}
          <a className="button" href="/">
            Retour à l’accueil
          </a>
        </p>
      </div>
    );
  }
  if (outcome.kind === 'success') {
    return (
      <div className="form-result form-result--success" role="status" {...region}>
        <h2 id={title}>Merci, votre message a été envoyé</h2>
        <p>{outcome.message}</p>
        <Summary model={model} values={outcome.values} />
        {onReset ? (
          <button type="button" className="button button--ghost" onClick={onReset}>
            Envoyer un autre message
          </button>
        ) : null}
      </div>
    );
  }
  const access = outcome.kind === 'failure' ? outcome.access : undefined;
  return (
    <div className="form-result form-result--failure" role="alert" {...region}>
      <h2 id={title}>{outcome.title}</h2>
      <p>{outcome.message}</p>
      <p>Vos saisies sont conservées ci-dessous.</p>
      {access === 'sign-in' && account ? (
        <p className="form-result__actions">
          <SignInLink className="button" href={account.signIn}>
            Connexion / inscription
          </SignInLink>
        </p>
      ) : access === 'journalist' ? (
        <p className="form-result__actions">
          <a className="button" href="/espace-presse">
            Mon espace presse
          </a>
        </p>
      ) : null}
    </div>
  );
}

function Summary({ model, values }: { model: FormModel; values: FormValues }) {
  const rows = model.fields
    .filter((f) => f.kind !== 'file' && f.kind !== 'hidden' && f.kind !== 'acceptance')
    .map((f) => {
      const v = values[f.name];
      const raw = Array.isArray(v) ? v : v ? [v] : [];
      // A date as the French write it (« 12/03/1985 »), not as CF7 takes it.
      const shown = raw.map((x) => (f.kind === 'date' ? frenchDay(x) : (f.options.find((o) => o.value === x)?.label ?? x))).join(', ');
      return { label: f.label, value: shown };
    })
    .filter((r) => r.value);
  if (!rows.length) return null;
  return (
    <dl className="form-result__summary">
      {rows.map((r) => (
        <div key={r.label}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
