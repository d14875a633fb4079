import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { accreditationOpen } from '../events/accreditation';
import { settle } from '../../data/loaded';
import type { Event } from '../../schemas/event';
import type { EventChoice } from './event-selection';
import { parisDay } from '../../lib/format/date';

// The events an accreditation form offers: those of its kind still to come (closed ones shown as
// closed), from WordPress's future_events (SPEC §7), read once a day per KV copy.

export function eventChoices(events: Event[], kind: 'evenements-presse' | 'rencontres-internationales' | null, now: Date): EventChoice[] {
  return events
    .filter((e) => e.accreditation && (kind === null || e.accreditation.kind === kind))
    .filter(
      (e) => Date.parse(e.accreditation!.deadline) > now.getTime() - 30 * 24 * 3600 * 1000 && e.startDate.slice(0, 10) >= parisDay(now),
    )
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .map((e) => ({
      id: e.id,
      slug: e.slug,
      kind: e.accreditation!.kind,
      title: e.title,
      date: e.startDate,
      deadline: e.accreditation!.deadline,
      open: accreditationOpen(e, now),
      allDay: e.all_day,
    }));
}

export async function futureEventChoices(c: Context<AppEnv>, kind: 'evenements-presse' | 'rencontres-internationales' | null) {
  const now = c.get('clock').now();
  const events = await settle(c.get('content').futureEvents(parisDay(now)), 'future_events');
  return events.status === 'success' ? eventChoices(events.data, kind, now) : [];
}
