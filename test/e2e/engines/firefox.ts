import type { Page } from 'puppeteer-core';
import { launchFirefox } from '../../../scripts/lib/browsers.mjs';
import { siteUrl } from '../browser';
import { type Engine, type EnginePage, SIZES, type Size } from './driver';

/** Firefox ESR through puppeteer-core over WebDriver BiDi, a new browser context (profile) per page. */
export async function firefoxEngine(): Promise<Engine> {
  const browser = await launchFirefox();
  return {
    name: 'firefox',
    async open(size: Size) {
      const ctx = await browser.createBrowserContext();
      const page = await ctx.newPage();
      await page.setViewport({ ...SIZES[size], isMobile: size === 'phone', hasTouch: size === 'phone' });
      const statuses: number[] = [];
      page.on('response', (r) => {
        if (r.request().isNavigationRequest() && r.request().frame() === page.mainFrame()) statuses.push(r.status());
      });
      return puppeteerPage(page, statuses, () => ctx.close());
    },
    close: () => browser.close(),
  };
}

/** Says which step timed out: puppeteer's own error names none. */
const step = async (what: string, go: () => Promise<unknown>) => {
  try {
    await go();
  } catch (error) {
    throw new Error(`firefox: ${what}: ${error instanceof Error ? error.message : error}`);
  }
};

function puppeteerPage(page: Page, statuses: number[], close: () => Promise<void>): EnginePage {
  return {
    engine: 'firefox',
    goto: (url) => step(`goto ${url}`, () => page.goto(new URL(url, siteUrl()).href, { waitUntil: 'load' })),
    reload: () => step(`reload ${page.url()}`, () => page.reload({ waitUntil: 'load' })),
    back: () => step('back', () => page.goBack({ waitUntil: 'load' })),
    run: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: (selector) => page.locator(selector).click(),
    type: (selector, text) => page.locator(selector).fill(text),
    documentStatuses: () => statuses,
    // The rest of the viewport (a phone's touch) stays as it was.
    resize: async (width, height) => void (await page.setViewport({ ...page.viewport(), width, height })),
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    close,
  };
}
