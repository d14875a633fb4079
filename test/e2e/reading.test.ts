import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, onSiteArticleLink, SCREENSHOTS, siteUrl } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('reading in Chromium', () => {
  it('browses a category, its page 2 without JavaScript, and « Voir plus » with it', async () => {
    const noJs = await context(browser, 'desktop', { javaScriptEnabled: false });
    let page = await noJs.newPage();
    await page.goto(siteUrl() + '/categories/xv-de-france');
    expect(await page.locator('#liste-contenus > .card').count()).toBe(4);
    await page.getByRole('link', { name: 'Suivant ›' }).click();
    await page.waitForURL(/page=2/);
    expect(await page.locator('#liste-contenus > .card').count()).toBe(4);
    await noJs.close();

    const ctx = await context(browser, 'mobile');
    page = await ctx.newPage();
    await page.goto(siteUrl() + '/categories/xv-de-france', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    const before = await page.locator('#liste-contenus > .card').allTextContents();
    await page.getByRole('link', { name: 'Voir plus' }).click();
    await expect.poll(() => page.locator('#liste-contenus > .card').count()).toBe(8);
    const after = await page.locator('#liste-contenus > .card').allTextContents();
    expect(after.slice(0, 4)).toEqual(before);
    expect(new Set(after).size).toBe(8);
    // The address is the page reached (issue 18: Back finds the list as it was).
    expect(page.url()).toContain('page=2');
    await page.screenshot({ path: `${SCREENSHOTS}category-mobile.png` });
    await ctx.close();
  });

  it('opens an article from its card; its tag chips lead to the search', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/categories/xv-de-france', { waitUntil: 'networkidle' });
    const card = await onSiteArticleLink(page, '#liste-contenus .card__title a');
    const title = (await card.textContent())!;
    await card.click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('h1').textContent()).toBe(title);
    expect(await page.locator('.article__dates').textContent()).toMatch(/^Publié le \S+ \d{1,2}(er)? \S+ \d{4} à \d{2}h\d{2}/);
    await page.screenshot({ path: `${SCREENSHOTS}article-desktop.png`, fullPage: true });
    const chip = page.locator('.article__tags a').first();
    const name = (await chip.textContent())!;
    const href = (await chip.getAttribute('href'))!;
    expect(href).toMatch(/^\/recherche\?post_tags=/);
    expect(decodeURIComponent(href.split('=')[1]!).toLocaleUpperCase('fr-FR')).toBe(name);
    await ctx.close();
  });

  it('downloads an event’s calendar file', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/evenements', { waitUntil: 'networkidle' });
    await page.locator('.event__title a').first().click();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SCREENSHOTS}event-desktop.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Ajouter à mon calendrier' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('BEGIN:VEVENT');
    expect(text.split('BEGIN:VEVENT').length - 1).toBe(1);
    await ctx.close();
  });

  it('downloads a press kit zip that opens with the article’s files', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/categories/xv-de-france', { waitUntil: 'networkidle' });
    await (await onSiteArticleLink(page, '#liste-contenus .card__title a')).click();
    await page.waitForLoadState('networkidle');
    const kit = page.getByRole('link', { name: 'Télécharger le kit presse' });
    const [download] = await Promise.all([page.waitForEvent('download'), kit.click()]);
    const path = (await download.path())!;
    const listing = execFileSync('python3', ['-c', 'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("\\n".join(i.filename for i in z.infolist()))', path], { encoding: 'utf8' });
    const names = listing.trim().split('\n');
    expect(names).toContain('LISEZMOI.txt');
    expect(names.length).toBeGreaterThanOrEqual(2);
    await ctx.close();
  });
});
