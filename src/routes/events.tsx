import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { EventItem } from '../features/events/EventItem';
import { EventView } from '../features/events/EventView';
import { loadEvents } from '../features/events/events.server';
import { settle } from '../data/loaded';
import { renderCalendar } from '../features/feeds/ical';
import { breadcrumbLd, sportsEventLd } from '../features/feeds/json-ld';
import { parseWpDate } from '../lib/format/date';
import { Apology, Unavailable } from '../ui/Apology';
import { canonical, siteOrigin } from '../render/site';
import type { Event } from '../schemas/event';
import { notFoundPage } from './_404';
import { cacheControl } from '../http/cache-control';

const startOf = (e: Event) => parseWpDate(e.startDate)?.getTime() ?? 0;
const endOf = (e: Event) => parseWpDate(e.endDate || e.startDate)?.getTime() ?? 0;

export async function eventsRoute(c: Context<AppEnv>) {
  const now = c.get('clock').now();
  const events = await settle(loadEvents(c.get('content'), now), 'events');
  const all = events.status === 'success' ? events.data : [];
  const upcoming = all.filter((e) => endOf(e) >= now.getTime()).sort((a, b) => startOf(a) - startOf(b));
  const past = all.filter((e) => endOf(e) < now.getTime()).sort((a, b) => startOf(b) - startOf(a));
  return c.render(
    <div className="container">
      <h1>Événements</h1>
      <p>
        <a href="/evenements.ics" download="evenements-ffr-presse.ics">
          S’abonner au calendrier des événements
        </a>
      </p>
      {events.status === 'failure' ? (
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
    </div>,
    {
      head: {
        title: 'Événements',
        description: 'Rencontres internationales, conférences de presse et événements de la Fédération française de rugby.',
        canonical: canonical(c),
        alternates: [{ type: 'text/calendar', title: 'Calendrier des événements (iCalendar)', href: '/evenements.ics' }],
      },
      tracking: { page_type: 'evenements' },
      status: events.status === 'failure' ? 503 : 200,
    },
  );
}

export async function eventRoute(c: Context<AppEnv>) {
  const slug = c.req.param('slug') ?? '';
  const now = c.get('clock').now();
  const events = await settle(loadEvents(c.get('content'), now), 'events');
  if (events.status === 'failure') {
    return c.render(<Apology kind="failure" path={c.req.path} />, { status: 503, head: { title: 'Un problème est survenu', noindex: true }, tracking: { page_type: 'erreur' } });
  }
  const event = events.status === 'success' ? events.data.find((e) => e.slug === slug) : undefined;
  if (!event) return notFoundPage(c);
  const origin = siteOrigin(c);
  return c.render(<EventView event={event} now={now} />, {
    head: {
      title: event.title,
      description: event.description.split('\n')[0]?.slice(0, 200),
      canonical: canonical(c),
      image: event.image || undefined,
      jsonLd: [
        sportsEventLd(event, origin),
        breadcrumbLd([
          { name: 'Accueil', url: `${origin}/` },
          { name: 'Événements', url: `${origin}/evenements` },
          { name: event.title, url: canonical(c) },
        ]),
      ],
    },
    tracking: { page_type: 'evenement', page_category: event.team, articleThematic: event.tag },
  });
}

function calendarResponse(body: string, filename: string) {
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': cacheControl.fiveMinutes,
    },
  });
}

/** /evenements.ics — every event of the window, for calendar subscriptions. */
export async function calendarRoute(c: Context<AppEnv>) {
  const now = c.get('clock').now();
  const events = await settle(loadEvents(c.get('content'), now), 'events');
  if (events.status !== 'success') return c.text('Le calendrier est momentanément indisponible. Réessayez dans quelques instants.', 503);
  return calendarResponse(renderCalendar({ events: events.data, siteUrl: siteOrigin(c), calendarName: 'FFR Presse — Événements', now }), 'evenements-ffr-presse.ics');
}

/** /evenements/{slug}.ics — « Ajouter à mon calendrier ». */
export async function eventCalendarRoute(c: Context<AppEnv>) {
  const slug = (c.req.param('file') ?? '').replace(/\.ics$/, '');
  const now = c.get('clock').now();
  const events = await settle(loadEvents(c.get('content'), now), 'events');
  if (events.status !== 'success') return c.text('Le calendrier est momentanément indisponible. Réessayez dans quelques instants.', 503);
  const event = events.data.find((e) => e.slug === slug);
  if (!event) return notFoundPage(c);
  return calendarResponse(renderCalendar({ events: [event], siteUrl: siteOrigin(c), calendarName: event.title, now }), `${slug}.ics`);
}
