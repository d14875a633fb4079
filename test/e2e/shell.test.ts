import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, SCREENSHOTS, siteUrl } from './browser';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const visibleNavItems = (page: Page) => page.locator('.header__nav > ul > li[data-index]:not([hidden])').count();

describe('shell in Chromium', () => {
  it('moves the categories that do not fit into « Plus », and back when the window grows', async () => {
    const ctx = await context(browser, 'desktop', { viewport: { width: 1000, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.locator('.header__nav.is-measured').waitFor();
    const total = await page.locator('.header__nav > ul > li[data-index]').count();
    const narrow = await visibleNavItems(page);
    expect(narrow).toBeLessThan(total);
    const more = page.getByRole('button', { name: 'Plus' });
    await more.click();
    const list = page.locator('.nav-more__list');
    await list.waitFor({ state: 'visible' });
    expect(await list.locator('a').count()).toBe(total - narrow);
    await page.screenshot({ path: `${SCREENSHOTS}shell-plus-1000.png` });
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 2400, height: 800 });
    await page.waitForFunction((n) => document.querySelectorAll('.header__nav > ul > li[data-index]:not([hidden])').length > n, narrow);
    expect(await visibleNavItems(page)).toBeGreaterThan(narrow);
    await ctx.close();
  });

  it('rotates the partners every 3500 ms, 8 at a time on desktop and 3 on mobile', async () => {
    for (const [width, shown] of [
      [1280, 8],
      [375, 3],
    ] as const) {
      const ctx = await context(browser, 'desktop', { viewport: { width, height: 800 } });
      const page = await ctx.newPage();
      await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
      const strip = page.locator('.partners__list.is-rotating');
      await strip.waitFor({ state: 'attached' });
      expect(await strip.locator('li').count()).toBe(shown);
      const first = await strip.locator('li').first().locator('a').getAttribute('title');
      await page.clock.runFor(3600);
      await expect.poll(() => strip.getAttribute('data-start')).toBe('1');
      expect(await strip.locator('li').first().locator('a').getAttribute('title')).not.toBe(first);
      await ctx.close();
    }
  });

  it('loads no tracker when the visitor refuses, and remembers the choice', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    const trackerRequests: string[] = [];
    page.on('request', (r) => r.url().includes('googletagmanager') && trackerRequests.push(r.url()));
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    const banner = page.getByRole('dialog', { name: 'Vos choix en matière de cookies' });
    await banner.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}shell-consent.png` });
    await banner.getByRole('button', { name: 'Tout refuser' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByRole('dialog', { name: 'Vos choix en matière de cookies' }).count()).toBe(0);
    expect(await page.locator('#gtm-script').count()).toBe(0);
    expect(trackerRequests).toEqual([]);
    const events = await page.evaluate(() => (window.dataLayer as Array<{ event?: string; page_type?: string }>).map((e) => e.event));
    expect(events).toContain('content-loaded');
    await ctx.close();
  });

  it('loads the tag manager only after the visitor accepts', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    expect(await page.locator('#gtm-script').count()).toBe(0);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.locator('#gtm-script').waitFor({ state: 'attached' });
    await ctx.close();
  });

  it('pushes click events to the data layer', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    // The click listener is the Tracking island's: networkidle can come before the islands are live
    // (they wait for an idle moment after load), and a click then went untracked (a flake under load).
    await page.waitForSelector('[data-island="Tracking"][data-hydrated]', { state: 'attached' });
    await page.locator('.header__accredit').click();
    const last = await page.evaluate(() =>
      (window.dataLayer as Array<Record<string, string>>).filter((e) => e.event?.startsWith('click.')).pop(),
    );
    expect(last).toEqual({ event: 'click.action', click_category: 'header', click_name: 'S’accréditer' });
    await ctx.close();
  });

  it('opens the contact modal from the footer with the keyboard, traps focus, closes on Escape', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    const link = page.locator('.footer__links').getByRole('link', { name: 'Contactez-nous' });
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
    await dialog.waitFor();
    expect(await dialog.getByText('Comment pouvons-nous vous aider ?').isVisible()).toBe(true);
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body)).toBe(true);
    }
    await page.screenshot({ path: `${SCREENSHOTS}shell-contact-modal.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contactez-nous');
    await ctx.close();
  });

  it('opens the same modal from the floating button on mobile', async () => {
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    await page.locator('.contact-fab').click();
    await page.getByRole('dialog', { name: 'Contactez-nous' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}shell-contact-modal-mobile.png` });
    await ctx.close();
  });

  it('opens the top-bar drop-down with the keyboard: a disclosure button, Escape closes it back on the button', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    const first = page.locator('.topbar__links > ul > li.has-dropdown').first();
    const button = first.getByRole('button');
    const dropdown = first.locator('.topbar__dropdown');
    await button.focus();
    expect(await dropdown.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await expect.poll(() => dropdown.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.topbar__dropdown'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dropdown.isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await ctx.close();
  });

  it('pins the mobile header when scrolling up past 250 px', async () => {
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    const header = page.locator('header.header');
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(150);
    expect(await header.getAttribute('class')).not.toContain('is-pinned');
    await page.mouse.wheel(0, -300);
    await expect.poll(() => header.getAttribute('class')).toContain('is-pinned');
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0); // after its slide-in
    await ctx.close();
  });
});
