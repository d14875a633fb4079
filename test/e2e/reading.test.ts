import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPurge } from '../support/purge';
import { context, isIslandLive, launch, onSiteArticleLink, SCREENSHOTS, siteUrl, upstreamUrl } from './browser';

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

  it('fetches the next page ahead once its link comes within 200 px of the viewport, before any click (SPEC §9)', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    const fetchedAhead: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() !== 'document') fetchedAhead.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    // Something near the top is fetched ahead once the page is idle…
    await expect.poll(() => page.locator('link[rel="prefetch"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // …but not a link far below the fold: the first article link more than 400 px under the viewport.
    const far = await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/categories/"]')];
      const near = new Set(links.filter((a) => a.getBoundingClientRect().top <= innerHeight + 400).map((a) => a.href));
      const link = links.find((a) => a.getBoundingClientRect().top > innerHeight + 400 && !near.has(a.href));
      if (!link) return null;
      link.dataset.test = 'far';
      return { path: new URL(link.href).pathname, top: link.getBoundingClientRect().top + scrollY };
    });
    expect(far).not.toBeNull();
    expect(fetchedAhead).not.toContain(far!.path);
    // Brought to 100 px under the viewport's bottom edge: fetched ahead, with no click.
    await page.evaluate((top) => scrollTo(0, top - innerHeight - 100), far!.top);
    await expect.poll(() => fetchedAhead.includes(far!.path), { timeout: 10_000 }).toBe(true);
    expect(await page.locator(`link[rel="prefetch"][href$="${far!.path}"]`).count()).toBe(1);
    await page.locator('[data-test="far"]').click();
    await page.waitForURL((url) => url.pathname === far!.path);
    expect(await page.locator('h1').count()).toBe(1);
    // Searches are never fetched ahead: each would be a paid search query nobody may read.
    expect(fetchedAhead.filter((path) => path.startsWith('/recherche'))).toEqual([]);
    await ctx.close();
  });

  it('tells a reader who keeps the home page open about a post published since, a minute later (SPEC §9)', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    // The page's clock is ours: the minute between two checks passes at once.
    await page.clock.install();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    await expect.poll(async () => (await page.clock.runFor(1000), isIslandLive(page, '.new-posts'))).toBe(true);
    const toast = page.locator('.new-posts__bar');
    await page.clock.runFor(61_000);
    expect(await toast.count()).toBe(0);

    const title = 'Le XV de France dévoile son groupe pour le Tournoi des Six Nations';
    const published = (await (
      await fetch(`${upstreamUrl()}/__control/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ create: { title, categorySlug: 'xv-de-france' } }),
      })
    ).json()) as {
      post: { link: string };
      purge: { body: string; signature: string; timestamp: string; delivered: { status?: number } | null };
    };
    try {
      expect(published.purge.delivered).toMatchObject({ status: 200 });
      const checked = page.waitForResponse((r) => r.url().includes('/api/posts?after='));
      await page.clock.runFor(61_000);
      await checked;
      await expect.poll(() => toast.textContent()).toContain('1 nouvel article publié depuis votre arrivée');
      expect(await toast.getByRole('link', { name: title }).getAttribute('href')).toBe(new URL(published.post.link, 'http://x').pathname);
      await page.screenshot({ path: `${SCREENSHOTS}home-new-posts.png` });
      // On a phone the notice stays clear of the contact button.
      await page.setViewportSize({ width: 375, height: 812 });
      const [notice, fab] = await Promise.all([toast.boundingBox(), page.locator('.contact-fab').boundingBox()]);
      expect(notice!.x + notice!.width).toBeLessThanOrEqual(fab!.x);
      await page.screenshot({ path: `${SCREENSHOTS}home-new-posts-mobile.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await toast.getByRole('button', { name: 'Actualiser la page' }).click();
      await page.waitForLoadState('load');
      expect(await page.locator('main').textContent()).toContain(title);
    } finally {
      // Other tests read the generated content: the post goes, and the site is told again.
      await fetch(`${upstreamUrl()}/__control/reset`, { method: 'POST' });
      // Signed anew: the site takes a signature once.
      await sendPurge(siteUrl(), JSON.parse(published.purge.body));
      await ctx.close();
    }
  });

  it('lays the page out wider above 1280 px, and not at 1280 px (SPEC §9)', async () => {
    const widths: Record<string, number> = {};
    for (const kind of ['desktop', 'wide'] as const) {
      const ctx = await context(browser, kind);
      const page = await ctx.newPage();
      await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
      widths[kind] = await page
        .locator('main .container')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
      if (kind === 'wide') await page.screenshot({ path: `${SCREENSHOTS}home-wide.png` });
      await ctx.close();
    }
    expect(widths.desktop).toBe(1240);
    expect(widths.wide).toBe(1440);
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
    // SPEC §2: a tag's chip filters the search by tag, the category's by category.
    for (const kind of ['post_tags', 'categories']) {
      const chip = page.locator(`.article__tags a[href^="/recherche?${kind}="]`).first();
      const name = (await chip.textContent())!;
      const href = (await chip.getAttribute('href'))!;
      expect(decodeURIComponent(href.split('=')[1]!.replaceAll('+', ' ')).toLocaleUpperCase('fr-FR')).toBe(name);
    }
    await ctx.close();
  });

  it('downloads an event’s calendar file', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/evenements', { waitUntil: 'networkidle' });
    await page.locator('.event__title a').first().click();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SCREENSHOTS}event-desktop.png`, fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Ajouter à mon calendrier' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('BEGIN:VEVENT');
    expect(text.split('BEGIN:VEVENT').length - 1).toBe(1);
    await ctx.close();
  });

  it('downloads a press kit zip that opens with the article’s files', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    // The newest article of the XV de France with media of its own (some have none: no kit link).
    const articles = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{
      link: string;
      redirection: string;
      illustration: string;
      file: string;
      blocks: string[];
    }>;
    const withMedia = articles.find(
      (a) =>
        a.link.startsWith('/categories/xv-de-france/') &&
        !a.redirection &&
        (a.illustration || a.file || a.blocks.some((b) => ['image', 'gallery', 'file'].includes(b))),
    )!;
    await page.goto(siteUrl() + withMedia.link, { waitUntil: 'networkidle' });
    const kit = page.getByRole('link', { name: 'Télécharger le kit presse' });
    const [download] = await Promise.all([page.waitForEvent('download'), kit.click()]);
    const path = (await download.path())!;
    const listing = execFileSync(
      'python3',
      [
        '-c',
        'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("\\n".join(i.filename for i in z.infolist()))',
        path,
      ],
      { encoding: 'utf8' },
    );
    const names = listing.trim().split('\n');
    expect(names).toContain('LISEZMOI.txt');
    expect(names.length).toBeGreaterThanOrEqual(2);
    await ctx.close();
  });
});
