import type { Event } from '../../schemas/event';

/** SPEC §4: fermee = « Il n'est plus possible de vous accréditer à cet évènement », spelled as the site spells « événement » everywhere. */
export const CLOSED_MESSAGE = 'Il n’est plus possible de vous accréditer à cet événement';

export function accreditationOpen(event: Event, now: Date): boolean {
  if (!event.accreditation) return false;
  const deadline = Date.parse(event.accreditation.deadline);
  return Number.isFinite(deadline) && deadline > now.getTime();
}
