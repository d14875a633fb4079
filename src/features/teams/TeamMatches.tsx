import { formatDateTime, parseWpDate } from '../../lib/format/date';
import { responsiveImage } from '../../lib/images';
import type { Event } from '../../schemas/event';
import { EventItem } from '../events/EventItem';
import { accreditationOpen, CLOSED_MESSAGE } from '../events/accreditation';
import { fr } from '../../lib/format/typography';

const MAX_MATCHES = 6;

/** The events still to come, soonest first (the cached list may hold one that has just ended). */
export function upcoming(events: readonly Event[], now: Date): Event[] {
  // WordPress dates are Paris wall-clock times (lib/format/date.ts reads them as such).
  const start = (e: Event) => parseWpDate(e.startDate)?.getTime() ?? 0;
  const end = (e: Event) => parseWpDate(e.endDate || e.startDate)?.getTime() ?? 0;
  return events
    .filter((e) => end(e) >= now.getTime())
    .sort((a, b) => start(a) - start(b))
    .slice(0, MAX_MATCHES);
}

/**
 * The team's next matches and press events, each with its accreditation: the link preselects the
 * event on /accreditations (?evenement={slug}, as on the event's own page).
 */
export function TeamMatches({
  events,
  now,
  background,
  title = 'Prochains rendez-vous',
}: {
  events: readonly Event[];
  now: Date;
  background: string;
  title?: string;
}) {
  const list = upcoming(events, now);
  if (list.length === 0) return null;
  const image = responsiveImage(background, 'plain').src;
  return (
    <section
      className={image ? 'team-matches team-matches--image' : 'team-matches'}
      aria-labelledby="equipe-calendrier"
      id="calendrier"
      style={
        image ? { backgroundImage: `linear-gradient(rgb(12 26 58 / 0.88), rgb(12 26 58 / 0.88)), url("${encodeURI(image)}")` } : undefined
      }
    >
      <h2 className="section-title" id="equipe-calendrier">
        {title}
      </h2>
      <ul className="team-matches__list">
        {list.map((event) => (
          <li key={event.id} className="team-matches__item">
            <EventItem event={event} />
            {event.accreditation ? (
              accreditationOpen(event, now) ? (
                <p className="team-matches__accreditation">
                  <span>Accréditations ouvertes jusqu’au {formatDateTime(parseWpDate(event.accreditation.deadline) ?? now)}</span>
                  <a
                    className="button"
                    href={`/accreditations?evenement=${encodeURIComponent(event.slug)}`}
                    aria-label={fr`S’accréditer : ${event.title}`}
                  >
                    S’accréditer
                  </a>
                </p>
              ) : (
                <p className="team-matches__accreditation team-matches__accreditation--closed">{CLOSED_MESSAGE}.</p>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
