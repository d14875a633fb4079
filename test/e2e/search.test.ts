import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, liveAnswer, onSiteArticleLink, SCREENSHOTS, siteUrl } from './browser';

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
    await liveAnswer(page);
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
    await liveAnswer(page);
    await expect.poll(() => panelHits(page).count()).toBeGreaterThan(0);
    const href = await panelHits(page).first().getAttribute('href');
    // The players « dupont » matches come first, then the articles.
    const players = await page.locator('#recherche-rapide-players [role="option"]').count();
    for (let i = 0; i <= players; i++) await page.keyboard.press('ArrowDown');
    expect(await panelHits(page).first().getAttribute('aria-selected')).toBe('true');
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

  it('lists on /recherche what the panel showed, in the same order (relevance for words), and changes it with the sort', async () => {
    const { ctx, page } = await openHome();
    const box = page.getByRole('combobox');
    await box.click();
    await box.pressSequentially('equipe', { delay: 40 });
    await liveAnswer(page);
    await expect.poll(() => panelHits(page).count()).toBe(10);
    const shown = await panelHits(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await page.getByRole('link', { name: /^Voir les .* résultats$/ }).click();
    await page.waitForURL(/\/recherche\?query=equipe$/);
    expect(await page.locator('#resultats .card__title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(shown);
    expect(await page.locator('.search-sort [aria-current="true"]').textContent()).toBe('Pertinence');

    const first = async () => page.locator('.card__date').first().getAttribute('dateTime');
    await page.getByRole('link', { name: 'Le plus récent' }).click();
    await page.waitForURL(/sort=recent/);
    expect(await page.locator('.search-sort [aria-current="true"]').textContent()).toBe('Le plus récent');
    const newest = await first();
    await page.getByRole('link', { name: 'Le plus ancien' }).click();
    await page.waitForURL(/sort=ancien/);
    const oldest = await first();
    expect(Date.parse(oldest!)).toBeLessThan(Date.parse(newest!));
    await page.screenshot({ path: `${SCREENSHOTS}search-page-desktop.png`, fullPage: true });
    // Back to relevance: the link without a sort, the panel's order again.
    await page.getByRole('link', { name: 'Pertinence' }).click();
    await page.waitForURL(/\/recherche\?query=equipe$/);
    expect(await page.locator('#resultats .card__title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(shown);
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

describe('« Vouliez-vous dire » in Chromium', () => {
  for (const kind of ['desktop', 'mobile'] as const) {
    it(`offers « équipe » for « equpe » in the panel and on /recherche at ${kind === 'desktop' ? 1280 : 375} px, from the same answer`, async () => {
      const { ctx, page } = await openHome(kind);
      const searches: string[] = [];
      page.on('request', (r) => {
        if (decodeURIComponent(new URL(r.url()).pathname) !== '/1/indexes/*/queries') return;
        const body = JSON.parse(r.postData() ?? '{}') as { requests?: Array<{ query?: string }> };
        searches.push((body.requests ?? []).map((q) => q.query ?? '').join('+'));
      });
      if (kind === 'mobile') await page.getByRole('button', { name: 'Rechercher' }).click();
      const box = page.getByRole('combobox');
      await box.click();
      await box.pressSequentially('equpe', { delay: 40 });
      await liveAnswer(page);
      const suggestion = page.getByRole('listbox', { name: 'Correction proposée' }).getByRole('option');
      await suggestion.waitFor();
      expect(await suggestion.textContent()).toBe('Vouliez-vous dire «\u00a0équipe\u00a0»\u202f?');
      expect(await suggestion.getAttribute('href')).toBe('/recherche?query=%C3%A9quipe');
      expect(await panelHits(page).count()).toBeGreaterThan(0);
      // Read from the answer to what was typed: one request for « equpe », as for every word.
      expect(searches.filter((s) => s.startsWith('equpe+'))).toEqual(['equpe+equpe']);
      // First in the panel, and first for the arrows.
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await suggestion.getAttribute('id'));
      await page.screenshot({ path: `${SCREENSHOTS}search-equpe-panel-${kind}.png` });
      await box.press('Enter');
      await page.waitForURL(/\/recherche\?query=%C3%A9quipe$/);
      expect(await page.locator('.search-page__count').textContent()).toMatch(/résultats pour «\u00a0équipe\u00a0»/);
      expect(await page.getByText('Vouliez-vous dire').count()).toBe(0);

      await page.goto(siteUrl() + '/recherche?query=equpe');
      const link = page.getByRole('link', { name: /^Vouliez-vous dire/ });
      expect(await link.textContent()).toBe('Vouliez-vous dire «\u00a0équipe\u00a0»\u202f?');
      expect(await page.locator('#resultats .card').count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${SCREENSHOTS}search-equpe-page-${kind}.png` });
      await link.click();
      await page.waitForURL(/\/recherche\?query=%C3%A9quipe$/);
      await ctx.close();
    });
  }
});

describe('Back after a live result', () => {
  for (const kind of ['desktop', 'mobile'] as const) {
    it(`finds the box holding the words and the panel open with the same results at ${kind === 'desktop' ? 1280 : 375} px`, async () => {
      const { ctx, page } = await openHome(kind);
      if (kind === 'mobile') await page.getByRole('button', { name: 'Rechercher' }).click();
      const box = page.getByRole('combobox');
      await box.click();
      await box.pressSequentially('dupont', { delay: 40 });
      await liveAnswer(page);
      await expect.poll(() => panelHits(page).count()).toBeGreaterThan(0);
      const shown = await panelHits(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      const hit = await onSiteArticleLink(page, '.search-panel__hits [role="option"]');
      const href = (await hit.getAttribute('href'))!;
      await hit.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.locator('h1').waitFor();

      await page.goBack();
      await page.waitForURL(`${siteUrl()}/`);
      await expect.poll(() => box.inputValue()).toBe('dupont');
      await expect.poll(() => panelHits(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(shown);
      expect(await box.isVisible()).toBe(true);
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}search-back-${kind}.png` });
      // Read once: a reload afterwards is a new start, the box empty (and hidden, on a phone).
      await page.reload();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#recherche-rapide-q').inputValue()).toBe('');
      expect(await page.locator('.search-panel').count()).toBe(0);
      await ctx.close();
    });
  }
});
