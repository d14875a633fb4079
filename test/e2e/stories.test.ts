import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, islandLive, launch, SCREENSHOTS, siteUrl, viewports } from './browser';

// « Recherches du moment » (SPEC §2, §7): a story opened from the search panel, read by its id, and
// shown as readers know stories from their phones (issue 30, item 6): one portrait frame that fits
// the window, one slide at a time with its text, bars and title over the frame, previous / next,
// a pause (WCAG 2.2.2), reduced motion respected; without JavaScript every slide one under the other.

let browser: Browser;
let path: string;
beforeAll(async () => {
  browser = await launch();
  // The search box island's props carry the featured stories' addresses.
  const link = (await (await fetch(`${siteUrl()}/`)).text()).match(/&quot;url&quot;:&quot;(\/stories\/[a-z0-9]+)&quot;/);
  expect(link).not.toBeNull();
  path = link![1]!;
});
afterAll(async () => {
  await browser?.close();
});

/** The story's page, the cookie choice made, the player live. */
async function openStory(kind: keyof typeof viewports, options: BrowserContextOptions = {}) {
  const ctx = await context(browser, kind, options);
  const page = await ctx.newPage();
  await page.goto(siteUrl() + path, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  await islandLive(page, '.story-player');
  // The pointer away from the story: a mouse resting on it holds the story.
  await page.mouse.move(1, 1);
  return { ctx, page };
}

/** The page's clock stops where it is; from then on only `clock.runFor` moves it. */
async function stopClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

const status = (page: Page) => page.locator('.story-player__status').textContent();

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };

/** Where the frame, its parts and the current slide's text are, in CSS pixels of the viewport. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (el: Element): Box => {
      const { left, right, top, bottom, width, height } = el.getBoundingClientRect();
      return { left, right, top, bottom, width, height };
    };
    const frame = document.querySelector('.story-player__slides')!;
    const f = box(frame);
    const slides = [...frame.querySelectorAll('.story-player__slide')];
    // Points just outside the frame, beside it and above its text: nothing of a slide may be there.
    const beside = [
      [f.left - 4, f.top + f.height / 4],
      [f.right + 4, f.top + f.height / 4],
      [f.left - 4, f.bottom - 24],
      [f.right + 4, f.bottom - 24],
    ].filter(([x]) => x! >= 0 && x! < document.documentElement.clientWidth);
    return {
      viewport: { width: document.documentElement.clientWidth, height: innerHeight },
      header: box(document.querySelector('.header')!),
      frame: f,
      clipped: getComputedStyle(frame).overflow,
      progress: box(document.querySelector('.story-player__progress')!),
      title: box(document.querySelector('.story-player h1')!),
      slides: slides.map((s) => ({ box: box(s), shown: getComputedStyle(s).visibility === 'visible' })),
      text: box(document.querySelector('.story-player__slide.is-current .story-player__text p')!),
      slideBeside: beside.some(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('.story-player__slide')),
    };
  });

const within = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;

/** One slide in view, the others hidden inside the frame; its text in the frame and in the window. */
function expectOneSlideInFrame(l: Awaited<ReturnType<typeof layout>>, index: number) {
  expect(l.clipped).toBe('hidden');
  expect(l.slides.map((s) => s.shown)).toEqual(l.slides.map((_, i) => i === index));
  for (const s of l.slides) expect(within(s.box, l.frame)).toBe(true);
  expect(l.slideBeside).toBe(false);
  expect(within(l.text, l.frame)).toBe(true);
  expect(l.text.top).toBeGreaterThanOrEqual(0);
  expect(l.text.bottom).toBeLessThanOrEqual(l.viewport.height);
}

describe('stories in Chromium', () => {
  for (const kind of ['desktop', 'mobile'] as const) {
    it(`opens a story from « Recherches du moment » (${kind})`, async () => {
      const ctx = await context(browser, kind);
      const page = await ctx.newPage();
      await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Tout refuser' }).click();
      if (kind === 'mobile') await page.getByRole('button', { name: 'Rechercher' }).click();
      else await page.getByRole('combobox').click();
      await page.getByRole('heading', { name: 'Recherches du moment' }).waitFor();
      const story = page.locator('.search-panel__stories a').first();
      const title = (await story.textContent())!.trim();
      await story.click();
      await page.waitForURL(/\/stories\/[a-z0-9]+$/);
      expect(await page.locator('h1').textContent()).toBe(title);
      await islandLive(page, '.story-player');
      await page.getByRole('button', { name: 'Diapositive suivante' }).click();
      await expect.poll(() => status(page)).toMatch(/^Diapositive 2 sur \d+$/);
      await ctx.close();
    });
  }

  for (const kind of ['desktop', 'wide'] as const) {
    it(`shows a centred portrait frame that fits the window, one slide at a time (${viewports[kind].width} px)`, async () => {
      const { ctx, page } = await openStory(kind);
      await stopClock(page);
      const l = await layout(page);
      // Centred, about 9:16, under the header and above the fold, and using the room there is.
      expect(Math.abs((l.frame.left + l.frame.right) / 2 - l.viewport.width / 2)).toBeLessThanOrEqual(1);
      expect(l.frame.width / l.frame.height).toBeCloseTo(9 / 16, 2);
      expect(l.frame.top).toBeGreaterThanOrEqual(l.header.bottom);
      expect(l.frame.bottom).toBeLessThanOrEqual(l.viewport.height);
      expect(l.frame.height).toBeGreaterThan(0.7 * l.viewport.height);
      // The bars are the frame's width, the title is on the frame.
      expect(l.progress.left).toBeCloseTo(l.frame.left, 0);
      expect(l.progress.width).toBeCloseTo(l.frame.width, 0);
      expect(within(l.progress, l.frame)).toBe(true);
      expect(within(l.title, l.frame)).toBe(true);
      expectOneSlideInFrame(l, 0);
      await page.screenshot({ path: `${SCREENSHOTS}story-${viewports[kind].width}.png` });

      await page.keyboard.press('ArrowRight');
      await expect.poll(() => status(page)).toMatch(/^Diapositive 2 sur/);
      expectOneSlideInFrame(await layout(page), 1);
      await page.screenshot({ path: `${SCREENSHOTS}story-${viewports[kind].width}-slide-2.png` });
      await ctx.close();
    });
  }

  it('plays a slide every 6 s, stops on « Mettre en pause », under the mouse and the keyboard focus, and turns with ← / →', async () => {
    const { ctx, page } = await openStory('desktop');
    const total = await page.locator('.story-player__slide').count();
    expect(total).toBeGreaterThan(3);
    await stopClock(page);
    expect(await status(page)).toBe(`Diapositive 1 sur ${total}`);
    await page.clock.runFor(6000);
    await expect.poll(() => status(page)).toBe(`Diapositive 2 sur ${total}`);

    // The pause button: nothing moves any more, however long the reader stays.
    await page.getByRole('button', { name: 'Mettre en pause' }).click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(30_000);
    expect(await status(page)).toBe(`Diapositive 2 sur ${total}`);
    await page.getByRole('button', { name: 'Reprendre' }).click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(6000);
    await expect.poll(() => status(page)).toBe(`Diapositive 3 sur ${total}`);

    // A mouse on the frame holds it; away, it plays on.
    await page.locator('.story-player__slides').hover();
    await page.clock.runFor(20_000);
    expect(await status(page)).toBe(`Diapositive 3 sur ${total}`);
    await page.mouse.move(1, 1);
    await page.clock.runFor(6000);
    await expect.poll(() => status(page)).toBe(`Diapositive 4 sur ${total}`);

    // ← and →, from anywhere on the page.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => status(page)).toBe(`Diapositive 3 sur ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => status(page)).toBe(`Diapositive 4 sur ${total}`);

    // The keyboard's focus in the story holds it too, and shows its ring.
    await page.getByRole('button', { name: 'Mettre en pause' }).focus();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement!;
      const style = getComputedStyle(el);
      return {
        label: el.textContent,
        visible: el.matches(':focus-visible'),
        outline: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
      };
    });
    expect(ring).toMatchObject({ label: 'Diapositive précédente', visible: true, outline: 'solid' });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: `${SCREENSHOTS}story-1280-focus.png` });
    await page.clock.runFor(20_000);
    expect(await status(page)).toBe(`Diapositive 4 sur ${total}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe(`Diapositive 3 sur ${total}`);
    expect(await page.getByRole('button', { name: 'Mettre en pause' }).count()).toBe(1);
    await ctx.close();
  });

  it('waits for the reader under prefers-reduced-motion', async () => {
    const { ctx, page } = await openStory('desktop', { reducedMotion: 'reduce' });
    await stopClock(page);
    await page.getByRole('button', { name: 'Reprendre' }).waitFor();
    await page.clock.runFor(30_000);
    expect(await status(page)).toMatch(/^Diapositive 1 sur/);
    expect(
      await page.locator('.story-player__progress .is-current').evaluate((bar) => getComputedStyle(bar, '::after').animationName),
    ).toBe('none');
    await page.getByRole('button', { name: 'Diapositive suivante' }).click();
    await expect.poll(() => status(page)).toMatch(/^Diapositive 2 sur/);
    await ctx.close();
  });

  it('fills a phone’s width, the slide and its text in view, turned by taps on the frame (375 px)', async () => {
    const { ctx, page } = await openStory('mobile');
    await stopClock(page);
    const l = await layout(page);
    expect(l.frame.left).toBe(0);
    expect(l.frame.width).toBe(l.viewport.width);
    expect(l.frame.top).toBeGreaterThanOrEqual(l.header.bottom);
    expect(l.frame.bottom).toBeLessThanOrEqual(l.viewport.height);
    expect(l.frame.height).toBeGreaterThan(0.7 * l.viewport.height);
    expect(l.progress.width).toBeCloseTo(l.frame.width, 0);
    expect(within(l.title, l.frame)).toBe(true);
    expectOneSlideInFrame(l, 0);
    await page.screenshot({ path: `${SCREENSHOTS}story-375.png` });

    // The right of the frame is « next », its left third « previous ».
    const { frame } = l;
    await page.touchscreen.tap(frame.right - 40, frame.top + frame.height / 2);
    await expect.poll(() => status(page)).toMatch(/^Diapositive 2 sur/);
    expectOneSlideInFrame(await layout(page), 1);
    await page.screenshot({ path: `${SCREENSHOTS}story-375-slide-2.png` });
    await page.touchscreen.tap(frame.left + 40, frame.top + frame.height / 2);
    await expect.poll(() => status(page)).toMatch(/^Diapositive 1 sur/);
    // The last slide's link is over the tap zones: a tap on it follows it.
    const total = await page.locator('.story-player__slide').count();
    for (let i = 1; i < total; i++) await page.touchscreen.tap(frame.right - 40, frame.top + frame.height / 2);
    await expect.poll(() => status(page)).toBe(`Diapositive ${total} sur ${total}`);
    const more = page.locator('.story-player__slide.is-current').getByRole('link', { name: 'En savoir plus' });
    expect(
      await more.evaluate((a) => {
        const r = a.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('a') === a && r.bottom <= innerHeight;
      }),
    ).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}story-375-last.png` });
    await ctx.close();
  });

  for (const kind of ['desktop', 'mobile'] as const) {
    it(`shows every slide one under the other, each with its text, without JavaScript (${kind})`, async () => {
      const ctx = await context(browser, kind, { javaScriptEnabled: false });
      const page = await ctx.newPage();
      await page.goto(siteUrl() + path);
      expect(await page.locator('.story-player h1').isVisible()).toBe(true);
      const slides = await page.locator('.story-player__slide').evaluateAll((all) =>
        all.map((s) => {
          const r = s.getBoundingClientRect();
          const text = s.querySelector('p')!.getBoundingClientRect();
          const shown = getComputedStyle(s).visibility === 'visible';
          return {
            top: r.top,
            bottom: r.bottom,
            width: r.width,
            shown,
            textInside: text.top >= r.top && text.bottom <= r.bottom && text.height > 0,
          };
        }),
      );
      expect(slides.length).toBeGreaterThan(1);
      for (const [i, s] of slides.entries()) {
        expect(s).toMatchObject({ shown: true, textInside: true });
        expect(s.width).toBeGreaterThan(300);
        if (i > 0) expect(s.top).toBeGreaterThanOrEqual(slides[i - 1]!.bottom);
      }
      await page.screenshot({ path: `${SCREENSHOTS}story-no-js-${viewports[kind].width}.png` });
      await ctx.close();
    });
  }
});
