import type { Content } from '../../data/content.server';
import { parisWallClock } from '../../lib/format/date';

// Events shown by the site: twelve months back, twelve months ahead. The window is cut on month
// boundaries so that the cache key changes once a month, not every request.

export const EVENTS_WINDOW_MONTHS = 12;

export function eventsWindow(now: Date): { start: string; end: string } {
  const { year: y, month } = parisWallClock(now);
  const m = month - 1;
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    start: iso(new Date(Date.UTC(y, m - EVENTS_WINDOW_MONTHS, 1))),
    end: iso(new Date(Date.UTC(y, m + EVENTS_WINDOW_MONTHS + 1, 0))),
  };
}

export const loadEvents = (content: Content, now: Date) => {
  const { start, end } = eventsWindow(now);
  return content.events(start, end);
};
