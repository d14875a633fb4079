// French dates and times, always in the federation's time zone. WordPress sends wall-clock times of
// Europe/Paris without an offset ("2026-11-21T14:05:00"); `parseWpDate` turns them into instants.

const TIME_ZONE = 'Europe/Paris';

const longDate = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const dayMonthYear = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const shortDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE });
const clock = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });
const offsetParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The Paris wall clock at an instant, and its offset from UTC in minutes (60 or 120). */
export function parisWallClock(instant: Date | number): WallClock & { offsetMinutes: number } {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const p = Object.fromEntries(offsetParts.formatToParts(ms).map((x) => [x.type, x.value]));
  const wall: WallClock = { year: +p.year!, month: +p.month!, day: +p.day!, hour: +p.hour!, minute: +p.minute!, second: +p.second! };
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Whole seconds: an offset is made of minutes, and the feeds never carry milliseconds.
  return { ...wall, offsetMinutes: Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000) };
}

const parisOffsetMinutes = (instant: number) => parisWallClock(instant).offsetMinutes;

/** Reads a WordPress date: a Paris wall-clock time, or any ISO string with an explicit zone. */
export function parseWpDate(value: string): Date | null {
  const m = NAIVE.exec(value.trim());
  if (!m) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  // Two passes settle the offset on both sides of a daylight-saving change.
  let instant = wall - parisOffsetMinutes(wall) * 60_000;
  instant = wall - parisOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}

function toDate(value: Date | string): Date | null {
  return typeof value === 'string' ? parseWpDate(value) : value;
}

/** French typography writes the first day of a month as an ordinal: « 1er novembre ». */
function withOrdinal(text: string): string {
  return text.replace(/(^|\s)1 (?=\p{L})/u, '$11er ');
}

/** « samedi 22 novembre 2026 » */
export function formatLongDate(value: Date | string): string {
  const d = toDate(value);
  return d ? withOrdinal(longDate.format(d)) : '';
}

/** « 22 novembre 2026 » */
export function formatDate(value: Date | string): string {
  const d = toDate(value);
  return d ? withOrdinal(dayMonthYear.format(d)) : '';
}

/** « 22 nov. 2026 » */
export function formatShortDate(value: Date | string): string {
  const d = toDate(value);
  return d ? shortDate.format(d) : '';
}

/** « 14h05 » */
export function formatTime(value: Date | string): string {
  const d = toDate(value);
  if (!d) return '';
  const parts = Object.fromEntries(clock.formatToParts(d).map((x) => [x.type, x.value]));
  return `${parts.hour}h${parts.minute}`;
}

/** « samedi 22 novembre 2026 à 14h05 » */
export function formatDateTime(value: Date | string): string {
  const d = toDate(value);
  return d ? `${formatLongDate(d)} à ${formatTime(d)}` : '';
}

/** Machine-readable value for `<time datetime>`. */
export function isoInstant(value: Date | string): string {
  const d = toDate(value);
  return d ? d.toISOString() : '';
}
