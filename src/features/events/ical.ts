// iCalendar (RFC 5545) feed of the federation's events, for journalists' calendar apps.

import type { Event } from '../../schemas/event';
import { parisWallClock, readWpDate, type WallClock } from '../../lib/format/time';
import { siteBase } from '../../lib/site-url';

export const PRODID = '-//FFR//Presse//FR';
export const TZID = 'Europe/Paris';
const CRLF = '\r\n';
/** RFC 5545 §3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
export const MAX_LINE_OCTETS = 75;

/**
 * Europe/Paris with the EU rules in force since 1996. Clients that know the zone use their own
 * tables; the others need this block to read TZID=Europe/Paris times.
 */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  `X-LIC-LOCATION:${TZID}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as `\n`.
 * Other control characters are not allowed in TEXT and are dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, '');
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line at 75 octets of UTF-8 (RFC 5545 §3.1): continuation lines start with one
 * space, which counts in their 75. Splits only between code points, so a multi-byte character
 * (« é » is 2 octets) is never cut in half.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Length(ch.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateValue = (w: Pick<WallClock, 'year' | 'month' | 'day'>) => `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}`;
const timeValue = (w: WallClock) => `${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;

/** DTSTAMP form: UTC, "20261122T130500Z". */
export function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The calendar day after a Paris date (DTEND of all-day events is exclusive). */
function nextDay(w: WallClock): WallClock {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return { ...w, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** DTSTART/DTEND lines, or none when WordPress sent no usable start. */
function eventTimes(event: Event): string[] {
  const startAt = readWpDate(event.startDate);
  if (!startAt) return [];
  const start = parisWallClock(startAt);
  const endAt = readWpDate(event.endDate);
  // An end before the start is a typing error upstream; the event then lasts its start (day).
  const end = endAt && endAt.getTime() >= startAt.getTime() ? parisWallClock(endAt) : null;
  if (event.all_day) {
    return [`DTSTART;VALUE=DATE:${dateValue(start)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(end ?? start))}`];
  }
  const lines = [`DTSTART;TZID=${TZID}:${dateValue(start)}T${timeValue(start)}`];
  if (end) lines.push(`DTEND;TZID=${TZID}:${dateValue(end)}T${timeValue(end)}`);
  return lines;
}

/** Percent-encodes what a URI cannot carry, leaving WordPress's own %XX escapes as they are. */
const uriSegment = (slug: string) => slug.replace(/[^A-Za-z0-9\-._~%!$&'()*+,;=:@]/gu, encodeChar);
const encodeChar = (c: string) => {
  try {
    return encodeURIComponent(c);
  } catch {
    return ''; // a lone surrogate has no UTF-8 form
  }
};

function renderEvent(event: Event, siteUrl: string, stamp: string): string[] {
  const times = eventTimes(event);
  if (times.length === 0) return [];
  const location = [event.venue, event.adress, [event.zip, event.city].filter((s) => s.trim()).join(' ')]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  const categories = [...new Set([event.team, event.label].map((s) => s.trim()).filter(Boolean))];
  const lines = [
    'BEGIN:VEVENT',
    `UID:event-${event.id}@presse.ffr.fr`,
    `DTSTAMP:${stamp}`,
    ...times,
    `SUMMARY:${escapeText(event.title)}`,
    event.description.trim() ? `DESCRIPTION:${escapeText(event.description.trim())}` : '',
    location ? `LOCATION:${escapeText(location)}` : '',
    // 0 is the schema's "missing" value; no venue of the federation sits on the equator.
    event.lat !== 0 && event.long !== 0 ? `GEO:${event.lat};${event.long}` : '',
    `URL:${siteBase(siteUrl)}/evenements/${uriSegment(event.slug)}`,
    categories.length ? `CATEGORIES:${categories.map(escapeText).join(',')}` : '',
    'END:VEVENT',
  ];
  return lines.filter(Boolean);
}

export type CalendarOptions = { events: Event[]; siteUrl: string; calendarName: string; now: Date };

/** A whole VCALENDAR, CRLF-terminated and folded. Events without a readable start are left out. */
export function renderCalendar(o: CalendarOptions): string {
  const stamp = utcStamp(o.now);
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(o.calendarName)}`,
    `X-WR-TIMEZONE:${TZID}`,
    ...VTIMEZONE,
    ...o.events.flatMap((e) => renderEvent(e, o.siteUrl, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
