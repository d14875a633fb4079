import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { tag } from '../cache/tags.server';
import { EventItem } from '../components/event/EventItem';
import { EventView } from '../components/event/EventView';
import { loadEvents } from '../data/events.server';
import { isDegraded, settle } from '../data/loaded';
import { renderCalendar } from '../feeds/ical';
import { breadcrumbLd, sportsEventLd } from '../feeds/json-ld';
import { parseWpDate } from '../lib/format/date';
import { renderPage } from '../render/render-page.server';
import { canonical, pageTitle, siteOrigin } from '../render/site';
import { loadShell } from '../render/shell.server';
import type { Event } from '../schemas/event';
import { Document } from './_renderer';
import { notFoundPage } from './_404';

const startOf = (e: Event) => parseWpDate(e.startDate)?.getTime() ?? 0;
const endOf = (e: Event) => parseWpDate(e.endDate || e.startDate)?.getTime() ?? 0;

export async function eventsRoute(c: Context<AppEnv>) {
  const now = new Date();
  const [shell, events] = await Promise.all([loadShell(c.var.content, c.var.config), settle(loadEvents(c.var.content, now), 'events')]);
  const all = events.status === 'success' ? events.data : [];
  const upcoming = all.filter((e) => endOf(e) >= now.getTime()).sort((a, b) => startOf(a) - startOf(b));
  const past = all.filter((e) => endOf(e) < now.getTime()).sort((a, b) => startOf(b) - startOf(a));
  return renderPage(
    c,
    <Document
      head={{
        title: pageTitle('Événements', shell.settings),
        description: 'Rencontres internationales, conférences de presse et événements de la Fédération française de rugby.',
        canonical: canonical(c),
        alternates: [{ type: 'text/calendar', title: 'Calendrier des événements (iCalendar)', href: '/evenements.ics' }],
      }}
      shell={shell}
      page={{ path: c.req.path, tracking: { page_type: 'evenements', page_category: '', page_subcategory: '', articleThematic: '' } }}
    >
      <div className="container">
        <h1>Événements</h1>
        <p>
          <a href="/evenements.ics" download="evenements-ffr-presse.ics">
            S’abonner au calendrier des événements
          </a>
        </p>
        {events.status === 'failure' ? (
          <p className="notice">Les événements sont momentanément indisponibles. Merci de rafraîchir la page dans quelques instants.</p>
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
    </Document>,
    { status: events.status === 'failure' ? 503 : 200, cache: { cacheable: !isDegraded(...shell.areas, events), tags: [tag.site, tag.events] } },
  );
}

export async function eventRoute(c: Context<AppEnv>) {
  const slug = c.req.param('slug') ?? '';
  if (slug.endsWith('.ics')) return eventCalendarRoute(c, slug.slice(0, -4));
  const now = new Date();
  const [shell, events] = await Promise.all([loadShell(c.var.content, c.var.config), settle(loadEvents(c.var.content, now), 'events')]);
  const event = events.status === 'success' ? events.data.find((e) => e.slug === slug) : undefined;
  if (!event) {
    if (events.status === 'failure') return c.text('Les événements sont momentanément indisponibles.', 503);
    return notFoundPage(c);
  }
  const origin = siteOrigin(c);
  return renderPage(
    c,
    <Document
      head={{
        title: pageTitle(event.title, shell.settings),
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
      }}
      shell={shell}
      page={{ path: c.req.path, tracking: { page_type: 'evenement', page_category: event.team, page_subcategory: '', articleThematic: event.tag } }}
    >
      <EventView event={event} now={now} />
    </Document>,
    { cache: { cacheable: !isDegraded(...shell.areas), tags: [tag.site, tag.events] } },
  );
}

function calendarResponse(body: string, filename: string) {
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'public, max-age=300',
    },
  });
}

/** /evenements.ics — every event of the window, for calendar subscriptions. */
export async function calendarRoute(c: Context<AppEnv>) {
  const now = new Date();
  const events = await settle(loadEvents(c.var.content, now), 'events');
  if (events.status !== 'success') return c.text('Le calendrier est momentanément indisponible. Réessayez dans quelques instants.', 503);
  return calendarResponse(renderCalendar({ events: events.data, siteUrl: siteOrigin(c), calendarName: 'FFR Presse — Événements', now }), 'evenements-ffr-presse.ics');
}

/** /evenements/{slug}.ics — « Ajouter à mon calendrier ». */
async function eventCalendarRoute(c: Context<AppEnv>, slug: string) {
  const now = new Date();
  const events = await settle(loadEvents(c.var.content, now), 'events');
  if (events.status !== 'success') return c.text('Le calendrier est momentanément indisponible. Réessayez dans quelques instants.', 503);
  const event = events.data.find((e) => e.slug === slug);
  if (!event) return notFoundPage(c);
  return calendarResponse(renderCalendar({ events: [event], siteUrl: siteOrigin(c), calendarName: event.title, now }), `${slug}.ics`);
}
