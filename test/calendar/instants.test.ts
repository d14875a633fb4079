import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWp, frLongDate, frTime, parisToUtc, toParis } from '../../dev/content/dates';
import { eventsWindow } from '../../src/features/events/events.server';
import { accreditationOpen } from '../../src/features/events/accreditation';
import { renderCalendar } from '../../src/features/events/ical';
import { NEWS_WINDOW_MS, renderNewsSitemap } from '../../src/features/feeds/sitemap';
import { eventChoices } from '../../src/features/forms/event-choices.server';
import { selectAllFuture } from '../../src/features/forms/event-selection';
import { formatLongDate, formatTime, fullYear, parisWallClock, parseWpDate, readTypedDate } from '../../src/lib/format/date';
import type { Event } from '../../src/schemas/event';
import { EventSchema } from '../../src/schemas/event';
import { type PostCard, PostCardSchema } from '../../src/schemas/post';
import { CALENDAR_INSTANTS } from '../support/instants';

// The calendar sweep of the worker's pure date rules: at every instant of the list, and at random
// instants from 2000 to 2060 (fast-check). Each rule is checked against a second, independent
// reading of the Paris calendar: the local upstream's clock (dev/content/dates.ts), which applies
// the EU summer-time rule by hand where the worker asks Intl.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIXED = CALENDAR_INSTANTS.map((i) => Date.parse(i.at));
/** Whole seconds, 2000–2060: the feeds and WordPress never carry milliseconds. */
const instant = fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2060, 0, 1) / 1000 }).map((s) => s * 1000);
const RUNS = 300;

/** Each rule, at the fixed instants and then at random ones. */
function sweep(name: string, rule: (t: number) => void) {
  it(`${name} (${FIXED.length} fixed instants, ${RUNS} random)`, () => {
    for (const t of FIXED) rule(t);
    fc.assert(
      fc.property(instant, (t) => rule(t)),
      { numRuns: RUNS, seed: 28 },
    );
  });
}

const card = (id: number, at: number): PostCard =>
  PostCardSchema.parse({
    id,
    title: `Article ${id}`,
    slug: `article-${id}`,
    link: `/categories/xv-de-france/article-${id}`,
    date: formatWp(at),
  });

const event = (id: number, start: number, deadline: number, allDay = false): Event =>
  EventSchema.parse({
    id,
    slug: `evenement-${id}`,
    title: `Événement ${id}`,
    startDate: formatWp(start),
    endDate: formatWp(start + 2 * HOUR),
    all_day: allDay,
    accreditation: { kind: id % 2 ? 'evenements-presse' : 'rencontres-internationales', deadline: new Date(deadline).toISOString() },
  });

describe('the calendar sweep of the pure rules', () => {
  sweep('reads the Paris wall clock as the EU rule gives it (summer time from the last Sunday of March)', (t) => {
    const worker = parisWallClock(t);
    const byHand = toParis(t);
    expect({ ...worker, offsetMinutes: undefined }).toEqual({
      year: byHand.year,
      month: byHand.month,
      day: byHand.day,
      hour: byHand.hour,
      minute: byHand.minute,
      second: byHand.second,
      offsetMinutes: undefined,
    });
  });

  sweep('reads a WordPress date back to its instant, and the hour that happens twice to one of its two instants', (t) => {
    const wall = formatWp(t);
    const read = parseWpDate(wall)!.getTime();
    // On the autumn night, 02:00–02:59 happens twice: it is read as the first (Temporal's « compatible »).
    expect(formatWp(read)).toBe(wall);
    if (read !== t) {
      expect(read).toBe(t - HOUR);
      expect(parisWallClock(read).offsetMinutes).toBe(120);
    }
  });

  sweep('writes dates and times in French: « samedi 1er mars 2028 », « 9h05 »', (t) => {
    expect(formatLongDate(new Date(t))).toBe(frLongDate(t));
    expect(formatTime(new Date(t))).toBe(frTime(t));
    expect(formatTime(new Date(t))).toMatch(/^([0-9]|1[0-9]|2[0-3])h[0-5][0-9]$/);
  });

  sweep('lists in the news sitemap exactly the posts of the 48 hours before now', (t) => {
    const ages = [-1000, 0, 1000, HOUR, NEWS_WINDOW_MS - 1000, NEWS_WINDOW_MS, NEWS_WINDOW_MS + 1000, 3 * DAY];
    const xml = renderNewsSitemap({
      siteUrl: 'https://presse.ffr.fr',
      publicationName: 'FFR Presse',
      language: 'fr',
      items: ages.map((age, i) => card(i, t - age)),
      now: new Date(t),
    });
    const listed = [...xml.matchAll(/article-(\d+)<\/loc>/g)].map((m) => Number(m[1]));
    // WordPress dates carry no offset: a post of the repeated autumn hour is read as its first occurrence.
    const read = (x: number) => (formatWp(x - HOUR) === formatWp(x) ? x - HOUR : x);
    expect(listed.sort()).toEqual(
      ages.flatMap((age, i) => (t - read(t - age) >= 0 && t - read(t - age) <= NEWS_WINDOW_MS ? [i] : [])).sort(),
    );
  });

  sweep('offers the events from today (in Paris) on, open until their deadline, and « toutes à venir » ticks the open ones', (t) => {
    const today = toParis(t);
    const midnight = parisToUtc(today.year, today.month, today.day);
    const events = [
      event(1, midnight - 1000, t + DAY), // yesterday evening (Paris): gone
      event(2, midnight, t + DAY), // today at midnight: still offered
      event(3, midnight + 10 * HOUR, t - 1000), // today, deadline passed: offered, closed
      event(4, t + 3 * DAY, t), // deadline now: closed
      event(5, t + 3 * DAY, t + 1000), // deadline in a second: open
      event(6, t + 40 * DAY, t - 31 * DAY, true), // closed long ago: left out
    ];
    const choices = eventChoices(events, null, new Date(t));
    expect(choices.map((c) => c.id)).toEqual([2, 3, 4, 5]);
    for (const c of choices) expect(c.open).toBe(accreditationOpen(events.find((e) => e.id === c.id)!, new Date(t)));
    expect(choices.filter((c) => c.open).map((c) => c.id)).toEqual([2, 5]);
    expect(selectAllFuture(choices, new Date(t)).selectedEvents).toEqual([2, 5]);
  });

  sweep('asks WordPress for the events of a window that holds today in Paris', (t) => {
    const { start, end } = eventsWindow(new Date(t));
    const p = toParis(t);
    const today = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    expect(start <= today && today <= end).toBe(true);
  });

  sweep('writes an all-day event as its Paris dates, the end exclusive (leap days and New Year included)', (t) => {
    const ics = renderCalendar({
      events: [event(7, t, t + DAY, true)],
      siteUrl: 'https://presse.ffr.fr',
      calendarName: 'x',
      now: new Date(t),
    });
    const start = toParis(t);
    const end = toParis(t + 2 * HOUR);
    // The day after the last one, by the emulator's own clock: noon avoids the clock-change nights.
    const next = toParis(parisToUtc(end.year, end.month, end.day, 12) + DAY);
    const day = (p: { year: number; month: number; day: number }) =>
      `${p.year}${String(p.month).padStart(2, '0')}${String(p.day).padStart(2, '0')}`;
    expect(ics).toContain(`DTSTART;VALUE=DATE:${day(start)}\r\nDTEND;VALUE=DATE:${day(next)}\r\n`);
    expect(ics).toContain(`DTSTAMP:${new Date(t).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`);
  });
});

describe('two-digit years (SPEC §9: cutoff 60)', () => {
  it('reads 00–60 as 2000–2060 and 61–99 as 1961–1999, typed or posted by a date field', () => {
    for (let yy = 0; yy < 100; yy++) {
      const year = yy <= 60 ? 2000 + yy : 1900 + yy;
      expect(fullYear(yy)).toBe(year);
      const two = String(yy).padStart(2, '0');
      expect(readTypedDate(`12/03/${two}`)).toBe(`${year}-03-12`);
      expect(readTypedDate(`00${two}-03-12`)).toBe(`${year}-03-12`);
    }
    // 29 February only in leap years, whichever century the cutoff picks.
    expect(readTypedDate('29/02/60')).toBe('2060-02-29');
    expect(readTypedDate('29/02/61')).toBeNull();
    expect(readTypedDate('29/02/96')).toBe('1996-02-29');
  });
});
