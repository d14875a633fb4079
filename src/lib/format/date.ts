// French dates and times, always in the federation's time zone. WordPress sends wall-clock times of
// Europe/Paris without an offset ("2026-11-21T14:05:00"); `parseWpDate` turns them into instants.

import { lazy } from '../lazy';

const TIME_ZONE = 'Europe/Paris';

// Built on first use (lib/lazy.ts): each costs about a millisecond, and startup pays for every one.
const longDate = lazy(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
);
const dayMonthYear = lazy(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }));
const shortDate = lazy(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE }));
// « 9h05 », not « 09h05 »: French writes the hour without a leading zero (as the press office does).
const clock = lazy(() => new Intl.DateTimeFormat('fr-FR', { hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }));
const offsetParts = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

type ParisClock = WallClock & { offsetMinutes: number };

/**
 * formatToParts is slow (tens of µs), and each WordPress date costs two of them (parseWpDate): a
 * page of cards asked for the same few dates on every render. The answer depends on the whole
 * second only; remembered per isolate, bounded.
 */
const clocks = new Map<number, ParisClock>();
const MAX_CLOCKS = 5000;

/** The Paris wall clock at an instant, and its offset from UTC in minutes (60 or 120). */
export function parisWallClock(instant: Date | number): ParisClock {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  // Whole seconds: an offset is made of minutes, and the feeds never carry milliseconds.
  const second = Math.floor(ms / 1000);
  let clock = clocks.get(second);
  if (clock === undefined) {
    const p = Object.fromEntries(
      offsetParts()
        .formatToParts(ms)
        .map((x) => [x.type, x.value]),
    );
    const wall: WallClock = { year: +p.year!, month: +p.month!, day: +p.day!, hour: +p.hour!, minute: +p.minute!, second: +p.second! };
    const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    clock = { ...wall, offsetMinutes: Math.round((asUtc - second * 1000) / 60_000) };
    if (clocks.size >= MAX_CLOCKS) clocks.clear();
    clocks.set(second, clock);
  }
  // A copy: the caller may change what it gets.
  return { ...clock };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Paris day of an instant, as WordPress writes a day (« 2027-01-01 »): strings of it compare as days. */
export function parisDay(instant: Date | number): string {
  const w = parisWallClock(instant);
  return `${w.year}-${pad2(w.month)}-${pad2(w.day)}`;
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
  // Temporal's « compatible » reading of a wall-clock time on a clock-change night: of 02:30 that
  // happens twice (autumn), the first; of 02:30 that never happens (spring), 03:30. A post dated in
  // the repeated hour is then never read as published in the future.
  const summer = wall - 120 * 60_000;
  return new Date(parisOffsetMinutes(summer) === 120 ? summer : wall - 60 * 60_000);
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
  return d ? withOrdinal(longDate().format(d)) : '';
}

/** « 22 novembre 2026 » */
export function formatDate(value: Date | string): string {
  const d = toDate(value);
  return d ? withOrdinal(dayMonthYear().format(d)) : '';
}

const dayMonth = lazy(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: TIME_ZONE }));

/** « 12 décembre », « 1er janvier » */
export function formatDayMonth(value: Date | string): string {
  const d = toDate(value);
  return d ? withOrdinal(dayMonth().format(d)) : '';
}

/** « 22 nov. 2026 » */
export function formatShortDate(value: Date | string): string {
  const d = toDate(value);
  return d ? shortDate().format(d) : '';
}

/** « 14h05 », « 9h05 » */
export function formatTime(value: Date | string): string {
  const d = toDate(value);
  if (!d) return '';
  const parts = Object.fromEntries(
    clock()
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
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

// Dates typed in a form. Contact Form 7 only takes the ISO day (includes/validation-functions.php,
// wpcf7_is_date: /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/ then PHP's checkdate), so what a person
// types is read here and sent on as AAAA-MM-JJ.

/**
 * SPEC §9: a two-digit year is read with a cutoff of 60 — « 25 » is 2025, « 61 » is 1961. The
 * cutoff itself falls in the 2000s (as Luxon's twoDigitCutoffYear, whose default is also 60):
 * 00 to 60 → 2000 to 2060, 61 to 99 → 1961 to 1999.
 */
export const TWO_DIGIT_YEAR_CUTOFF = 60;

export function fullYear(twoDigits: number): number {
  return twoDigits > TWO_DIGIT_YEAR_CUTOFF ? 1900 + twoDigits : 2000 + twoDigits;
}

const ISO_DAY = /^(\d{4,})-(\d{2})-(\d{2})$/;
/** Day, month, year in the French order, separated by « / », « . », « - » or spaces: 12/03/1985, 12.3.85, 1 3 85. */
const FRENCH_DAY = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})$/;

function isoDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1 || year > 9999) return null;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year); // years under 100 stay what they are (Date.UTC would add 1900)
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null; // 30/02, 31/04…
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * A date as typed in a form, as the ISO day, or null when it is not a real date:
 * - the French order, with a four- or two-digit year: « 12/03/1985 », « 12/03/85 », « 1.3.25 »;
 * - the ISO day a date input posts. A date input that was given two digits for the year posts
 *   them as the year 00YY (« 0085-03-12 »: Chromium, Firefox): that is a two-digit year too, read
 *   with the cutoff — nobody asks the press office for the year 85.
 */
export function readTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) {
    const year = Number(iso[1]);
    return isoDay(iso[1]!.length === 4 && year < 100 ? fullYear(year) : year, Number(iso[2]), Number(iso[3]));
  }
  const fr = FRENCH_DAY.exec(value);
  if (!fr) return null;
  const year = fr[3]!.length === 2 ? fullYear(Number(fr[3])) : Number(fr[3]);
  return isoDay(year, Number(fr[2]), Number(fr[1]));
}

/** « 12/03/1985 » for the ISO day 1985-03-12 (what a text field shows back). */
export function frenchDay(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}
