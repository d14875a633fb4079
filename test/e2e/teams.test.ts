import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, SCREENSHOTS, siteUrl } from './browser';

// The national teams' pages, reached the way a reader does: from the home page, through
// « Équipes de France » in the top bar (desktop) or in the burger menu (mobile).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The consent banner answered once (« Tout refuser »), as a returning reader sees the site. */
async function refuseCookies(page: Page) {
  await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Tout refuser' }).click();
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function expectTeamPage(page: Page, path: string, title: string) {
  await page.waitForURL(`**${path}`);
  expect(await page.locator('h1').textContent()).toBe(title);
  expect(await page.locator('.player').count()).toBeGreaterThan(10);
  // Every player card carries the anchor the players' search results point at.
  expect(await page.locator('.player:not([id^="joueur-"])').count()).toBe(0);
  expect(await page.locator('.team-counts dd').first().textContent()).toMatch(/^\d+$/);
  expect(await page.locator('a[href^="/accreditations?evenement="]').count()).toBeGreaterThan(0);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('team pages in Chromium', () => {
  it('opens the XV de France from « Équipes de France » in the top bar at 1280 px', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await refuseCookies(page);
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    const topbar = page.getByRole('navigation', { name: 'Sites de la Fédération' });
    await page.locator('nav.topbar__links.is-ready').waitFor();
    // As a mouse reader does: the pointer resting on the entry opens its drop-down, then a link in it.
    const entry = topbar.locator('li.has-dropdown', { hasText: 'Équipes de France' });
    await entry.hover();
    const dropdown = entry.locator('.topbar__dropdown');
    await expect.poll(() => dropdown.isVisible()).toBe(true);
    await dropdown.getByRole('link', { name: 'XV de France' }).click();
    await expectTeamPage(page, '/equipes-de-france/xv-de-france-equipe', 'XV de France');
    expect(await page.locator('.player__captain').count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}teams-xv-desktop.png`, fullPage: true });

    // The album filters are links: one click narrows the albums and marks the choice.
    const all = await page.locator('.album').count();
    const filter = page.getByRole('navigation', { name: 'Filtrer les albums par compétition' });
    await filter.getByRole('link', { name: 'Vie du groupe' }).click();
    await page.waitForURL('**competition=vie-du-groupe#albums');
    const narrowed = await page.locator('.album').count();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
    expect(await filter.locator('[aria-current="true"]').textContent()).toBe('Vie du groupe');

    // The siblings lead to the other teams, the breadcrumb to the parent page with its team cards.
    await page.getByRole('navigation', { name: 'Les autres équipes' }).getByRole('link', { name: 'France 7' }).click();
    await expectTeamPage(page, '/equipes-de-france/france-7-equipe', 'France 7');
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Équipes de France' }).click();
    await page.waitForURL('**/equipes-de-france');
    expect(await page.locator('.team-card').count()).toBe(4);
    await page.screenshot({ path: `${SCREENSHOTS}teams-index-desktop.png`, fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('opens France féminine through the burger menu at 375 px', async () => {
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await refuseCookies(page);
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.locator('.burger').click();
    const menu = page.locator('#menu-mobile');
    await menu.waitFor({ state: 'visible' });
    await menu.getByRole('button', { name: 'Équipes de France' }).click();
    await menu.getByRole('button', { name: 'Retour' }).waitFor();
    await menu.getByRole('link', { name: 'France féminine' }).click();
    await expectTeamPage(page, '/equipes-de-france/france-feminine-equipe', 'France féminine');
    await page.screenshot({ path: `${SCREENSHOTS}teams-feminine-mobile.png`, fullPage: true });
    await page.goto(siteUrl() + '/equipes-de-france', { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}teams-index-mobile.png`, fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
