import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, liveAnswer, SCREENSHOTS, siteUrl, type viewports } from './browser';

// The players index in search: a reader types a player's name in the header's search box, sees
// the « Joueurs » group above the articles and lands on the team page at that player’s card.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openHome(kind: keyof typeof viewports) {
  const ctx = await context(browser, kind);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Every search the browser sends to Algolia, as the index names of its multi-query body.
  const searches: string[][] = [];
  page.on('request', (r) => {
    if (decodeURIComponent(new URL(r.url()).pathname) !== '/1/indexes/*/queries') return;
    const body = JSON.parse(r.postData() ?? '{}') as { requests?: Array<{ indexName: string; query?: string }> };
    searches.push((body.requests ?? []).map((q) => `${q.indexName}:${q.query ?? ''}`));
  });
  await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  return { ctx, page, errors, searches };
}

const playersGroup = (page: Page) => page.getByRole('listbox', { name: 'Joueurs' });

/** The card the address points at, on screen below the header. */
async function expectOnCard(page: Page, anchor: string) {
  await page.waitForURL(`**/equipes-de-france/*#${anchor}`);
  const card = page.locator(`#${anchor}`);
  await card.waitFor();
  expect(await card.evaluate((el) => el.matches(':target'))).toBe(true);
  await expect
    .poll(() =>
      card.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    )
    .toBe(true);
}

/** Where an element is on the screen, and whether all of it is inside the viewport. */
async function onScreen(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, visible: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0 };
    });
}

describe('players in the live search', () => {
  it('shows « Thomas Ramos » for « ramos » at 1280 px, above the articles, asked with them, and clicks through to his card', async () => {
    const { ctx, page, errors, searches } = await openHome('desktop');
    const box = page.getByRole('combobox');
    await box.click();
    await box.pressSequentially('ramos', { delay: 40 });
    await liveAnswer(page);
    const group = playersGroup(page);
    await group.waitFor();
    const ramos = group.getByRole('option', { name: /Thomas Ramos/ });
    expect(await ramos.locator('mark').textContent()).toBe('Ramos');
    expect(await ramos.locator('.search-panel__role').textContent()).toBe('Arrière · XV de France');
    expect(await ramos.getAttribute('href')).toBe('/equipes-de-france/xv-de-france-equipe#joueur-thomas-ramos');
    expect(await page.locator('.search-panel__hits [role="option"]').count()).toBeGreaterThan(0);
    // Above the articles, as on a phone.
    const articles = (await page.locator('.search-panel__articles').boundingBox())!;
    const players = (await page.locator('.search-panel__players').boundingBox())!;
    expect(players.y + players.height).toBeLessThanOrEqual(articles.y + 1);
    // The articles and the players of « ramos » came in one request, as every query typed.
    const typed = searches.filter((s) => s.some((q) => q.endsWith(':ramos')));
    expect(typed).toEqual([['newsroom_pp:ramos', 'joueurs_pp:ramos']]);
    expect(searches.every((s) => s.length === 1 || s.length === 2)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}search-players-panel-desktop.png` });

    await ramos.click();
    await expectOnCard(page, 'joueur-thomas-ramos');
    expect(await page.locator('#joueur-thomas-ramos .player__name').textContent()).toContain('Thomas Ramos');
    await page.screenshot({ path: `${SCREENSHOTS}search-players-team-card-desktop.png` });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('reaches the players first with the arrows at 375 px, above the articles, and follows one with Enter', async () => {
    const { ctx, page, errors } = await openHome('mobile');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const box = page.getByRole('combobox');
    await box.waitFor();
    await box.pressSequentially('Lucu', { delay: 40 });
    await liveAnswer(page);
    const group = playersGroup(page);
    await group.waitFor();
    const first = group.getByRole('option').first();
    expect(await first.locator('.search-panel__name').textContent()).toBe('Maxime Lucu');
    // Above the articles at this width too.
    const articles = (await page.locator('.search-panel__articles').boundingBox())!;
    const players = (await group.boundingBox())!;
    expect(players.y + players.height).toBeLessThanOrEqual(articles.y + 1);
    await page.screenshot({ path: `${SCREENSHOTS}search-players-panel-mobile.png` });

    // The reading order is the arrows' order: the first ArrowDown reaches the first player.
    await box.press('ArrowDown');
    const firstId = await first.getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect((await box.getAttribute('aria-controls'))!.split(' ')).toContain(await group.getAttribute('id'));
    await box.press('Enter');
    await expectOnCard(page, 'joueur-maxime-lucu');
    await page.screenshot({ path: `${SCREENSHOTS}search-players-team-card-mobile.png` });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  for (const [kind, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 375, height: 800 }],
  ] as const) {
    it(`puts « Antoine Dupont » first for « dupont » at ${viewport.width}×${viewport.height}, the first article still on screen`, async () => {
      const ctx = await context(browser, kind, { viewport });
      const page = await ctx.newPage();
      await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Tout refuser' }).click();
      if (kind === 'mobile') await page.getByRole('button', { name: 'Rechercher' }).click();
      const box = page.getByRole('combobox');
      await box.click();
      await box.pressSequentially('dupont', { delay: 40 });
      await liveAnswer(page);
      const player = playersGroup(page).getByRole('option', { name: /Antoine Dupont/ });
      await player.waitFor();
      await page.locator('.search-panel__hits [role="option"]').first().waitFor();
      // The player card and the first article hit, both whole on the screen, the player above.
      const card = await onScreen(page, '#recherche-rapide-players-0');
      const hit = await onScreen(page, '.search-panel__hits [role="option"]');
      expect(card.visible).toBe(true);
      expect(hit.visible).toBe(true);
      expect(card.bottom).toBeLessThanOrEqual(hit.top);
      await page.screenshot({ path: `${SCREENSHOTS}search-dupont-panel-${kind}.png` });

      // On the results page too: the players first, then the articles, whose first card shows.
      await page.goto(siteUrl() + '/recherche?query=dupont');
      const names = await page.locator('.search-player__name').allTextContents();
      expect(names).toEqual(['Antoine Dupont']);
      const players = await onScreen(page, '.search-players');
      const article = await onScreen(page, '#resultats .card');
      expect(players.bottom).toBeLessThanOrEqual(article.top);
      expect(article.top).toBeLessThan(viewport.height);
      await page.screenshot({ path: `${SCREENSHOTS}search-dupont-page-${kind}.png` });
      await ctx.close();
    });
  }
});

describe('players on /recherche', () => {
  for (const kind of ['desktop', 'mobile'] as const) {
    it(`lists the players of « menager » without JavaScript at ${kind === 'desktop' ? 1280 : 375} px, each card a link to the team page`, async () => {
      const ctx = await context(browser, kind, { javaScriptEnabled: false });
      const page = await ctx.newPage();
      await page.goto(siteUrl() + '/recherche?query=menager');
      const section = page.getByRole('region', { name: 'Joueurs' });
      expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe('Joueurs');
      const names = await section.locator('.search-player__name').allTextContents();
      expect([...names].sort()).toEqual(['Marine Ménager', 'Romane Ménager']);
      expect(await page.locator('.search-empty strong').textContent()).toBe('Aucun article pour «\u00a0menager\u00a0».');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}search-players-page-${kind}.png`, fullPage: kind === 'mobile' });
      // With articles too: the players come first, the articles' count and sort right after them.
      await page.goto(siteUrl() + '/recherche?query=lucu');
      expect(await page.locator('.search-player__name').first().textContent()).toBe('Maxime Lucu');
      expect(await page.locator('#resultats .card').count()).toBeGreaterThan(0);
      expect(await page.locator('.search-players ~ .search-page__bar').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}search-players-with-articles-${kind}.png`, fullPage: true });
      await page.goto(siteUrl() + '/recherche?query=menager');
      // The whole card is the link's target: a click on it, away from the name, follows the link.
      const card = section.locator('.search-player', { hasText: 'Romane Ménager' });
      const href = (await card.getByRole('link').getAttribute('href'))!;
      expect(href).toMatch(/^\/equipes-de-france\/[\w-]+#joueur-romane-menager$/);
      const photo = (await card.locator('.search-player__photo').boundingBox())!;
      await page.mouse.click(photo.x + photo.width / 2, photo.y + photo.height / 2);
      await expectOnCard(page, href.split('#')[1]!);
      await ctx.close();
    });
  }
});
