import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/lib/browsers.mjs';
import { context, siteUrl } from '../browser';
import type { Engine, EnginePage, Size } from './driver';

/** Chromium through playwright-core (Debian's binary), a new context per page. */
export async function chromiumEngine(): Promise<Engine> {
  const browser: Browser = await launchChromium();
  return {
    name: 'chromium',
    async open(size: Size) {
      // The suite's own contexts: French, in Paris, the clock at the run's instant (browser.ts).
      const ctx = await context(browser, size === 'phone' ? 'mobile' : 'desktop');
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
    goto: async (url) => void (await page.goto(new URL(url, siteUrl()).href, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    back: async () => void (await page.goBack({ waitUntil: 'commit' })),
    run: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: (selector) => page.locator(selector).first().click({ timeout: 5000 }),
    type: (selector, text) => page.locator(selector).first().pressSequentially(text),
    documentStatuses: () => statuses,
    resize: (width, height) => page.setViewportSize({ width, height }),
    screenshot: async (file) => void (await page.screenshot({ path: file })),
    close,
  };
}
