import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { EventsView } from './EventsView';
import { EventView } from './EventView';
import { loadEvents } from './events.server';
import { settle } from '../../data/loaded';
import { sportsEventLd } from '../../render/json-ld';
import { parseWpDate } from '../../lib/format/date';
import { canonical, siteOrigin } from '../../render/site';
import type { Event } from '../../schemas/event';
import { notFoundPage, unavailablePage } from '../../render/apology';

const startOf = (e: Event) => parseWpDate(e.startDate)?.getTime() ?? 0;
const endOf = (e: Event) => parseWpDate(e.endDate || e.startDate)?.getTime() ?? 0;

/** /evenements: what is coming, then what has been. */
export async function eventsPage(c: Context<AppEnv>) {
  const now = c.get('clock').now();
  const events = await settle(loadEvents(c.get('content'), now), 'events');
  const all = events.status === 'success' ? events.data : [];
  const upcoming = all.filter((e) => endOf(e) >= now.getTime()).sort((a, b) => startOf(a) - startOf(b));
  const past = all.filter((e) => endOf(e) < now.getTime()).sort((a, b) => startOf(b) - startOf(a));
  return c.render(<EventsView upcoming={upcoming} past={past} failed={events.status === 'failure'} />, {
    head: {
      title: 'Événements',
      description: 'Rencontres internationales, conférences de presse et événements de la Fédération française de rugby.',
      canonical: canonical(c),
      alternates: [{ type: 'text/calendar', title: 'Calendrier des événements (iCalendar)', href: '/evenements.ics' }],
    },
    tracking: { page_type: 'evenements' },
    status: events.status === 'failure' ? 503 : 200,
  });
}

/** /evenements/{slug} */
export async function eventPage(c: Context<AppEnv>, slug: string) {
  const now = c.get('clock').now();
  const events = await settle(loadEvents(c.get('content'), now), 'events');
  if (events.status === 'failure') return unavailablePage(c);
  const event = events.status === 'success' ? events.data.find((e) => e.slug === slug) : undefined;
  if (!event) return notFoundPage(c);
  const origin = siteOrigin(c);
  return c.render(<EventView event={event} now={now} />, {
    head: {
      title: event.title,
      description: event.description.split('\n')[0]?.slice(0, 200),
      canonical: canonical(c),
      image: event.image || undefined,
      jsonLd: [sportsEventLd(event, origin)],
      breadcrumb: [
        { name: 'Accueil', href: '/' },
        { name: 'Événements', href: '/evenements' },
        { name: event.title, href: c.req.path },
      ],
    },
    tracking: { page_type: 'evenement', page_category: event.team, articleThematic: event.tag },
  });
}
