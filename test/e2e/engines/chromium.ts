import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/lib/browsers.mjs';
import { siteUrl } from '../browser';
import { type Engine, type EnginePage, SIZES, type Size } from './driver';

/** Chromium through playwright-core (Debian's binary), a new context per page. */
export async function chromiumEngine(): Promise<Engine> {
  const browser: Browser = await launchChromium();
  return {
    name: 'chromium',
    async open(size: Size) {
      const ctx = await browser.newContext({
        viewport: SIZES[size],
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        isMobile: size === 'phone',
        hasTouch: size === 'phone',
      });
      const page = await ctx.newPage();
      const statuses: number[] = [];
      page.on('response', (r) => {
        if (r.request().isNavigationRequest()) statuses.push(r.status());
      });
      return playwrightPage(page, statuses, () => ctx.close());
    },
    close: () => browser.close(),
  };
}

function playwrightPage(page: Page, statuses: number[], close: () => Promise<void>): EnginePage {
  return {
    engine: 'chromium',
    get narrowest() {
      return page.viewportSize()?.width ?? 0;
    },
    goto: async (url) => void (await page.goto(new URL(url, siteUrl()).href, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    back: async () => void (await page.goBack({ waitUntil: 'commit' })),
    run: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: (selector) => page.locator(selector).first().click(),
    type: (selector, text) => page.locator(selector).first().pressSequentially(text),
    documentStatuses: () => statuses,
    resize: (width, height) => page.setViewportSize({ width, height }),
    screenshot: async (file) => void (await page.screenshot({ path: file })),
    close,
  };
}
