import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { settle } from '../../data/loaded';
import { cacheControl } from '../../http/cache-control';
import { siteOrigin } from '../../render/site';
import { renderCalendar } from './ical';
import { loadEvents } from './events.server';

// The events as iCalendar files, for calendar subscriptions and « Ajouter à mon calendrier ».

const UNAVAILABLE = 'Le calendrier est momentanément indisponible. Réessayez dans quelques instants.';

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
export async function calendar(c: Context<AppEnv>) {
  const now = c.get('clock').now();
  const events = await settle(loadEvents(c.get('content'), now), 'events');
  if (events.status !== 'success') return c.text(UNAVAILABLE, 503);
  return calendarResponse(
    renderCalendar({ events: events.data, siteUrl: siteOrigin(c), calendarName: 'FFR Presse — Événements', now }),
    'evenements-ffr-presse.ics',
  );
}

/** /evenements/{slug}.ics — « Ajouter à mon calendrier »; null when there is no such event. */
export async function eventCalendar(c: Context<AppEnv>, slug: string): Promise<Response | null> {
  const now = c.get('clock').now();
  const events = await settle(loadEvents(c.get('content'), now), 'events');
  if (events.status !== 'success') return c.text(UNAVAILABLE, 503);
  const event = events.data.find((e) => e.slug === slug);
  if (!event) return null;
  return calendarResponse(renderCalendar({ events: [event], siteUrl: siteOrigin(c), calendarName: event.title, now }), `${slug}.ics`);
}
