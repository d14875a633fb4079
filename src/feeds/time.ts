// Paris wall-clock output for the feeds. Dates are read with `parseWpDate` (WordPress sends Paris
// wall-clock strings); this turns the resulting instants back into the forms each format wants:
// ISO 8601 with the Paris offset (JSON-LD, sitemaps), plain dates, and iCalendar local times.

import { parseWpDate } from '../lib/format/date';

const TIME_ZONE = 'Europe/Paris';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The Paris wall clock at an instant, and its offset from UTC in minutes (60 or 120). */
export function parisWallClock(instant: Date): WallClock & { offsetMinutes: number } {
  const p = Object.fromEntries(partsFormat.formatToParts(instant).map((x) => [x.type, x.value]));
  const wall: WallClock = { year: +p.year!, month: +p.month!, day: +p.day!, hour: +p.hour!, minute: +p.minute!, second: +p.second! };
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Whole seconds: the feeds never carry milliseconds.
  const offsetMinutes = Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  return { ...wall, offsetMinutes };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2026-11-22" (the Paris calendar date). */
export function parisDate(instant: Date): string {
  const w = parisWallClock(instant);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** "2026-11-22T14:05:00+01:00": W3C datetime / ISO 8601 with the Paris offset. */
export function isoWithParisOffset(instant: Date): string {
  const w = parisWallClock(instant);
  const sign = w.offsetMinutes < 0 ? '-' : '+';
  const off = Math.abs(w.offsetMinutes);
  return `${parisDate(instant)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(off / 60))}:${pad(off % 60)}`;
}

/** Reads a WordPress date, or null when it is empty or garbage. */
export function readWpDate(value: string): Date | null {
  return value.trim() === '' ? null : parseWpDate(value);
}
