import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetAccount, SCREENSHOTS } from './browser';
import { chromiumEngine } from './engines/chromium';
import type { Engine, EnginePage, Size } from './engines/driver';
import { firefoxEngine } from './engines/firefox';
import {
  contactWindow,
  eventsAndCalendar,
  homeToArticleAndBack,
  narrowLayouts,
  onSiteArticles,
  phoneMenu,
  searchPanel,
  signInPressSpaceSignOut,
  story,
} from './engines/journeys';
import { webkitEngine } from './engines/webkit';

// Issue 40: the smoke journeys in the three engines journalists use — Chromium (which also runs
// the whole suite), Firefox ESR and WebKitGTK, Safari's engine — at 1280 px and on a phone.
// One journey, three drivers (engines/driver.ts).

const ENGINES = { chromium: chromiumEngine, firefox: firefoxEngine, webkit: webkitEngine } as const;
const ACCOUNT = 'journaliste@example.fr';

describe.each(Object.keys(ENGINES) as Array<keyof typeof ENGINES>)('%s', { timeout: 150_000 }, (name) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await ENGINES[name]();
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  /**
   * A page of its own for each journey (new cookies, empty cache), closed after, with a screenshot on
   * the way out. A driver that stops answering (webkit.ts names it « no answer in ») says nothing
   * about the site: the journey is walked once more in a new session, and only then fails.
   */
  async function journey(size: Size, shot: string, walk: (page: EnginePage) => Promise<void>, again = true): Promise<void> {
    const page = await engine.open(size);
    let failure: unknown = null;
    try {
      await walk(page);
    } catch (error) {
      failure = error;
    }
    await page.screenshot(`${SCREENSHOTS}engines-${name}-${shot}-${size}.png`).catch(() => undefined);
    await page.close().catch(() => undefined);
    if (failure === null) return;
    if (!again || !/no answer in/.test(String(failure))) throw failure;
    console.warn(`${name}: ${String(failure)}; the journey again, in a new session`);
    await journey(size, shot, walk, false);
  }

  it('home → article, away and back, reload, opened again: every island live each time (desktop)', () =>
    journey('desktop', 'revisit', homeToArticleAndBack));
  it('home → article, away and back, reload, opened again: every island live each time (phone)', () =>
    journey('phone', 'revisit', homeToArticleAndBack));
  it('search: the panel and its live hits', () => journey('desktop', 'search', searchPanel));
  it('the phone menu, two levels', () => journey('phone', 'menu', phoneMenu));
  it('« Contactez-nous » opens the contact window', () => journey('phone', 'contact', contactWindow));
  it('sign-in → press space → sign-out', async () => {
    await resetAccount(ACCOUNT);
    await journey('desktop', 'account', (page) => signInPressSpaceSignOut(page, ACCOUNT));
  });
  it('events and their calendar file', () => journey('desktop', 'events', eventsAndCalendar));
  it('a story', () => journey('phone', 'story', story));
  it('on a phone: the sort row fits, and a table says « Faites glisser » exactly when it scrolls', async () => {
    const withTables = (await onSiteArticles()).filter((a) => a.blocks.includes('table'));
    // A squad list (four columns) and a score table (six): one of each kind the content has.
    const picked = [withTables.find((a) => a.link.includes('composition')), withTables.find((a) => !a.link.includes('composition'))];
    expect(picked.every(Boolean)).toBe(true);
    await journey('phone', 'narrow', async (page) => {
      // The narrowest phones (320 px) where the engine can be that narrow.
      if (page.engine !== 'webkit') await page.resize(320, 640);
      await narrowLayouts(
        page,
        picked.map((a) => a!.link),
      );
    });
  });
});
