// Paris wall-clock output for the feeds. Dates are read with `parseWpDate` (WordPress sends Paris
// wall-clock strings); this turns the resulting instants back into the forms each format wants:
// ISO 8601 with the Paris offset (JSON-LD, sitemaps), plain dates, and iCalendar local times.

import { parisWallClock, parseWpDate } from './date';

export { parisWallClock, type WallClock } from './date';

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
