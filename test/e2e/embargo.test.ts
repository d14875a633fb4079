import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { context, launch, SCREENSHOTS, siteUrl, throughProvider, upstreamUrl } from './browser';

// The embargo journey (issue 29): the press office shares a scheduled post from WordPress, a
// journalist opens the link, signs in, reads it under embargo; once WordPress publishes the post,
// the same link leads to the public article.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Summary = { id: number; title: string; link: string; status: string };
const control = async <T>(path: string, body?: unknown): Promise<T> =>
  (
    await fetch(
      `${upstreamUrl()}/__control${path}`,
      body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    )
  ).json() as Promise<T>;

describe('embargo links in Chromium', () => {
  // The local upstream has two scheduled posts: each journey takes the next one and publishes it.
  for (const size of ['desktop', 'mobile'] as const) {
    it(`${size}: shared → the journalist signs in and reads it under embargo → published, the link leads to the article`, async () => {
      const post = (await control<Summary[]>('/articles')).find((a) => a.status === 'future')!;
      // « Lien sous embargo » in WordPress: what the press office copies into its e-mail.
      const { link } = await control<{ link: string }>('/links', { id: post.id, purpose: 'embargo' });
      const path = new URL(link).pathname + new URL(link).search;

      const ctx = await context(browser, size);
      const page = await ctx.newPage();
      await page.goto(siteUrl() + path, { waitUntil: 'networkidle' });
      const refuse = page.getByRole('button', { name: 'Tout refuser' });
      if (await refuse.isVisible()) await refuse.click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('Contenu sous embargo');
      expect(await page.content()).not.toContain(post.title);
      await page.getByRole('link', { name: 'Se connecter' }).last().click();
      await throughProvider(page, 'journaliste@example.fr', path);
      const notice = page.locator('.article__notice--embargo');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/^Sous embargo jusqu’au \d{1,2}(er)? \S+ à \d{1,2}h\d{2} — ne pas publier avant$/);
      expect(await page.locator('h1').textContent()).toBe(post.title);
      await page.screenshot({ path: `${SCREENSHOTS}embargo-${size}.png` });

      // WordPress publishes it (its date comes): the link now leads to the public article.
      await control('/publish', { id: post.id, status: 'publish' });
      await page.goto(siteUrl() + path, { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe(post.link);
      expect(await page.locator('.article__notice').count()).toBe(0);
      expect(await page.locator('h1').textContent()).toBe(post.title);
      await ctx.close();
    });
  }
});
