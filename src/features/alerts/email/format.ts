import { formatDate, formatDayMonth, parisWallClock } from '../../../lib/format/date';
import { lazy } from '../../../lib/lazy';

// The French of the alert e-mails, in Paris time whatever the worker's clock says.

const NBSP = '\u00a0';

const weekday = lazy(() => new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone: 'Europe/Paris' }));
const conjunction = lazy(() => new Intl.ListFormat('fr', { type: 'conjunction' }));

/**
 * « 26 novembre 2026 à 14 h 30 », « 1er décembre à 9 h » without the year. The pages write « 14h30 »
 * (lib/format/date.ts, formatTime); a mail is read as a letter, hence the spaced form, on one line.
 */
export function formatWhen(iso: string, { year = true } = {}): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const { hour, minute } = parisWallClock(instant);
  const time = minute === 0 ? `${hour}${NBSP}h` : `${hour}${NBSP}h${NBSP}${String(minute).padStart(2, '0')}`;
  return `${year ? formatDate(instant) : formatDayMonth(instant)} à ${time}`;
}

/** « jeudi 26 novembre » for the Paris day « 2026-11-26 ». */
export function formatDay(day: string): string {
  // Noon UTC is the same day in Paris, summer or winter.
  const noon = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return day;
  return `${weekday().format(noon)} ${formatDayMonth(noon)}`;
}

/** « XV de France, Top 14 et Champions Cup » */
export const listOf = (labels: string[]): string => conjunction().format(labels);

/** « 1 article », « 3 articles » */
export const articles = (n: number): string => `${n}${NBSP}article${n > 1 ? 's' : ''}`;
