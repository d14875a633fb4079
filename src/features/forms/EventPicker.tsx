import type { ReactNode } from 'react';
import { formatDateTime, formatLongDate } from '../../lib/format/date';
import { RequiredMark } from '../../ui/required';
import { CLOSED_MESSAGE } from '../events/accreditation';
import { EVENT_FIELD, type EventChoice } from './event-selection';
import type { FieldErrors, FormField } from './model';

/** When an event takes place, as the picker says it. */
const when = (event: EventChoice) => (event.allDay ? `${formatLongDate(event.date)}, toute la journée` : formatDateTime(event.date));

/** The events a request is for: each a checkbox, the closed ones shown but disabled. */
export function EventPicker({
  id,
  field,
  events,
  selected,
  onToggle,
  errors,
  tools,
}: {
  id: string;
  field: FormField;
  events: EventChoice[];
  selected?: number[];
  onToggle?: (e: EventChoice) => void;
  errors: FieldErrors;
  tools?: ReactNode;
}) {
  const error = errors[field.name];
  // The error summary links to the first event that can be ticked; with none, to the list itself.
  const firstOpen = events.find((e) => e.open)?.id;
  return (
    <fieldset
      className="form__field form__field--wide event-picker"
      aria-describedby={error ? 'evenements-erreur' : undefined}
      {...(firstOpen === undefined ? { id, tabIndex: -1 } : {})}
    >
      <legend>
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </legend>
      {tools}
      {events.length === 0 ? <p>Aucun événement ouvert aux accréditations pour le moment.</p> : null}
      <ul>
        {events.map((event) => (
          <li key={event.id} className={event.open ? undefined : 'is-closed'}>
            <label className="form__choice">
              <input
                id={event.id === firstOpen ? id : undefined}
                type="checkbox"
                name={`${EVENT_FIELD}[]`}
                value={event.title}
                disabled={!event.open}
                {...(onToggle
                  ? { checked: selected?.includes(event.id) ?? false, onChange: () => onToggle(event) }
                  : { defaultChecked: selected?.includes(event.id) })}
              />{' '}
              <span>
                <strong>{event.title}</strong> — {when(event)}
                {event.open ? (
                  <small> · demandes jusqu’au {formatDateTime(event.deadline)}</small>
                ) : (
                  <small className="event-picker__closed"> · {CLOSED_MESSAGE}</small>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <span className="form__error" id="evenements-erreur">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
