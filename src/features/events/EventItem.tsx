import { formatLongDate, formatTime, isoInstant } from '../../lib/format/date';
import type { Event } from '../../schemas/event';

export function EventItem({ event }: { event: Event }) {
  const place = [event.venue, event.city].filter(Boolean).join(', ');
  return (
    <article className="event">
      <p className="event__when">
        <time dateTime={isoInstant(event.startDate)}>{formatLongDate(event.startDate)}</time>
        {event.all_day ? <span> · toute la journée</span> : <span> · {formatTime(event.startDate)}</span>}
      </p>
      <h3 className="event__title">
        <a href={`/evenements/${event.slug}`}>{event.title}</a>
      </h3>
      {place ? <p className="event__place">{place}</p> : null}
      {event.team ? <p className="event__team">{event.team}</p> : null}
    </article>
  );
}
