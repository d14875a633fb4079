import { request as httpRequest } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, SCREENSHOTS, siteUrl } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('home page in Chromium', () => {
  it('arrives compressed once over HTTP, revalidates with 304, and its assets too', async () => {
    // Through wrangler dev's real HTTP server: the runtime does the encoding named by the worker.
    let res = await fetch(siteUrl() + '/', { headers: { 'accept-encoding': 'gzip' } });
    for (let i = 0; i < 40 && res.headers.get('x-ffr-cache') !== 'HIT'; i++) {
      await res.arrayBuffer();
      await new Promise((ok) => setTimeout(ok, 100));
      res = await fetch(siteUrl() + '/', { headers: { 'accept-encoding': 'gzip' } });
    }
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    const etag = res.headers.get('etag')!;
    expect((await fetch(siteUrl() + '/', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const css = html.match(/href="(\/assets\/site-[^"]+\.css)"/)![1];
    const asset = await fetch(siteUrl() + css);
    await asset.arrayBuffer();
    const assetTag = asset.headers.get('etag');
    expect(assetTag).toBeTruthy();
    expect((await fetch(siteUrl() + css, { headers: { 'if-none-match': assetTag! } })).status).toBe(304);
  });

  it('sends plain bytes to a client that asks for no encoding (curl without --compressed)', async () => {
    // node:http sends no Accept-Encoding of its own (fetch would add gzip, deflate, br).
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const req = httpRequest(siteUrl() + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/rss.xml', '/']) {
      const plain = await get(path);
      expect(plain.encoding, path).toBeUndefined();
      expect(plain.body.toString('utf8').slice(0, 15), path).toMatch(/^<(\?xml|!DOCTYPE)/);
    }
    expect((await get('/rss.xml', { 'accept-encoding': 'gzip' })).encoding).toBe('gzip');
  });

  it('renders at 1280 px with the desktop menu and seeded articles', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const res = await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
    expect(await page.locator('.header__nav').isVisible()).toBe(true);
    expect(await page.locator('.burger').isVisible()).toBe(false);
    expect(await page.locator('.card').count()).toBeGreaterThan(8);
    expect(await page.getByPlaceholder('Que recherchez-vous\u00a0?').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}home-desktop.png`, fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('hydrates the burger island at 375 px: opens, goes two levels deep, closes on Escape', async () => {
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    const burger = page.locator('.burger');
    expect(await burger.isVisible()).toBe(true);
    expect(await page.locator('#menu-mobile').isHidden()).toBe(true);

    await burger.click();
    const menu = page.locator('#menu-mobile');
    await menu.waitFor({ state: 'visible' });
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}home-mobile-menu.png` });

    await menu.locator('.mobile-menu__next').first().click();
    await menu.getByRole('button', { name: 'Retour' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Tout voir' }).isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('burger'))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}home-mobile.png`, fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('stays readable and navigable with JavaScript off', async () => {
    const ctx = await context(browser, 'mobile', { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/');
    expect(await page.locator('.card').count()).toBeGreaterThan(8);
    expect(await page.locator('#footer-categories a').count()).toBeGreaterThan(5);
    await ctx.close();
  });
});
