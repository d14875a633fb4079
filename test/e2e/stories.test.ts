import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, SCREENSHOTS, siteUrl } from './browser';

// « Recherches du moment » (SPEC §2, §7): a story opened from the search panel, read by its id.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('stories in Chromium', () => {
  for (const kind of ['desktop', 'mobile'] as const) {
    it(`opens a story from « Recherches du moment » and turns its slides (${kind})`, async () => {
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

      const count = page.locator('.story-player__count');
      const total = Number((await count.textContent())!.split('/')[1]);
      expect(total).toBeGreaterThan(1);
      // Live: the player has its pause button; the reader takes over with « Suivante ».
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      await page.getByRole('button', { name: 'Suivante' }).click();
      await expect.poll(() => count.textContent()).toBe(`2 / ${total}`);
      expect(await page.getByRole('button', { name: 'Lecture' }).getAttribute('aria-pressed')).toBe('true');
      // The second slide is the one in view.
      await expect
        .poll(() => page.locator('.story-player__slides').evaluate((list) => Math.round(list.scrollLeft / list.clientWidth)))
        .toBe(1);
      // Arrow keys turn the slides too.
      await page.locator('.story-player__slides').press('ArrowLeft');
      await expect.poll(() => count.textContent()).toBe(`1 / ${total}`);
      await page.screenshot({ path: `${SCREENSHOTS}story-${kind}.png` });
      await ctx.close();
    });
  }

  it('shows every slide as a row to scroll without JavaScript', async () => {
    const ctx = await context(browser, 'mobile', { javaScriptEnabled: false });
    const page = await ctx.newPage();
    const link = (await (await fetch(`${siteUrl()}/`)).text()).match(/&quot;url&quot;:&quot;(\/stories\/[a-z0-9]+)&quot;/);
    expect(link).not.toBeNull();
    await page.goto(siteUrl() + link![1]!);
    const slides = page.locator('.story-player__slide');
    expect(await slides.count()).toBeGreaterThan(1);
    expect(await slides.first().locator('p').isVisible()).toBe(true);
    await ctx.close();
  });
});
