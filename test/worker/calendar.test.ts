import { reset } from 'cloudflare:test';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { frLongDate, frTime, parseWp, seasonOf, toParis } from '../../dev/content/dates';
import { selectAllFuture, type EventChoice } from '../../src/features/forms/event-selection';
import { CALENDAR_INSTANTS } from '../support/instants';
import { siteAt } from './helpers';
import { upstream } from './upstream-control';

// The calendar sweep (issue 28): the site at each instant of test/support/instants.ts, the local
// upstream's content written around that instant and the worker's calendar (SITE_NOW) standing
// there. Every expectation comes from the emulator's data at that instant, and the Paris dates from
// the emulator's own clock (dev/content/dates.ts: the EU rule written by hand, not Intl), so that
// two independent readings of the calendar must agree.

type Card = { id: number; title: string; slug: string; link: string; date: string };
type WpEvent = {
  id: number;
  slug: string;
  title: string;
  startDate: string;
  endDate: string;
  all_day: boolean;
  accreditation: { kind: string; deadline: string } | null;
};
type Settings = { saison_en_cours: string };

const HOUR = 3_600_000;
const LISTS = '/wp-content/uploads/newsroom';
const unescapeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const slugOf = (url: string) => url.split('/').filter(Boolean).pop();

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
});
afterAll(async () => {
  await upstream.reset(); // back to the run's instant
});

async function page(at: string, path: string) {
  const res = await siteAt(at, path);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The event choices the accreditation form's island receives (every kind). */
async function pickerChoices(at: string): Promise<EventChoice[]> {
  const html = await page(at, '/accreditations?formulaire=media-francais-sans-carte');
  const props = /data-island="Cf7Form" data-props="([^"]*)"/.exec(html)?.[1];
  return (JSON.parse(unescapeAttr(props ?? '{}')) as { events?: EventChoice[] }).events ?? [];
}

describe('the calendar sweep: the site at the edges of the Paris calendar', () => {
  it('covers at least 24 instants over several years', () => {
    expect(CALENDAR_INSTANTS.length).toBeGreaterThanOrEqual(24);
    const years = new Set(CALENDAR_INSTANTS.map((i) => i.at.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(8);
  });

  for (const { at, why } of CALENDAR_INSTANTS) {
    it(`${at} — ${why}`, async () => {
      await upstream.clock(at);
      const t = Date.parse(at);
      const paris = toParis(t);

      // The footer's « 2023–YYYY »: the Paris year.
      const home = await page(at, '/');
      expect(home).toContain(`©\u00a02023–${paris.year} Fédération française de rugby`);

      // The news sitemap: exactly the posts of the 48 hours before now, and a newsroom's day has some.
      const posts = await upstream.json<Card[]>('/wp-json/ffr/v1/posts?per_page=100');
      const lastTwoDays = posts.filter((p) => parseWp(p.date) <= t && t - parseWp(p.date) <= 48 * HOUR).map((p) => p.slug);
      const news = await page(at, '/sitemap-news.xml');
      const listed = [...news.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => slugOf(m[1]!));
      expect(listed.sort()).toEqual(lastTwoDays.sort());
      expect(listed.length).toBeGreaterThanOrEqual(5);

      // « N nouveaux articles » since the fourth newest post of the static list.
      const list = await upstream.json<Card[]>(`${LISTS}/last_posts.json`);
      const after = list[3]!.date;
      const res = await siteAt(at, `/api/posts?${new URLSearchParams({ after })}`);
      const fresh = (await res.json()) as { total: number; atLeast: boolean; posts: Array<{ title: string }> };
      expect(fresh.total).toBe(list.filter((p) => parseWp(p.date) > parseWp(after)).length);
      expect(fresh.atLeast).toBe(false);

      // Upcoming and past events: an event is upcoming until its end.
      const events = await upstream.json<WpEvent[]>('/wp-json/ffr/v1/events?start_date=2000-01-01&end_date=2100-12-31&per_page=100');
      const bySlug = new Map(events.map((e) => [e.slug, e]));
      const agenda = await page(at, '/evenements');
      const section = (id: string) =>
        agenda.slice(agenda.indexOf(`id="${id}"`), id === 'a-venir' ? agenda.indexOf('id="passes"') : undefined);
      const slugsIn = (html: string) => [...html.matchAll(/<a href="\/evenements\/([^"/.]+)">/g)].map((m) => m[1]!);
      const upcoming = slugsIn(section('a-venir'));
      const past = slugsIn(section('passes'));
      expect(upcoming.length + past.length).toBeGreaterThan(0);
      for (const slug of upcoming)
        expect(parseWp(bySlug.get(slug)!.endDate || bySlug.get(slug)!.startDate), slug).toBeGreaterThanOrEqual(t);
      for (const slug of past) expect(parseWp(bySlug.get(slug)!.endDate || bySlug.get(slug)!.startDate), slug).toBeLessThan(t);
      // Their dates and times in French, as the emulator's own clock reads them.
      const first = bySlug.get(upcoming[0] ?? past[0]!)!;
      const start = parseWp(first.startDate);
      expect(agenda.replaceAll('<!-- -->', '')).toContain(
        `${frLongDate(start)}</time><span> · ${first.all_day ? 'toute la journée' : frTime(start)}</span>`,
      );

      // The accreditation picker: events still to come (from today in Paris), open until their deadline;
      // « Toutes les rencontres à venir » ticks the open ones only.
      const choices = await pickerChoices(at);
      const today = `${paris.year}-${String(paris.month).padStart(2, '0')}-${String(paris.day).padStart(2, '0')}`;
      expect(choices.length).toBeGreaterThan(0);
      for (const choice of choices) {
        expect(choice.date.slice(0, 10) >= today, choice.title).toBe(true);
        expect(choice.open, choice.title).toBe(Date.parse(choice.deadline) > t);
      }
      expect(selectAllFuture(choices, new Date(t)).selectedEvents.sort()).toEqual(
        choices
          .filter((c) => c.open)
          .map((c) => c.id)
          .sort(),
      );
      // An event page offers « S’accréditer » exactly while its accreditations are open.
      for (const open of [true, false]) {
        const choice = choices.find((c) => c.open === open && c.slug);
        if (!choice) continue;
        const eventPage = await page(at, `/evenements/${choice.slug}`);
        expect(
          /class="event-page__accreditation"><p>[^<]*<\/p><a class="button" href="\/accreditations\?evenement=/.test(eventPage),
          `${choice.slug} ouvert\u202f: ${open}`,
        ).toBe(open);
      }

      // The calendar file is stamped with the site's now; all-day events are dates, not times.
      const ics = await page(at, '/evenements.ics');
      expect(ics).toContain(`DTSTAMP:${at.replace(/[-:]/g, '').replace(/\.\d+/, '')}`);
      for (const e of events.filter((x) => x.all_day))
        if (ics.includes(`UID:event-${e.id}@`)) expect(ics).toMatch(new RegExp(`UID:event-${e.id}@[^]*?DTSTART;VALUE=DATE:\\d{8}\\r\\n`));

      // The newest article's date and time in French.
      const newest = posts[0]!;
      const article = await page(at, newest.link);
      const published = parseWp(newest.date);
      expect(article.replaceAll('<!-- -->', '')).toContain(`${frLongDate(published)} à ${frTime(published)}`);

      // The rugby season turns on 1 July in Paris.
      const settings = await upstream.json<Settings>('/wp-json/ffr/v1/settings');
      expect(settings.saison_en_cours).toBe(seasonOf(t));
      const start2 = paris.month >= 7 ? paris.year : paris.year - 1;
      expect(settings.saison_en_cours).toBe(`${start2}-${start2 + 1}`);
    });
  }
});

describe('the calendar sweep: each rule at its own edge', () => {
  it('keeps a post in the news sitemap for 48 hours to the second, and an accreditation open until its deadline', async () => {
    await upstream.reset();
    const posts = await upstream.json<Card[]>('/wp-json/ffr/v1/posts?per_page=100');
    const post = posts[0]!;
    const published = parseWp(post.date);
    // Each reading with an empty cache: the stored copy of a page is the site's answer at another instant.
    const inNews = async (at: number) => {
      await reset();
      return (await page(new Date(at).toISOString(), '/sitemap-news.xml')).includes(`/${post.slug}</loc>`);
    };
    expect(await inNews(published - 1000)).toBe(false); // scheduled, not yet published
    expect(await inNews(published)).toBe(true);
    expect(await inNews(published + 48 * HOUR)).toBe(true);
    expect(await inNews(published + 48 * HOUR + 1000)).toBe(false);

    const events = await upstream.json<WpEvent[]>(`/wp-json/ffr/v1/future_events?ends_after=${posts[0]!.date}`);
    const withDeadline = events.find((e) => e.accreditation && Date.parse(e.accreditation.deadline) > published)!;
    const deadline = Date.parse(withDeadline.accreditation!.deadline);
    const openAt = async (at: number) => {
      await reset();
      return (await pickerChoices(new Date(at).toISOString())).find((c) => c.id === withDeadline.id)?.open;
    };
    expect(await openAt(deadline - 1000)).toBe(true);
    expect(await openAt(deadline)).toBe(false);
  });
});
