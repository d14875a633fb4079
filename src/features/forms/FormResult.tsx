import type { FormModel, FormValues } from './model';
import { resultAnchor, type FormOutcome } from './outcome';

/**
 * What a visitor sees after sending: SPEC §8 successes, failures and duplicates. Focusable (the
 * island moves the focus to it) and the target of the form action's fragment (without JavaScript).
 */
export function FormResult({ outcome, model, accreditation, onReset }: { outcome: Exclude<FormOutcome, { kind: 'invalid' }>; model: FormModel; accreditation: boolean; onReset?: () => void }) {
  const anchor = resultAnchor(model.slug);
  const title = `${anchor}-titre`;
  const region = { id: anchor, tabIndex: -1, 'aria-labelledby': title };
  if (outcome.kind === 'success' && accreditation) {
    return (
      <div className="form-result form-result--success" role="status" {...region}>
        <h2 id={title}>Demande d’accréditation envoyée</h2>
        <p>Le service de presse a bien reçu votre demande. Il vous confirmera votre accréditation par e-mail ; vous pouvez suivre son statut depuis votre espace.</p>
        <p className="form-result__actions">
          <a className="button button--ghost" href="/espace-presse">
            Voir mon espace presse
          </a>
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
  return (
    <div className="form-result form-result--failure" role="alert" {...region}>
      <h2 id={title}>{outcome.title}</h2>
      <p>{outcome.message}</p>
      <p>Vos saisies sont conservées ci-dessous.</p>
    </div>
  );
}

function Summary({ model, values }: { model: FormModel; values: FormValues }) {
  const rows = model.fields
    .filter((f) => f.kind !== 'file' && f.kind !== 'hidden' && f.kind !== 'acceptance')
    .map((f) => {
      const v = values[f.name];
      const raw = Array.isArray(v) ? v : v ? [v] : [];
      const shown = raw.map((x) => f.options.find((o) => o.value === x)?.label ?? x).join(', ');
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
