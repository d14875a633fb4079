import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, SCREENSHOTS, siteUrl } from './browser';

// Issue 30, item 7: the islands come once the browser is idle or at the reader's first gesture
// (client/main.tsx). « Contactez-nous » pressed in those first seconds used to leave the page for
// /contact; it now waits for its island and opens the window, and is followed as a link should
// the islands not come at all. The islands' runtime is held back here, as a slow phone would.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const HYDRATE = /\/assets\/chunks\/hydrate-[\w-]+\.js$/;

describe('« Contactez-nous » pressed before the page is live (item 7)', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`opens the window once live, without leaving the page (${size})`, async () => {
      const ctx = await context(browser, size);
      await ctx.route(HYDRATE, async (route) => {
        await new Promise((ok) => setTimeout(ok, 1500));
        await route.continue();
      });
      const page = await ctx.newPage();
      await page.goto(`${siteUrl()}/evenements`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('[data-island][data-hydrated]').count()).toBe(0);
      await page.locator('.contact-fab').click();
      const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
      await dialog.waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe('/evenements');
      await page.screenshot({ path: `${SCREENSHOTS}first-seconds-contact-${size}.png` });
      await ctx.close();
    });
  }

  it('is followed to /contact when the islands cannot come (desktop)', async () => {
    const ctx = await context(browser, 'desktop');
    await ctx.route(HYDRATE, (route) => route.abort());
    const page = await ctx.newPage();
    await page.goto(`${siteUrl()}/evenements`, { waitUntil: 'domcontentloaded' });
    await page.locator('.contact-fab').click();
    await page.waitForURL(`${siteUrl()}/contact#contactez-nous`);
    await ctx.close();
  });
});
