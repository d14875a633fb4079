import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, islandLive, launch, SCREENSHOTS, siteUrl, upstreamUrl } from './browser';

// From an article's author card to the author's page, in Chromium, at desktop and phone widths.

type ArticleSummary = { slug: string; link: string; redirection: string };
type Auteur = { id: number; nom: string; role_edition: string };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const upstreamJson = async <T>(path: string): Promise<T> => (await (await fetch(`${upstreamUrl()}${path}`)).json()) as T;

/** An on-site article whose author signed more than one page of posts (so « Voir plus » has work). */
async function articleOfBusyAuthor(): Promise<{ article: ArticleSummary; auteur: Auteur; total: number }> {
  const articles = (await upstreamJson<ArticleSummary[]>('/__control/articles?status=publish')).filter((a) => !a.redirection);
  for (const article of articles.slice(0, 20)) {
    const [post] = await upstreamJson<Array<{ auteur: Auteur }>>(`/wp-json/ffr/v1/posts?slug=${article.slug}`);
    const res = await fetch(`${upstreamUrl()}/wp-json/ffr/v1/posts?author[]=${post!.auteur.id}&per_page=1`);
    const total = Number(res.headers.get('x-wp-total'));
    if (total > 4) return { article, auteur: post!.auteur, total };
  }
  throw new Error('no author with more than 4 posts among the newest articles');
}

/** Every image of the page decoded (lazy ones included), for a screenshot. */
async function imagesLoaded(page: Page) {
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  });
}

/** The consent banner (shown once its island is hydrated) answered, as a returning reader has. */
async function refuseTracking(page: Page) {
  await page.getByRole('button', { name: 'Tout refuser' }).click();
}

describe('author pages in Chromium', () => {
  it('goes from an article’s author card to the author’s page, and grows its list with « Voir plus »', async () => {
    const { article, auteur, total } = await articleOfBusyAuthor();
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + article.link);
    await refuseTracking(page);

    const card = page.locator('.author-card');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SCREENSHOTS}author-card-link.png` });
    await card.getByRole('link', { name: auteur.nom }).click();
    await page.waitForURL(/\/auteurs\/[a-z0-9_-]+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(auteur.nom);
    expect(await page.locator('.author-head__role').textContent()).toBe(auteur.role_edition);
    expect(await page.locator('.author-card__contacts a[href^="mailto:"]').count()).toBe(1);
    expect(await page.locator('#liste-contenus > .card').count()).toBe(4);
    // The article we came from is among their posts, or further down their list.
    expect(await page.locator('.category-head__count').textContent()).toBe(`${total} contenus`);
    await imagesLoaded(page);
    await page.screenshot({ path: `${SCREENSHOTS}author-desktop.png`, fullPage: true });

    // « Voir plus » appends with JavaScript once its island is hydrated (before, it is a link to page 2).
    await islandLive(page, '.load-more a');
    await page.getByRole('link', { name: 'Voir plus' }).click();
    await expect.poll(() => page.locator('#liste-contenus > .card').count()).toBe(Math.min(8, total));
    expect(page.url()).toContain('page=2');
    expect(await page.locator('.category-head__count').textContent()).toContain('page 2 sur');
    await ctx.close();
  });

  it('reads well on a phone: the profile above, then the cards one under the other', async () => {
    const { article, auteur } = await articleOfBusyAuthor();
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + article.link);
    await refuseTracking(page);
    const href = await page.locator('.author-card__name a').getAttribute('href');
    await page.goto(siteUrl() + href);
    expect(await page.locator('h1').textContent()).toBe(auteur.nom);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const [avatar, title] = await Promise.all([
      page.locator('.author-head .author-card__avatar').boundingBox(),
      page.locator('.author-head h1').boundingBox(),
    ]);
    expect(avatar!.y + avatar!.height).toBeLessThanOrEqual(title!.y);
    await imagesLoaded(page);
    await page.screenshot({ path: `${SCREENSHOTS}author-mobile.png`, fullPage: true });
    await page.screenshot({ path: `${SCREENSHOTS}author-mobile-top.png` });
    await ctx.close();
  });
});
