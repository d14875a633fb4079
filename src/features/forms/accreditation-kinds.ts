// The three accreditation requests (SPEC §2 form slugs): which CF7 form, and which events it offers
// (null: every event open to accreditation).

export const ACCREDITATION_KINDS = [
  {
    value: 'rencontres-internationales',
    label: 'Rencontres internationales',
    form: 'accreditation-rencontres-internationales',
    events: 'rencontres-internationales',
  },
  { value: 'evenements-presse', label: 'Événements presse', form: 'accreditation-evenements-presse', events: 'evenements-presse' },
  {
    value: 'media-francais-sans-carte',
    label: 'Média français sans carte de presse',
    form: 'accreditation-media-francais-sans-carte',
    events: null,
  },
] as const;
export type AccreditationKind = (typeof ACCREDITATION_KINDS)[number];

/** The events a form's event choices come from, for any of the spec's accreditation form slugs. */
export function eventsKindOfForm(slug: string): AccreditationKind['events'] | undefined {
  return ACCREDITATION_KINDS.find((k) => slug === k.form || slug === k.value)?.events;
}
