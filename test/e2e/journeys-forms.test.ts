import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, islandLive, launch, resetAccount, SCREENSHOTS, signInAt, siteUrl } from './browser';

// Issue 18, the journeys of a journalist and a reader through the forms: the contact draft, the
// results and errors brought into view with focus, the confirmation summary, the floating button.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// The widths of the issue: 1280 × 900 and 375 × 800.
const SIZES = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 800 },
} as const;
type Size = keyof typeof SIZES;

let visitor = 0;
/** A visitor of its own (cf-connecting-ip): the per-visitor limits on sendings and sign-ins count this test alone. */
async function open(size: Size, options: { javaScriptEnabled?: boolean } = {}): Promise<{ ctx: BrowserContext; page: Page }> {
  visitor += 1;
  const ctx = await context(browser, size, {
    viewport: SIZES[size],
    extraHTTPHeaders: { 'cf-connecting-ip': `198.51.100.${visitor}` },
    ...options,
  });
  return { ctx, page: await ctx.newPage() };
}

async function refuseCookies(page: Page) {
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  await page.getByRole('dialog', { name: 'Vos choix en matière de cookies' }).waitFor({ state: 'detached' });
}

const signIn = (page: Page, path: string) => signInAt(page, 'journaliste@example.fr', path);

/**
 * Until its island is live the floating button is a plain link to /contact (as without JavaScript),
 * and a key pressed on it then follows the link: wait for its island to be live after a navigation.
 */
const hydrated = (page: Page) => islandLive(page, '.contact-fab');

/** Keyboard only: focus an element the way Tab would land on it, then press a key. */
async function press(locator: Locator, key = 'Enter') {
  await locator.focus();
  await locator.page().keyboard.press(key);
}

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      id: el?.id ?? '',
      className: el?.className ?? '',
      name: el?.getAttribute('name') ?? '',
      text: el?.textContent?.trim() ?? '',
    };
  });

/**
 * Once scrolling has stopped: the element's top and its first lines (its heading) are on screen,
 * below the header when that one is stuck or pinned at the top.
 */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  let last = -1;
  for (;;) {
    const y = await page.evaluate(() => window.scrollY + (document.querySelector('dialog[open]')?.scrollTop ?? 0));
    if (y === last) break;
    last = y;
    await page.waitForTimeout(150);
  }
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  if (!box) return false;
  // The header covers the top of the page unless a modal is open (the dialog is above it).
  const top = await page.evaluate(() => {
    if (document.querySelector('dialog[open]')) return 0;
    const header = document.querySelector('header.header')?.getBoundingClientRect();
    return header && header.top <= 0 && header.bottom > 0 ? header.bottom : 0;
  });
  return box.y >= top && box.y + Math.min(box.height, 48) <= view.height;
}

const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}@example.fr`;

async function fillContact(
  scope: Locator,
  email: string,
  message = 'Bonjour, pourrions-nous obtenir les horaires de la conférence de presse ?',
) {
  await scope.getByLabel('Nom', { exact: true }).fill('Durand');
  await scope.getByLabel('Prénom').fill('Alice');
  await scope.getByLabel('Adresse e-mail').fill(email);
  await scope.getByLabel('Sujet').selectOption('Événements');
  await scope.getByLabel('Interview').check();
  await scope.getByLabel('Message').fill(message);
  await scope.getByLabel(/J’accepte/).check();
}

describe('1. the contact modal keeps its draft', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`keeps what was typed when closed, asks first, shares it between both openers and pages, forgets it once sent (${size})`, async () => {
      const { ctx, page } = await open(size);
      await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
      await refuseCookies(page);
      const fab = page.locator('.contact-fab');
      const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });

      // Opened from the floating button with the keyboard, typed into with the keyboard.
      await press(fab);
      await dialog.getByLabel('Message').waitFor();
      await dialog.getByLabel('Nom', { exact: true }).focus();
      await page.keyboard.type('Durand');
      await dialog.getByLabel('Message').focus();
      await page.keyboard.type('Bonjour, une question sur l’accréditation du prochain match.');

      // Escape (desktop) or a tap outside (mobile): the dialog asks, focus on the safe choice.
      if (size === 'desktop') await page.keyboard.press('Escape');
      else await page.mouse.click(6, SIZES.mobile.height / 2);
      const confirm = dialog.getByRole('group', { name: /Fermer sans envoyer/ });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('Votre message est conservé comme brouillon');
      expect(await confirm.textContent()).toContain('en rouvrant «\u00a0Contactez-nous\u00a0»');
      expect(await dialog.isVisible()).toBe(true);
      expect((await activeElement(page)).text).toBe('Reprendre la saisie');
      await page.screenshot({ path: `${SCREENSHOTS}journeys-contact-confirm-${size}.png` });

      // « Reprendre la saisie »: back in the message, where the reader was.
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      expect((await activeElement(page)).name).toBe('message');
      expect(await dialog.getByLabel('Message').inputValue()).toBe('Bonjour, une question sur l’accréditation du prochain match.');

      // Escape again, then « Fermer et garder le brouillon »: closed, focus back on the button that opened it.
      await page.keyboard.press('Escape');
      await confirm.waitFor();
      await page.keyboard.press('Tab');
      expect((await activeElement(page)).text).toBe('Fermer et garder le brouillon');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect((await activeElement(page)).className).toContain('contact-fab');

      // The footer link opens the same draft.
      const footerLink = page.locator('.footer__links').getByRole('link', { name: 'Contactez-nous' });
      await press(footerLink);
      await dialog.getByLabel('Message').waitFor();
      expect(await dialog.getByLabel('Nom', { exact: true }).inputValue()).toBe('Durand');
      expect(await dialog.getByLabel('Message').inputValue()).toBe('Bonjour, une question sur l’accréditation du prochain match.');
      await page.keyboard.press('Escape');
      await confirm.waitFor();
      await page.keyboard.press('Escape'); // a second Escape confirms
      await dialog.waitFor({ state: 'hidden' });

      // Still there after a reload (back at the footer, where its own link opens the modal: the
      // floating button has stepped aside), and on another page of the site (same tab).
      await page.reload({ waitUntil: 'networkidle' });
      await hydrated(page);
      await press(footerLink);
      await dialog.getByLabel('Message').waitFor();
      expect(await dialog.getByLabel('Nom', { exact: true }).inputValue()).toBe('Durand');
      expect(await dialog.getByLabel('Message').inputValue()).toBe('Bonjour, une question sur l’accréditation du prochain match.');
      await page.keyboard.press('Escape');
      await confirm.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.goto(`${siteUrl()}/mentions-legales`, { waitUntil: 'networkidle' });
      await hydrated(page);
      await press(fab);
      await dialog.getByLabel('Message').waitFor();
      expect(await dialog.getByLabel('Message').inputValue()).toBe('Bonjour, une question sur l’accréditation du prochain match.');

      // Sent: the draft is gone, closing asks nothing, the form opens empty.
      await fillContact(dialog, uniqueEmail(`brouillon.${size}`));
      await press(dialog.getByRole('button', { name: 'Envoyer' }));
      await dialog.getByText('Merci, votre message a été envoyé').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await press(fab);
      await dialog.getByLabel('Message').waitFor();
      expect(await dialog.getByLabel('Message').inputValue()).toBe('');
      expect(await dialog.getByLabel('Nom', { exact: true }).inputValue()).toBe('');

      // Nothing typed: Escape closes at once.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await ctx.close();
    });
  }

  it('« Supprimer le brouillon » forgets the input', async () => {
    const { ctx, page } = await open('desktop');
    await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
    await refuseCookies(page);
    const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
    await press(page.locator('.contact-fab'));
    await dialog.getByLabel('Message').fill('À oublier');
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click(); // the × in the corner
    await press(dialog.getByRole('button', { name: 'Supprimer le brouillon et fermer' }));
    await dialog.waitFor({ state: 'hidden' });
    await press(page.locator('.contact-fab'));
    await dialog.getByLabel('Message').waitFor();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('');
    await ctx.close();
  });
});

describe('2. results and errors brought into view, with focus', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`accreditation: the error summary, then the success, on screen and focused (${size})`, async () => {
      const { ctx, page } = await open(size);
      await signIn(page, '/accreditations');
      await refuseCookies(page);
      await expect.poll(() => page.getByLabel('Adresse e-mail').inputValue()).toBe('journaliste@example.fr');

      await press(page.getByRole('button', { name: 'Envoyer' }));
      const summary = page.locator('.error-summary');
      await summary.waitFor();
      await expect.poll(() => inViewport(page, summary)).toBe(true);
      expect((await activeElement(page)).className).toContain('error-summary');
      const errors = await page.locator('.form__error').count();
      expect(errors).toBeGreaterThan(0);
      expect(await summary.getByRole('heading').textContent()).toBe(errors === 1 ? 'Il y a 1 erreur' : `Il y a ${errors} erreurs`);
      const links = summary.getByRole('link');
      expect(await links.count()).toBe(errors);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
        expect(href).toMatch(/^#/);
        expect(await page.locator(href).evaluate((el) => ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName))).toBe(true);
      }
      await page.screenshot({ path: `${SCREENSHOTS}journeys-accreditation-errors-${size}.png` });

      // Keyboard: Tab reaches the first link; Enter puts the focus in its field, on screen.
      await page.keyboard.press('Tab');
      const first = await links.first().getAttribute('href');
      expect((await activeElement(page)).tag).toBe('a');
      await page.keyboard.press('Enter');
      expect('#' + (await activeElement(page)).id).toBe(first);
      await expect.poll(() => inViewport(page, page.locator(first!))).toBe(true);

      // Every link leads to its own field.
      for (let i = 0; i < errors; i++) {
        const href = await links.nth(i).getAttribute('href');
        await links.nth(i).click();
        expect('#' + (await activeElement(page)).id).toBe(href);
      }

      // The request goes in the journalist's name (issue 50): their earlier requests are put back
      // first, since CF7 takes one request per e-mail and event.
      await resetAccount('journaliste@example.fr');
      const boxes = page.locator('.event-picker li:not(.is-closed) input');
      await boxes.nth(0).check();
      await page.getByLabel('Téléphone').fill('06 12 34 56 78');
      await page.getByLabel(/J’accepte/).check();
      await press(page.getByRole('button', { name: 'Envoyer' }));
      const result = page.locator('.form-result--success');
      await result.getByRole('heading', { name: 'Demande d’accréditation envoyée' }).waitFor();
      await expect.poll(() => inViewport(page, result)).toBe(true);
      expect((await activeElement(page)).className).toContain('form-result');
      await page.screenshot({ path: `${SCREENSHOTS}journeys-accreditation-success-${size}.png` });
      await ctx.close();
    });

    it(`contact modal: the error summary, then the success, in view and focused (${size})`, async () => {
      const { ctx, page } = await open(size);
      await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
      await refuseCookies(page);
      const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
      await press(page.locator('.contact-fab'));
      await dialog.getByLabel('Message').waitFor();
      await press(dialog.getByRole('button', { name: 'Envoyer' }));
      const summary = dialog.locator('.error-summary');
      await summary.waitFor();
      await expect.poll(() => inViewport(page, summary)).toBe(true);
      expect((await activeElement(page)).className).toContain('error-summary');
      const count = await dialog.locator('.form__error').count();
      expect(await summary.getByRole('link').count()).toBe(count);
      await page.screenshot({ path: `${SCREENSHOTS}journeys-contact-modal-errors-${size}.png` });
      await press(summary.getByRole('link').filter({ hasText: 'Message' }));
      expect((await activeElement(page)).name).toBe('message');
      await expect.poll(() => inViewport(page, dialog.getByLabel('Message'))).toBe(true);

      await fillContact(dialog, uniqueEmail(`focus.${size}`));
      await press(dialog.getByRole('button', { name: 'Envoyer' }));
      const result = dialog.locator('.form-result--success');
      await result.waitFor();
      await expect.poll(() => inViewport(page, result)).toBe(true);
      expect((await activeElement(page)).className).toContain('form-result');
      await ctx.close();
    });
  }

  it('without JavaScript: the page comes back on the error summary, links to each field, then on the result', async () => {
    const { ctx, page } = await open('mobile', { javaScriptEnabled: false });
    // Accreditation requests are a journalist's (SPEC §6, issue 20): signed in first, without JavaScript too.
    await signIn(page, '/accreditations');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForLoadState();
    const summary = page.locator('.error-summary');
    expect(page.url()).toMatch(/\/accreditations\?formulaire=[a-z-]+#envoi-[a-z-]+$/);
    expect('#' + (await summary.getAttribute('id'))).toBe(new URL(page.url()).hash);
    expect(await inViewport(page, summary)).toBe(true);
    // At the top of the form, before any field.
    expect(await page.locator('form.cf7-form > .error-summary:first-child').count()).toBe(1);
    const links = summary.getByRole('link');
    const errors = await page.locator('.form__error').count();
    expect(await links.count()).toBe(errors);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
      expect(await page.locator(href).count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}journeys-accreditation-errors-nojs-mobile.png` });

    await page.goto(`${siteUrl()}/contact`);
    await fillContact(page.locator('form.cf7-form'), uniqueEmail('sansjs'));
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForLoadState();
    const result = page.locator('.form-result--success');
    await result.waitFor();
    expect(page.url()).toMatch(/\/contact#envoi-contactez-nous$/);
    expect(await inViewport(page, result)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}journeys-contact-success-nojs-mobile.png` });
    await ctx.close();
  });
});

describe('8. the confirmation summary', () => {
  const LONG_EMAIL = () => `alice.durand.redaction-sportive.${Date.now().toString(36)}@exemple-quotidien-regional.fr`;
  const LONG_MESSAGE =
    'Bonjour, pourrions-nous obtenir les horaires de la conférence de presse ? Référence du dossier : https://presse.exemple-quotidien-regional.fr/dossiers/rugby/xv-de-france/2026/tournee-d-automne/accreditations-et-horaires';

  /** Every part of the summary fits its box; the e-mail is shown whole, inside the result. */
  async function checkFits(page: Page, email: string) {
    const report = await page.evaluate((email) => {
      const summary = document.querySelector('.form-result__summary')!;
      const result = summary.closest('.form-result')!.getBoundingClientRect();
      const overflowing = [summary, ...summary.querySelectorAll('*')]
        .filter((el) => el.scrollWidth > el.clientWidth + 0.5)
        .map((el) => `${el.tagName} ${el.textContent?.slice(0, 40)}`);
      const dd = [...summary.querySelectorAll('dd')].find((d) => d.textContent === email);
      const range = document.createRange();
      if (dd) range.selectNodeContents(dd);
      const text = range.getBoundingClientRect();
      const dialog = document.querySelector('dialog[open]');
      return {
        overflowing,
        found: !!dd,
        textInside: text.left >= result.left - 0.5 && text.right <= result.right + 0.5,
        pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
        dialogScrollsSideways: dialog ? dialog.scrollWidth > dialog.clientWidth : false,
      };
    }, email);
    expect(report.overflowing).toEqual([]);
    expect(report.found).toBe(true);
    expect(report.textInside).toBe(true);
    expect(report.pageScrollsSideways).toBe(false);
    expect(report.dialogScrollsSideways).toBe(false);
  }

  it('wraps a long e-mail and message at 375 px, in the modal and on the contact page', async () => {
    const { ctx, page } = await open('mobile');
    await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
    await refuseCookies(page);
    const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
    await press(page.locator('.contact-fab'));
    await dialog.getByLabel('Message').waitFor();
    const email = LONG_EMAIL();
    await fillContact(dialog, email, LONG_MESSAGE);
    await press(dialog.getByRole('button', { name: 'Envoyer' }));
    await dialog.locator('.form-result__summary').waitFor();
    await checkFits(page, email);
    expect(await dialog.getByText(email, { exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}journeys-summary-modal-mobile.png` });
    await dialog.locator('.form-result__summary dd').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}journeys-summary-modal-mobile-end.png` });

    await page.goto(`${siteUrl()}/contact`, { waitUntil: 'networkidle' });
    const email2 = LONG_EMAIL();
    await fillContact(page.locator('form.cf7-form'), email2, LONG_MESSAGE);
    await press(page.getByRole('button', { name: 'Envoyer' }));
    await page.locator('.form-result__summary').waitFor();
    await checkFits(page, email2);
    await page.locator('.form-result').screenshot({ path: `${SCREENSHOTS}journeys-summary-contact-mobile.png` });
    await ctx.close();
  });

  it('aligns labels and values in two columns at 1280 px', async () => {
    const { ctx, page } = await open('desktop');
    await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
    await refuseCookies(page);
    const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
    await press(page.locator('.contact-fab'));
    await dialog.getByLabel('Message').waitFor();
    const email = LONG_EMAIL();
    await fillContact(dialog, email, LONG_MESSAGE);
    await press(dialog.getByRole('button', { name: 'Envoyer' }));
    await dialog.locator('.form-result__summary').waitFor();
    await checkFits(page, email);
    const columns = await page.evaluate(() => {
      const lefts = (selector: string) => [
        ...new Set([...document.querySelectorAll(selector)].map((el) => Math.round(el.getBoundingClientRect().left))),
      ];
      const rows = [...document.querySelectorAll('.form-result__summary > div')].map((row) => {
        const [dt, dd] = [row.querySelector('dt')!.getBoundingClientRect(), row.querySelector('dd')!.getBoundingClientRect()];
        return Math.abs(dt.top - dd.top) < 2;
      });
      return { dt: lefts('.form-result__summary dt'), dd: lefts('.form-result__summary dd'), sideBySide: rows.every(Boolean) };
    });
    expect(columns.dt).toHaveLength(1);
    expect(columns.dd).toHaveLength(1);
    expect(columns.dd[0]).toBeGreaterThan(columns.dt[0]!);
    expect(columns.sideBySide).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}journeys-summary-modal-desktop.png` });
    await ctx.close();
  });
});

describe('10. the floating « Contactez-nous » button never covers what can be clicked', () => {
  /**
   * Brings each element level with the floating button (where it would cover it), then checks that
   * a click at its centre and near both ends does not land on the button.
   */
  async function uncovered(page: Page, selector: string): Promise<string[]> {
    return page.evaluate(async (selector) => {
      const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))));
      const fab = document.querySelector('.contact-fab')!.getBoundingClientRect();
      const level = fab.top + fab.height / 2;
      const covered: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        const before = el.getBoundingClientRect();
        if (!before.width || !before.height) continue;
        window.scrollBy(0, before.top + before.height / 2 - level);
        await frames();
        const r = el.getBoundingClientRect();
        const y = r.top + r.height / 2;
        for (const x of [r.left + r.width / 2, r.left + 2, r.right - 2]) {
          const hit = document.elementFromPoint(x, y);
          // Only the floating button counts: a partner logo clipped by its rotating strip is not covered by it.
          if (hit?.closest('.contact-fab'))
            covered.push(el.textContent?.trim() || el.getAttribute('aria-label') || el.getAttribute('title') || el.outerHTML.slice(0, 60));
        }
      }
      return [...new Set(covered)];
    }, selector);
  }

  for (const size of ['desktop', 'mobile'] as const) {
    it(`footer links, partners and the accreditation banner stay clickable (${size})`, async () => {
      const { ctx, page } = await open(size);
      await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
      await refuseCookies(page);
      await page.locator('.contact-fab').waitFor();
      expect(await uncovered(page, '.accreditation-banner a, .partners a, .footer a, .footer button')).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
      for (const name of ['Mentions légales', 'Gestion des cookies']) {
        const link = page.locator('.footer__legal').getByText(name);
        const box = (await link.boundingBox())!;
        const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent?.trim(), [
          box.x + box.width / 2,
          box.y + box.height / 2,
        ] as const);
        expect(hit).toBe(name);
      }
      await page.screenshot({ path: `${SCREENSHOTS}journeys-fab-footer-${size}.png` });
      // Back at the top, the button is there again.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.locator('.contact-fab').isVisible()).toBe(true);
      await ctx.close();
    });
  }

  it('the press space: its accreditation banner button stays clickable (1280 px, journalist)', async () => {
    const { ctx, page } = await open('desktop');
    await signIn(page, '/espace-presse');
    await refuseCookies(page);
    expect(await uncovered(page, '.accreditation-banner a')).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOTS}journeys-fab-press-space-desktop.png` });
    await ctx.close();
  });

  it('the open mobile menu: its last row is clickable, the button steps aside (375 px, keyboard)', async () => {
    const { ctx, page } = await open('mobile');
    await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
    await refuseCookies(page);
    const fab = page.locator('.contact-fab');
    await fab.waitFor();
    const fabBox = (await fab.boundingBox())!;
    await press(page.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const last = menu.getByRole('link').last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => fab.isVisible()).toBe(false);
    const box = (await last.boundingBox())!;
    // What a tap reaches: at the centre and the right end of the last row, and where the button was.
    const points: Array<[number, number]> = [
      [box.x + box.width / 2, box.y + box.height / 2],
      [box.x + box.width - 2, box.y + box.height / 2],
      [fabBox.x + fabBox.width / 2, fabBox.y + fabBox.height / 2],
    ];
    const hits = await page.evaluate((points) => {
      return points.map(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        if (hit?.closest('.contact-fab')) return 'bouton flottant';
        return hit?.closest('#menu-mobile a')?.textContent?.trim() ?? hit?.className;
      });
    }, points);
    const lastText = (await last.textContent())?.trim();
    expect(hits[0]).toBe(lastText);
    expect(hits[1]).toBe(lastText);
    expect(hits[2]).not.toBe('bouton flottant');
    await page.screenshot({ path: `${SCREENSHOTS}journeys-fab-menu-mobile.png` });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => fab.isVisible()).toBe(true);
    await ctx.close();
  });
});
