import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    upstreamUrl: string;
  }
}

export const siteUrl = () => inject('siteUrl');
export const upstreamUrl = () => inject('upstreamUrl');
export const SCREENSHOTS = new URL('../../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export const viewports = {
  desktop: { width: 1280, height: 900 },
  wide: { width: 1600, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;

export async function context(browser: Browser, kind: keyof typeof viewports, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: viewports[kind],
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    isMobile: kind === 'mobile',
    hasTouch: kind === 'mobile',
    ...options,
  });
}

/**
 * The first of these article links that stays on the site: some seeded articles redirect to the
 * federation's main site (unreachable here), and which ones come first depends on the date.
 */
export async function onSiteArticleLink(page: Page, selector: string): Promise<Locator> {
  const articles = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{ link: string; redirection: string }>;
  const leaving = new Set(articles.filter((a) => a.redirection).map((a) => a.link));
  const links = page.locator(selector);
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const href = (await links.nth(i).getAttribute('href')) ?? '';
    if (!leaving.has(href)) return links.nth(i);
  }
  throw new Error(`no on-site article among ${count} links (${selector})`);
}
