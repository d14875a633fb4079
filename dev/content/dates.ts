// Europe/Paris wall-clock time computed by hand (EU summer-time rule) rather than through Intl,
// so that the output never depends on the ICU data of the machine.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type LocalParts = {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = dimanche
};

/** Last Sunday of the month at 01:00 UTC, the instant EU clocks change. */
function lastSundayAt1Utc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * DAY;
}

const summerByYear = new Map<number, readonly [number, number]>();

export function parisOffsetMinutes(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  let summer = summerByYear.get(year);
  if (!summer) {
    summer = [lastSundayAt1Utc(year, 2), lastSundayAt1Utc(year, 9)];
    summerByYear.set(year, summer);
  }
  return utcMs >= summer[0] && utcMs < summer[1] ? 120 : 60;
}

export function toParis(utcMs: number): LocalParts {
  const d = new Date(utcMs + parisOffsetMinutes(utcMs) * MINUTE);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** The UTC instant of a Paris wall-clock time (the later one when the hour is ambiguous). */
export function parisToUtc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const winter = wall - 60 * MINUTE;
  return parisOffsetMinutes(winter) === 60 ? winter : wall - 120 * MINUTE;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** WordPress local format: "2026-11-21T14:05:00". */
export function formatWp(utcMs: number): string {
  const p = toParis(utcMs);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** ISO 8601 with the Paris offset: "2026-11-24T12:00:00+01:00". */
export function formatIsoParis(utcMs: number): string {
  const offset = parisOffsetMinutes(utcMs);
  return `${formatWp(utcMs)}+${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`;
}

export const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

export const WEEKDAYS_FR = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;

const dayNumber = (day: number): string => (day === 1 ? '1er' : String(day));

/** "28 novembre" */
export function frDayMonth(utcMs: number): string {
  const p = toParis(utcMs);
  return `${dayNumber(p.day)} ${MONTHS_FR[p.month - 1]}`;
}

/** "samedi 28 novembre" */
export function frWeekdayDayMonth(utcMs: number): string {
  const p = toParis(utcMs);
  return `${WEEKDAYS_FR[p.weekday]} ${frDayMonth(utcMs)}`;
}

/** "samedi 28 novembre 2026" */
export function frLongDate(utcMs: number): string {
  return `${frWeekdayDayMonth(utcMs)} ${toParis(utcMs).year}`;
}

/** "21h10", "9h00" */
export function frTime(utcMs: number): string {
  const p = toParis(utcMs);
  return `${p.hour}h${pad(p.minute)}`;
}

/** Season label around a date: "2026-2027" from July on, "2025-2026" before. */
export function seasonOf(utcMs: number): string {
  const p = toParis(utcMs);
  const start = p.month >= 7 ? p.year : p.year - 1;
  return `${start}-${start + 1}`;
}

/** The UTC instant of a WordPress local date ("2026-11-21T14:05:00", Paris). */
export function parseWp(text: string): number {
  const [date = '', time = '00:00:00'] = text.split('T');
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0, s = 0] = time.split(':').map(Number);
  return parisToUtc(y, mo, d, h, mi, s);
}
