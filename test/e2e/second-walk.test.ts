import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, islandLive, launch, resetAccount, SCREENSHOTS, setWhatsappOptIn, signInFromHome, siteUrl, upstreamUrl } from './browser';

// Issue 30, item 10: what covered what. The header over the answer of a form sent without
// JavaScript; the floating « Contactez-nous » over a date, a table's last cell or a footer link;
// the contact window's « × » scrolled away on a phone; the profile window's required fields
// unmarked; the WhatsApp opt-in silent about the number it will use. At 1280 and 375 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** Whether the floating button is on screen and can be hit. */
/** How many characters of an element's text are on screen, not cut by its box (an ellipsis, a line clamp). */
const visibleCharacters = (locator: Locator) =>
  locator.evaluate((el) => {
    const frame = el.getBoundingClientRect();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let shown = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node as Text).length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const b = range.getBoundingClientRect();
        if (b.width > 0 && b.bottom <= frame.bottom + 1 && b.right <= frame.right + 1) shown++;
      }
    }
    return shown;
  });
const fabShown = (page: Page) =>
  page
    .locator('.contact-fab')
    .evaluate((el) => getComputedStyle(el.closest('.contact-fab-zone')!).visibility !== 'hidden' && getComputedStyle(el).opacity !== '0');

describe('the answer of a form sent without JavaScript is not under the header (item 10)', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`the error summary's heading shows whole below the header (${size})`, async () => {
      const ctx = await context(browser, size, { javaScriptEnabled: false });
      const page = await ctx.newPage();
      await page.goto(`${siteUrl()}/contact`);
      await page.locator('form.cf7-form').getByRole('button', { name: 'Envoyer' }).click();
      await page.waitForURL(/#envoi-contactez-nous$/);
      const heading = page.locator('.error-summary h3');
      const header = await box(page.locator('.header'));
      const title = await box(heading);
      expect(title.y).toBeGreaterThanOrEqual(Math.max(0, header.y + header.height));
      expect(title.y + title.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await page.screenshot({ path: `${SCREENSHOTS}second-walk-no-js-answer-${size}.png` });
      await ctx.close();
    });
  }
});

describe('the floating « Contactez-nous » steps aside (item 10)', () => {
  it('while the reader scrolls down an article on a phone, over its table’s last cell; back when scrolling up', async () => {
    const articles = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{
      link: string;
      blocks: string[];
      redirection: string;
    }>;
    const withTable = articles.find((a) => a.blocks.includes('table') && !a.redirection)!;
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + withTable.link, { waitUntil: 'networkidle' });
    const refuse = page.getByRole('button', { name: 'Tout refuser' });
    if (await refuse.isVisible()) await refuse.click();
    await islandLive(page, '.contact-fab');
    expect(await fabShown(page)).toBe(true);
    // Scrolled down, as a reader does, until the table's last cell is at the bottom of the screen.
    const cell = page.locator('.article-table td').last();
    const target = (await cell.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY)) - page.viewportSize()!.height + 20;
    for (let y = await page.evaluate(() => window.scrollY); y < target; y += 200) {
      await page.mouse.wheel(0, Math.min(200, target - y));
      await page.waitForTimeout(60);
    }
    await expect.poll(() => fabShown(page)).toBe(false);
    const fab = await box(page.locator('.contact-fab'));
    expect(overlap(fab, await box(cell)) && (await fabShown(page))).toBe(false);
    await page.screenshot({ path: `${SCREENSHOTS}second-walk-fab-table-mobile.png` });
    await page.mouse.wheel(0, -300);
    await expect.poll(() => fabShown(page)).toBe(true);
    await ctx.close();
  });

  it('without JavaScript it is a link after the footer, over nothing (mobile)', async () => {
    const ctx = await context(browser, 'mobile', { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${siteUrl()}/mentions-legales`);
    const fab = await box(page.locator('.contact-fab'));
    const footer = await page.locator('.footer').evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    const fabTop = await page.locator('.contact-fab').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(fabTop).toBeGreaterThanOrEqual(footer);
    expect(await page.locator('.contact-fab').getByText('Contactez-nous').isVisible()).toBe(true);
    expect(fab.width).toBeGreaterThan(0);
    await ctx.close();
  });
});

describe('windows (item 10)', () => {
  it('the contact window’s « × » stays on screen as its long form scrolls on a phone', async () => {
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
    const refuse = page.getByRole('button', { name: 'Tout refuser' });
    if (await refuse.isVisible()) await refuse.click();
    await islandLive(page, '.contact-fab');
    await page.locator('.contact-fab').click();
    const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
    await dialog.locator('form').waitFor();
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(200);
    const close = dialog.getByRole('button', { name: 'Fermer' });
    const b = await box(close);
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await page.screenshot({ path: `${SCREENSHOTS}second-walk-contact-close-mobile.png` });
    await close.click();
    await dialog.waitFor({ state: 'hidden' });
    await ctx.close();
  });

  it('the profile window marks its required fields (desktop)', async () => {
    const { ctx, page } = await signInFromHome(browser, 'desktop', 'attente@example.fr');
    const dialog = page.getByRole('dialog', { name: 'Complétez votre profil de journaliste' });
    await dialog.waitFor();
    expect(await dialog.getByText('Les champs marqués d’un astérisque (*) sont obligatoires.').isVisible()).toBe(true);
    expect(
      await dialog
        .locator('label', { has: page.locator('select[name="fonction"]') })
        .locator('.form__required')
        .textContent(),
    ).toBe(' *');
    expect(
      await dialog
        .locator('label', { has: page.locator('input[name="media_temporaire"]') })
        .locator('.form__required')
        .textContent(),
    ).toBe(' *');
    expect(await dialog.getByLabel('Fonction').count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}second-walk-profile-window-desktop.png` });
    await ctx.close();
  });

  for (const size of ['desktop', 'mobile'] as const) {
    it(`the WhatsApp opt-in says which number it will use (${size})`, async () => {
      const { ctx, page } = await signInFromHome(browser, size, 'journaliste@example.fr');
      try {
        await setWhatsappOptIn(ctx, false);
        await page.goto(`${siteUrl()}/espace-presse?optin_whatsapp=open`, { waitUntil: 'networkidle' });
        const dialog = page.getByRole('dialog', { name: 'Recevez les dernières actualités sur WhatsApp' });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(
          'Les actualités vous seront envoyées au 06\u00a012\u00a034\u00a056\u00a078, le numéro de mobile de votre compte FFR.',
        );
        await page.screenshot({ path: `${SCREENSHOTS}second-walk-whatsapp-number-${size}.png` });
        await dialog.getByRole('button', { name: 'Plus tard' }).click();
        expect(await page.locator('#optin-whatsapp-numero').textContent()).toContain('06\u00a012\u00a034\u00a056\u00a078');
      } finally {
        await ctx.close();
        await resetAccount('journaliste@example.fr');
      }
    });
  }
});

describe('polish (item 12)', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`an event page: « S’accréditer » on a line of its own, the practical box before the description on a phone (${size})`, async () => {
      const events = (await (await fetch(`${upstreamUrl()}/wp-json/ffr/v1/future_events?ends_after=2000-01-01T00:00:00`)).json()) as Array<{
        slug: string;
        accreditation: { deadline: string } | null;
        description: string;
      }>;
      const now = Date.parse(((await (await fetch(`${upstreamUrl()}/__control/clock`)).json()) as { now: string }).now);
      const open = events.find((e) => e.accreditation && Date.parse(e.accreditation.deadline) > now && e.description)!;
      const ctx = await context(browser, size);
      const page = await ctx.newPage();
      await page.goto(`${siteUrl()}/evenements/${open.slug}`, { waitUntil: 'networkidle' });
      const block = page.locator('.event-page__accreditation');
      const sentence = await box(block.locator('p'));
      const button = await box(block.getByRole('link', { name: 'S’accréditer' }));
      expect(button.y).toBeGreaterThanOrEqual(sentence.y + sentence.height);
      const aside = await box(page.getByRole('complementary', { name: 'Informations pratiques' }));
      const text = await box(page.locator('.event-page__text'));
      if (size === 'mobile') expect(aside.y + aside.height).toBeLessThanOrEqual(text.y);
      else expect(aside.x).toBeGreaterThan(text.x + text.width);
      await page.screenshot({ path: `${SCREENSHOTS}second-walk-event-${size}.png`, fullPage: true });
      await ctx.close();
    });
  }

  it('the top bar: the headline keeps room to be read beside the WhatsApp invitation; « Saisir la C3PR » is no red button (1280 px)', async () => {
    const { ctx, page } = await signInFromHome(browser, 'desktop', 'journaliste@example.fr');
    try {
      await setWhatsappOptIn(ctx, false);
      await page.reload({ waitUntil: 'networkidle' });
      await page.locator('.whatsapp-banner').waitFor();
      const news = page.locator('.topbar__news');
      // Some forty characters at least (« Test-mat… » was eight).
      expect(await visibleCharacters(news)).toBeGreaterThanOrEqual(40);
      const c3pr = await page.locator('.topbar__c3pr').evaluate((el) => getComputedStyle(el).backgroundColor);
      const accredit = await page.locator('.header__accredit').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(c3pr).toBe('rgba(0, 0, 0, 0)');
      expect(accredit).not.toBe(c3pr);
      await page.locator('.topbar').screenshot({ path: `${SCREENSHOTS}second-walk-topbar-desktop.png` });
    } finally {
      await ctx.close();
      await resetAccount('journaliste@example.fr');
    }
  });

  it('the top bar on a phone: the headline on two lines, not a few letters (375 px)', async () => {
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
    expect(await visibleCharacters(page.locator('.topbar__news'))).toBeGreaterThanOrEqual(40);
    await page.locator('.topbar').screenshot({ path: `${SCREENSHOTS}second-walk-topbar-mobile.png` });
    await ctx.close();
  });

  it('the press office’s number on the contact page dials it (375 px)', async () => {
    const ctx = await context(browser, 'mobile');
    const page = await ctx.newPage();
    await page.goto(`${siteUrl()}/contact`, { waitUntil: 'networkidle' });
    const office = page.locator('section.page-bloc', { has: page.getByRole('heading', { name: 'Service de presse' }) });
    const tel = office.locator('a[href^="tel:"]');
    expect(await tel.count()).toBe(1);
    expect(await tel.getAttribute('href')).toMatch(/^tel:\+?\d{9,12}$/);
    expect(await tel.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
    await ctx.close();
  });

  for (const size of ['desktop', 'mobile'] as const) {
    it(`an article: no empty row above its picture for a reader who is not signed in (${size})`, async () => {
      const articles = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{
        link: string;
        redirection: string;
        illustration: unknown;
      }>;
      const article = articles.find((a) => a.illustration && !a.redirection)!;
      const ctx = await context(browser, size);
      const page = await ctx.newPage();
      await page.goto(siteUrl() + article.link, { waitUntil: 'networkidle' });
      const dates = await box(page.locator('.article__dates'));
      const picture = await box(page.locator('.article__illustration'));
      expect(picture.y - (dates.y + dates.height)).toBeLessThanOrEqual(32);
      await ctx.close();
    });
  }
});

/** The text a reader sees or hears in the page as the browser shows it now, islands and windows included, that breaks French typography. */
const typographyFaults = (page: Page) =>
  page.evaluate(() => {
    const fault = / [?!;:»]|« /;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.closest('script, style, template')) continue;
        for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
          const value = node.getAttribute(name);
          if (value && fault.test(value)) found.push(`${name}: ${value}`);
        }
      } else if (!node.parentElement?.closest('script, style, template') && fault.test(node.textContent ?? ''))
        found.push((node.textContent ?? '').trim().slice(0, 80));
    }
    return found;
  });

describe('French typography in what the islands show (item 11)', () => {
  it('the search panel, the contact window, the menus, the journalist windows, at 1280 and 375 px', async () => {
    const found: string[] = [];
    for (const size of ['desktop', 'mobile'] as const) {
      const ctx = await context(browser, size);
      const page = await ctx.newPage();
      await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
      found.push(...(await typographyFaults(page)));
      const refuse = page.getByRole('button', { name: 'Tout refuser' });
      if (await refuse.isVisible()) await refuse.click();
      await islandLive(page, '.contact-fab');
      if (size === 'mobile') {
        await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
        found.push(...(await typographyFaults(page)));
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Rechercher' }).click();
      }
      const box = page.getByRole('combobox');
      await box.click();
      for (const query of ['dupont', 'equpe']) {
        await box.fill(query);
        await page.waitForTimeout(800);
        found.push(...(await typographyFaults(page)));
      }
      await page.keyboard.press('Escape');
      await page.goto(`${siteUrl()}/evenements`, { waitUntil: 'networkidle' });
      await islandLive(page, '.contact-fab');
      await page.locator('.contact-fab').click();
      await page.getByRole('dialog', { name: 'Contactez-nous' }).locator('form').waitFor();
      found.push(...(await typographyFaults(page)));
      await ctx.close();
    }
    for (const [email, dialog] of [
      ['nouveau@example.fr', 'Êtes-vous journaliste'],
      ['attente@example.fr', 'Complétez votre profil de journaliste'],
    ] as const) {
      const { ctx, page } = await signInFromHome(browser, 'desktop', email);
      await page.getByRole('dialog', { name: new RegExp(dialog) }).waitFor();
      found.push(...(await typographyFaults(page)));
      await ctx.close();
    }
    const { ctx, page } = await signInFromHome(browser, 'desktop', 'journaliste@example.fr');
    try {
      await setWhatsappOptIn(ctx, false);
      await page.goto(`${siteUrl()}/espace-presse?optin_whatsapp=open`, { waitUntil: 'networkidle' });
      await page.getByRole('dialog', { name: 'Recevez les dernières actualités sur WhatsApp' }).waitFor();
      found.push(...(await typographyFaults(page)));
      await page.getByRole('button', { name: 'Plus tard' }).click();
      await page.locator('.user-menu__toggle').click();
      found.push(...(await typographyFaults(page)));
    } finally {
      await ctx.close();
      await resetAccount('journaliste@example.fr');
    }
    expect([...new Set(found)]).toEqual([]);
  });
});
