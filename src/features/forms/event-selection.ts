// SPEC §3/§4 accreditation form state: initialValues (the chosen event titles under
// accreditation-event-title) and selectedEvents; toggling adds or removes an event and its title;
// « all future events » selects only those whose deadline is still ahead; reset clears.

export const EVENT_FIELD = 'accreditation-event-title';

export type EventChoice = {
  id: number;
  slug?: string;
  kind?: string;
  title: string;
  date: string;
  deadline: string;
  open: boolean;
  allDay?: boolean;
};
export type Selection = { selectedEvents: number[]; initialValues: { [EVENT_FIELD]: string[] } };

export const emptySelection = (): Selection => ({ selectedEvents: [], initialValues: { [EVENT_FIELD]: [] } });

export function toggleEvent(state: Selection, event: EventChoice): Selection {
  const on = state.selectedEvents.includes(event.id);
  if (!on && !event.open) return state; // a closed event cannot be chosen
  return {
    selectedEvents: on ? state.selectedEvents.filter((id) => id !== event.id) : [...state.selectedEvents, event.id],
    initialValues: {
      [EVENT_FIELD]: on
        ? state.initialValues[EVENT_FIELD].filter((t) => t !== event.title)
        : [...state.initialValues[EVENT_FIELD], event.title],
    },
  };
}

export function selectAllFuture(events: EventChoice[], now: Date): Selection {
  const open = events.filter((e) => Date.parse(e.deadline) > now.getTime());
  return { selectedEvents: open.map((e) => e.id), initialValues: { [EVENT_FIELD]: open.map((e) => e.title) } };
}

/** Rebuilds the state from titles kept after a failed submission. */
export function fromTitles(events: EventChoice[], titles: string[]): Selection {
  const chosen = events.filter((e) => titles.includes(e.title));
  return { selectedEvents: chosen.map((e) => e.id), initialValues: { [EVENT_FIELD]: chosen.map((e) => e.title) } };
}
