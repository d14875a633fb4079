import type { ReactNode } from 'react';
import { frenchDay, readTypedDate } from '../../lib/format/date';
import { EventPicker } from './EventPicker';
import { ErrorSummary, fieldId } from './ErrorSummary';
import { EVENT_FIELD, type EventChoice } from './event-selection';
import { RequiredLegend, RequiredMark } from '../../ui/required';
import {
  DEFAULT_DIAL_CODE,
  HONEYPOT,
  IDEMPOTENCY_FIELD,
  isDialCodeField,
  type FieldErrors,
  type FormField,
  type FormModel,
  type FormValues,
} from './model';

// One form, rendered the same on the server (works without JavaScript) and in the island.

export type CountryOption = { e164_cc: string; iso2_cc: string; display_name: string };
export type Countries = { europe: CountryOption[]; all: CountryOption[] };

type Props = {
  model: FormModel;
  values: FormValues;
  errors: FieldErrors;
  action: string;
  idempotencyKey: string;
  countries?: Countries;
  events?: EventChoice[];
  selected?: number[];
  onToggleEvent?: (event: EventChoice) => void;
  eventTools?: ReactNode;
  sending?: boolean;
  submitLabel?: string;
  onSubmit?: (e: React.FormEvent<HTMLFormElement>) => void;
  /** Every input event of the form's fields (each key typed, each box ticked): the draft and the errors follow. */
  onInput?: (e: React.FormEvent<HTMLFormElement>) => void;
  /** Fields shown but not typed in (an accreditation request's identity, the profile's), and the note that says why. */
  fixed?: { names: readonly string[]; note: ReactNode };
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);
const INPUT_TYPES: Partial<Record<FormField['kind'], string>> = { text: 'text', email: 'email', tel: 'tel', url: 'url', number: 'number' };

/**
 * In the island, leaving a date field whose year was typed with two digits shows the year the site
 * reads (SPEC §9, cutoff 60): a date input holds « 0085-03-12 » for 12/03/85 and then shows 1985;
 * a browser without one (a text field) shows « 12/03/1985 ». The form hears of it as of any change.
 */
function settleTypedDate(e: React.FocusEvent<HTMLInputElement>) {
  const input = e.currentTarget;
  const iso = input.value ? readTypedDate(input.value) : null;
  const shown = iso && (input.type === 'date' ? iso : frenchDay(iso));
  if (!shown || shown === input.value) return;
  // Through the prototype's setter, so that the event below reads as the reader's own input.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, shown);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const AUTOCOMPLETE: Record<string, string> = {
  nom: 'family-name',
  prenom: 'given-name',
  email: 'email',
  telephone: 'tel',
  media: 'organization',
};

function Field({
  field,
  id,
  values,
  errors,
  countries,
  fixedNote,
}: {
  field: FormField;
  id: string;
  values: FormValues;
  errors: FieldErrors;
  countries?: Countries;
  /** Set for a read-only field: the id of the note that says where its value comes from. */
  fixedNote?: string;
}) {
  const error = errors[field.name];
  const describedBy = [error ? `${id}-erreur` : '', fixedNote ?? ''].filter(Boolean).join(' ') || undefined;
  // The asterisk sits beside the label, not in it: the field's accessible name stays its label.
  const star = field.required ? <RequiredMark /> : null;
  const label = field.label;
  const errorLine = error ? (
    <span className="form__error" id={`${id}-erreur`}>
      {error}
    </span>
  ) : null;
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };

  if (isDialCodeField(field) && countries) {
    return (
      <div className="form__field">
        <div className="form__label">
          <label htmlFor={id}>{label}</label>
          {star}
        </div>
        <select {...common} defaultValue={one(values[field.name]) || DEFAULT_DIAL_CODE} autoComplete="tel-country-code">
          <optgroup label="Europe">
            {countries.europe.map((c) => (
              <option key={`e-${c.iso2_cc}`} value={`+${c.e164_cc}`}>{`${c.display_name} (+${c.e164_cc})`}</option>
            ))}
          </optgroup>
          <optgroup label="Tous les pays">
            {countries.all.map((c) => (
              <option key={c.iso2_cc} value={`+${c.e164_cc}`}>{`${c.display_name} (+${c.e164_cc})`}</option>
            ))}
          </optgroup>
        </select>
        {errorLine}
      </div>
    );
  }
  switch (field.kind) {
    case 'hidden':
      return <input type="hidden" name={field.name} defaultValue={one(values[field.name])} />;
    case 'textarea':
      return (
        <div className="form__field form__field--wide">
          <div className="form__label">
            <label htmlFor={id}>{label}</label>
            {star}
          </div>
          <textarea {...common} rows={6} defaultValue={one(values[field.name])} maxLength={field.maxLength} minLength={field.minLength} />
          {errorLine}
        </div>
      );
    case 'select':
      return (
        <div className="form__field">
          <div className="form__label">
            <label htmlFor={id}>{label}</label>
            {star}
          </div>
          <select {...common} defaultValue={one(values[field.name])}>
            <option value="">Choisissez…</option>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {errorLine}
        </div>
      );
    case 'radio':
    case 'checkbox': {
      // What the visitor chose, else the form's default: choice.
      const chosen = values[field.name] !== undefined ? many(values[field.name]) : (field.defaultValue ?? []);
      return (
        <fieldset className="form__field form__choices" aria-describedby={describedBy}>
          <legend>
            {label}
            {star}
          </legend>
          {field.options.map((o, i) => (
            <label key={o.value} className="form__choice">
              <input
                id={i === 0 ? id : `${id}-${i}`}
                type={field.kind}
                name={field.kind === 'checkbox' ? `${field.name}[]` : field.name}
                value={o.value}
                required={field.kind === 'radio' && field.required && i === 0 ? true : undefined}
                defaultChecked={chosen.includes(o.value)}
              />{' '}
              {o.label}
            </label>
          ))}
          {errorLine}
        </fieldset>
      );
    }
    case 'acceptance':
      return (
        <div className="form__field form__field--wide">
          <label className="form__choice">
            <input
              id={id}
              type="checkbox"
              name={field.name}
              value="1"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              defaultChecked={one(values[field.name]) === '1'}
            />{' '}
            {field.label}
          </label>
          {errorLine}
        </div>
      );
    case 'file':
      return (
        <div className="form__field form__field--wide">
          <div className="form__label">
            <label htmlFor={id}>{label}</label>
            {star}
          </div>
          <input {...common} type="file" accept={field.fileTypes?.map((t) => `.${t}`).join(',')} multiple={field.multiple} />
          {errorLine}
        </div>
      );
    case 'date':
      // No min and max here: a browser would refuse a two-digit year (0085 < 1900-01-01) in its own
      // words before the site reads it as 1985 (SPEC §9); the server checks the range, in French.
      return (
        <div className="form__field">
          <div className="form__label">
            <label htmlFor={id}>{label}</label>
            {star}
          </div>
          <input {...common} type="date" defaultValue={one(values[field.name])} onBlur={settleTypedDate} />
          {errorLine}
        </div>
      );
    default:
      return (
        <div className="form__field">
          <div className="form__label">
            <label htmlFor={id}>{label}</label>
            {star}
          </div>
          <input
            {...common}
            type={INPUT_TYPES[field.kind] ?? 'text'}
            defaultValue={one(values[field.name])}
            maxLength={field.maxLength}
            minLength={field.minLength}
            min={field.min}
            max={field.max}
            placeholder={field.placeholder}
            autoComplete={AUTOCOMPLETE[field.name]}
            readOnly={fixedNote ? true : undefined}
          />
          {errorLine}
        </div>
      );
  }
}

export function FormView(p: Props) {
  const errorCount = Object.keys(p.errors).length;
  const noteId = `${p.model.slug}-profil`;
  return (
    <form
      className="form cf7-form"
      action={p.action}
      method="post"
      encType="multipart/form-data"
      noValidate={!!p.onSubmit}
      onSubmit={p.onSubmit}
      onInput={p.onInput}
    >
      {errorCount ? <ErrorSummary model={p.model} errors={p.errors} /> : null}
      <RequiredLegend />
      {p.fixed ? (
        <p className="form__fixed-note" id={noteId}>
          {p.fixed.note}
        </p>
      ) : null}
      <div className="form__grid">
        {p.model.fields.map((field) =>
          field.name === EVENT_FIELD && p.events ? (
            <EventPicker
              key={field.name}
              id={fieldId(p.model, field)}
              field={field}
              events={p.events}
              selected={p.selected}
              onToggle={p.onToggleEvent}
              errors={p.errors}
              tools={p.eventTools}
            />
          ) : (
            <Field
              key={field.name}
              field={field}
              id={fieldId(p.model, field)}
              values={p.values}
              errors={p.errors}
              countries={p.countries}
              fixedNote={p.fixed?.names.includes(field.name) ? noteId : undefined}
            />
          ),
        )}
      </div>
      {/* Left empty by people (hidden from them); robots fill it. */}
      <div className="form__trap" aria-hidden="true">
        <label>
          Ne pas remplir
          <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={p.idempotencyKey} />
      <button className="button" type="submit" disabled={p.sending} aria-busy={p.sending}>
        {p.sending ? 'Envoi en cours…' : (p.submitLabel ?? 'Envoyer')}
      </button>
    </form>
  );
}
