import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, onSiteArticleLink, SCREENSHOTS, siteUrl } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openHome(kind: 'desktop' | 'mobile' = 'desktop', js = true) {
  const ctx = await context(browser, kind, { javaScriptEnabled: js });
  const page = await ctx.newPage();
  await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
  if (js) await page.getByRole('button', { name: 'Tout refuser' }).click();
  return { ctx, page };
}
const panelHits = (page: Page) => page.locator('.search-panel__hits [role="option"]');

describe('search in Chromium', () => {
  it('shows live hits for « equipe », moves with the arrows, closes on Escape', async () => {
    const { ctx, page } = await openHome();
    const box = page.getByRole('combobox');
    await box.click();
    await page.locator('.search-panel').waitFor();
    expect(await page.locator('.search-overlay').isVisible()).toBe(true);
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(true);
    await page.getByRole('heading', { name: 'Dernières actualités' }).waitFor();
    await box.pressSequentially('equipe', { delay: 40 });
    await expect.poll(() => panelHits(page).count()).toBe(10);
    expect(await panelHits(page).first().locator('mark').first().textContent()).toBe('équipe');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await panelHits(page).nth(1).getAttribute('aria-selected')).toBe('true');
    await page.screenshot({ path: `${SCREENSHOTS}search-panel-desktop.png` });
    await page.keyboard.press('Escape');
    await page.locator('.search-panel').waitFor({ state: 'detached' });
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);
    await ctx.close();
  });

  it('goes to the chosen hit with Enter after the arrows', async () => {
    const { ctx, page } = await openHome();
    const box = page.getByRole('combobox');
    await box.click();
    await box.pressSequentially('dupont', { delay: 30 });
    await expect.poll(() => panelHits(page).count()).toBeGreaterThan(0);
    const href = await panelHits(page).first().getAttribute('href');
    await page.keyboard.press('ArrowDown');
    // Some articles redirect to the federation's main site (unreachable here): the request is what counts.
    const navigation = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === href);
    await page.keyboard.press('Enter');
    await navigation;
    await ctx.close();
  });

  it('opens the results page with Enter, closes on a click outside', async () => {
    const { ctx, page } = await openHome('mobile');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const box = page.getByRole('combobox');
    await box.waitFor();
    // The panel's contents arrive with their own chunk, a moment after it opens.
    await page.getByRole('heading', { name: 'Recherches du moment' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Recherches du moment' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}search-panel-mobile.png` });
    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.locator('.search-panel').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Rechercher' }).click();
    await box.fill('equipe');
    await box.press('Enter');
    await page.waitForURL(/\/recherche\?query=equipe/);
    expect(await page.locator('h1').textContent()).toBe('Rechercher');
    expect(await page.locator('.search-page__count').textContent()).toMatch(/résultats pour «\u00a0equipe\u00a0»/);
    await page.screenshot({ path: `${SCREENSHOTS}search-page-mobile.png` });
    await ctx.close();

    const desktop = await openHome();
    await desktop.page.getByRole('combobox').click();
    await desktop.page.locator('.search-panel').waitFor();
    await desktop.page.mouse.click(200, 600);
    await desktop.page.locator('.search-panel').waitFor({ state: 'detached' });
    await desktop.ctx.close();
  });

  it('changes the order with the sort', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/recherche?query=equipe');
    const first = async () => page.locator('.card__date').first().getAttribute('dateTime');
    const newest = await first();
    await page.getByRole('link', { name: 'Le plus ancien' }).click();
    await page.waitForURL(/sort=ancien/);
    const oldest = await first();
    expect(Date.parse(oldest!)).toBeLessThan(Date.parse(newest!));
    await page.screenshot({ path: `${SCREENSHOTS}search-page-desktop.png`, fullPage: true });
    await ctx.close();
  });

  it('filters the results from an article’s tag and category chips, without JavaScript too', async () => {
    const ctx = await context(browser, 'desktop', { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/categories/xv-de-france');
    await (await onSiteArticleLink(page, '#liste-contenus .card__title a')).click();
    const article = page.url();
    for (const kind of ['post_tags', 'categories']) {
      await page.goto(article);
      const chip = page.locator(`.article__tags a[href^="/recherche?${kind}="]`).first();
      const name = (await chip.textContent())!;
      await chip.click();
      await page.waitForURL(new RegExp(`${kind}=`));
      const filter = (await page.locator('.search-filters a').textContent())!;
      expect(filter.toLocaleUpperCase('fr-FR')).toContain(name);
      expect(await page.locator('#resultats .card').count()).toBeGreaterThan(0);
    }
    await ctx.close();
  });
});
