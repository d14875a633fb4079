import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { calendar, eventCalendar } from '../features/events/calendar.server';
import { eventPage, eventsPage } from '../features/events/events.page';
import { notFoundRoute } from './_404';

/** /evenements */
export const eventsRoute = (c: Context<AppEnv>) => eventsPage(c);

/** /evenements/{slug} */
export const eventRoute = (c: Context<AppEnv>) => eventPage(c, c.req.param('slug') ?? '');

/** /evenements.ics */
export const calendarRoute = (c: Context<AppEnv>) => calendar(c);

/** /evenements/{slug}.ics */
export const eventCalendarRoute = async (c: Context<AppEnv>) =>
  (await eventCalendar(c, (c.req.param('file') ?? '').replace(/\.ics$/, ''))) ?? notFoundRoute(c);
