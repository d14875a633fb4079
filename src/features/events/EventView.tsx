import { formatDateTime, formatLongDate, formatTime, isoInstant, parseWpDate } from '../../lib/format/date';
import type { Event } from '../../schemas/event';
import { RichText } from '../../ui/RichText';
import { accreditationOpen, CLOSED_MESSAGE } from './accreditation';

function When({ event }: { event: Event }) {
  const start = parseWpDate(event.startDate);
  const end = event.endDate ? parseWpDate(event.endDate) : null;
  if (!start) return null;
  const sameDay = end && formatLongDate(start) === formatLongDate(end);
  if (event.all_day) {
    return (
      <p className="event-page__when">
        <time dateTime={isoInstant(start).slice(0, 10)}>{formatLongDate(start)}</time>
        {end && !sameDay ? (
          <>
            {' au '}
            <time dateTime={isoInstant(end).slice(0, 10)}>{formatLongDate(end)}</time>
          </>
        ) : null}
        {' · toute la journée'}
      </p>
    );
  }
  return (
    <p className="event-page__when">
      <time dateTime={isoInstant(start)}>{formatLongDate(start)}</time>
      {` de ${formatTime(start)}`}
      {end ? (
        sameDay ? (
          ` à ${formatTime(end)}`
        ) : (
          <>
            {' au '}
            <time dateTime={isoInstant(end)}>{formatDateTime(end)}</time>
          </>
        )
      ) : null}
    </p>
  );
}

export function EventView({ event, now }: { event: Event; now: Date }) {
  const place = [event.adress, [event.zip, event.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const map =
    event.lat && event.long
      ? `https://www.openstreetmap.org/?mlat=${event.lat}&mlon=${event.long}#map=16/${event.lat}/${event.long}`
      : null;
  const open = accreditationOpen(event, now);
  const deadline = event.accreditation ? parseWpDate(event.accreditation.deadline) : null;
  return (
    <article className="container event-page">
      <nav className="breadcrumb" aria-label="Fil d’Ariane">
        <ol>
          <li>
            <a href="/">Accueil</a>
          </li>
          <li>
            <a href="/evenements">Événements</a>
          </li>
          <li aria-current="page">{event.title}</li>
        </ol>
      </nav>
      {event.label ? <p className="chip chip--label">{event.label}</p> : null}
      <h1>{event.title}</h1>
      <When event={event} />
      {/* On a phone the practical box comes right after the picture, before the description: the
          date, the place and « S’accréditer » are what a journalist opens the page for. */}
      <div className="event-page__grid">
        {event.image ? <img className="event-page__image" src={event.image} alt="" width={1280} height={720} /> : null}
        <aside className="event-page__aside" aria-label="Informations pratiques">
          {event.accreditation ? (
            open ? (
              <div className="event-page__accreditation">
                <p>{`Accréditations ouvertes${deadline ? ` jusqu’au ${formatDateTime(deadline)}` : ''}.`}</p>
                <a className="button" href={`/accreditations?evenement=${encodeURIComponent(event.slug)}`}>
                  S’accréditer
                </a>
              </div>
            ) : (
              <p className="event-page__accreditation event-page__accreditation--closed">{CLOSED_MESSAGE}.</p>
            )
          ) : null}
          <dl>
            {event.team ? (
              <>
                <dt>Équipe</dt>
                <dd>{event.team}</dd>
              </>
            ) : null}
            {event.venue ? (
              <>
                <dt>Lieu</dt>
                <dd>
                  {event.venue}
                  {place ? <br /> : null}
                  {place}
                  {map ? (
                    <>
                      <br />
                      <a href={map} target="_blank" rel="noopener">
                        Voir sur la carte
                      </a>
                    </>
                  ) : null}
                </dd>
              </>
            ) : null}
            {event.organizer ? (
              <>
                <dt>Organisateur</dt>
                <dd>{event.organizer}</dd>
              </>
            ) : null}
          </dl>
          <p>
            <a className="button button--ghost" href={`/evenements/${event.slug}.ics`} download={`${event.slug}.ics`}>
              Ajouter à mon calendrier
            </a>
          </p>
          {event.sidebar?.content ? (
            <section className="event-page__sidebar">
              {event.sidebar.title ? <h2>{event.sidebar.title}</h2> : null}
              <RichText html={event.sidebar.content} />
            </section>
          ) : null}
        </aside>
        {event.description ? <RichText className="prose event-page__text" html={event.description} /> : null}
      </div>
    </article>
  );
}
