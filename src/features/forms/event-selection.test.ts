import { describe, expect, it } from 'vitest';
import { emptySelection, EVENT_FIELD, fromTitles, selectAllFuture, toggleEvent, type EventChoice } from './event-selection';

const now = new Date('2026-11-22T08:00:00Z');
const events: EventChoice[] = [
  { id: 1, title: 'France – Japon', date: '2026-11-29T21:10:00', deadline: '2026-11-24T12:00:00+01:00', open: true },
  { id: 2, title: 'Conférence de presse', date: '2026-11-23T11:00:00', deadline: '2026-11-20T11:00:00+01:00', open: false },
  { id: 3, title: 'France – Fidji', date: '2026-12-05T21:10:00', deadline: '2026-11-30T12:00:00+01:00', open: true },
];

describe('accreditation selection', () => {
  it('toggles an event and its title', () => {
    let s = toggleEvent(emptySelection(), events[0]!);
    expect(s).toEqual({ selectedEvents: [1], initialValues: { [EVENT_FIELD]: ['France – Japon'] } });
    s = toggleEvent(s, events[2]!);
    expect(s.initialValues[EVENT_FIELD]).toEqual(['France – Japon', 'France – Fidji']);
    s = toggleEvent(s, events[0]!);
    expect(s).toEqual({ selectedEvents: [3], initialValues: { [EVENT_FIELD]: ['France – Fidji'] } });
  });
  it('never selects a closed event', () => {
    expect(toggleEvent(emptySelection(), events[1]!)).toEqual(emptySelection());
  });
  it('selects all future events whose deadline is still ahead', () => {
    expect(selectAllFuture(events, now).selectedEvents).toEqual([1, 3]);
    expect(selectAllFuture(events, new Date('2026-11-25T00:00:00Z')).selectedEvents).toEqual([3]);
  });
  it('resets, and rebuilds from kept titles', () => {
    expect(fromTitles(events, ['France – Fidji', 'inconnu']).selectedEvents).toEqual([3]);
  });
});
