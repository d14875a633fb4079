import type { FieldErrors, FormField, FormModel } from './model';
import { resultAnchor } from './outcome';

const NBSP = '\u00a0';
/** The id of a field's control, where its error summary link leads (the first choice of a group). */
export const fieldId = (model: FormModel, field: FormField) => `${model.slug}-${field.name}`;

/** How the summary names a field: its label, or « Consentement » for the long acceptance sentence. */
const summaryLabel = (field: FormField) => (field.kind === 'acceptance' ? 'Consentement' : field.label);

/**
 * Moves the focus to the field a summary link names, its label or legend in view above it (the
 * sticky header is kept clear by scroll-margin-top), as a fragment link alone would not.
 */
function focusField(e: React.MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(decodeURIComponent(e.currentTarget.hash.slice(1)));
  if (!target) return;
  e.preventDefault();
  (target.closest('.form__field') ?? target).scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/**
 * The errors of a sending, at the top of the form: how many, then each one as a link to its field
 * (the GOV.UK error summary). The island focuses it after sending; without JavaScript the page comes
 * back on it (the action's fragment is its id).
 */
export function ErrorSummary({ model, errors }: { model: FormModel; errors: FieldErrors }) {
  const known = model.fields.filter((f) => errors[f.name]);
  const items = [
    ...known.map((f) => ({
      key: f.name,
      text: `${summaryLabel(f)}${NBSP}: ${errors[f.name]}`,
      href: f.kind === 'hidden' ? undefined : `#${fieldId(model, f)}`,
    })),
    ...Object.keys(errors)
      .filter((name) => !model.fields.some((f) => f.name === name))
      .map((name) => ({ key: name, text: errors[name]!, href: undefined })),
  ];
  const anchor = resultAnchor(model.slug);
  return (
    <div className="error-summary" id={anchor} tabIndex={-1} role="group" aria-labelledby={`${anchor}-titre`}>
      <h3 id={`${anchor}-titre`}>{items.length === 1 ? 'Il y a 1 erreur' : `Il y a ${items.length} erreurs`}</h3>
      <p>{`Vos saisies sont conservées${NBSP}: corrigez ${items.length === 1 ? 'le champ signalé' : 'les champs signalés'} puis envoyez à nouveau.`}</p>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            {item.href ? (
              <a href={item.href} onClick={focusField}>
                {item.text}
              </a>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
