import type { Event } from '../../schemas/event';
import { Unavailable } from '../../ui/Apology';
import { EventItem } from './EventItem';

/** The events page: what is coming first, then what has been. */
export function EventsView({ upcoming, past, failed }: { upcoming: Event[]; past: Event[]; failed: boolean }) {
  return (
    <div className="container">
      <h1>Événements</h1>
      <p>
        <a href="/evenements.ics" download="evenements-ffr-presse.ics">
          S’abonner au calendrier des événements
        </a>
      </p>
      {failed ? (
        <Unavailable what="Les événements sont momentanément indisponibles." />
      ) : (
        <>
          <section className="home-section" aria-labelledby="a-venir">
            <h2 id="a-venir" className="section-title">
              À venir
            </h2>
            {upcoming.length ? (
              <div className="event-list">
                {upcoming.map((e) => (
                  <EventItem key={e.id} event={e} />
                ))}
              </div>
            ) : (
              <p>Aucun événement n’est programmé pour le moment.</p>
            )}
          </section>
          <section className="home-section" aria-labelledby="passes">
            <h2 id="passes" className="section-title">
              Événements passés
            </h2>
            <div className="event-list">
              {past.map((e) => (
                <EventItem key={e.id} event={e} />
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
