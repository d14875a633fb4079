import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, islandLive, launch, resetAccount, SCREENSHOTS, siteUrl, throughProvider } from './browser';

// Issue 30, items 1 and 2: a reader whose journalist status is not settled sends what the press
// office needs (the information asked for, or a request for the status) and, from then on, every
// screen shows it on its way (src/features/accounts/journalist-standing.ts): no loop back to the
// same button, no refusal that asks again for what was sent. At 1280 and 375 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let visitors = 0;
async function signedIn(size: 'desktop' | 'mobile', email: string, path: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await context(browser, size, { extraHTTPHeaders: { 'cf-connecting-ip': `198.51.100.${++visitors}` } });
  const page = await ctx.newPage();
  await page.goto(`${siteUrl()}/connexion?${new URLSearchParams({ callbackUrl: path })}`, { waitUntil: 'networkidle' });
  const refuse = page.getByRole('button', { name: 'Tout refuser' });
  if (await refuse.isVisible()) await refuse.click();
  await page.getByRole('button', { name: 'Se connecter avec mon compte FFR' }).click();
  await throughProvider(page, email, path);
  await page.waitForLoadState('networkidle');
  return { ctx, page };
}

const SENT_INFO = 'Vos informations ont bien été transmises';
const SENT_REQUEST = 'Votre demande de statut de journaliste a bien été transmise';
const ACTIONS = /Compléter mon profil de journaliste|Demander le statut de journaliste/;

describe('a pending journalist sends the information asked for (item 1)', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`is shown it on its way on the form, at the sending and in the press space: no loop (${size})`, async () => {
      const { ctx, page } = await signedIn(size, 'attente@example.fr', '/accreditations');
      try {
        const dialog = page.getByRole('dialog', { name: 'Complétez votre profil de journaliste' });
        await dialog.waitFor();
        await dialog.getByLabel('Fonction').selectOption('Rédacteur en chef');
        const media = dialog.locator('select[name="media"]');
        await expect.poll(() => media.locator('option').count()).toBeGreaterThan(10);
        await media.selectOption({ index: 2 });
        await dialog.getByRole('button', { name: 'Envoyer' }).click();
        await dialog.getByText('Merci pour ces informations !').waitFor();
        await dialog.getByRole('button', { name: 'Fermer' }).click();
        await dialog.waitFor({ state: 'hidden' });

        // The form says the information is on its way, and offers nothing more to send.
        const notice = page.locator('.access-notice');
        await expect.poll(() => notice.textContent()).toContain(SENT_INFO);
        expect(await notice.getByRole('button', { name: ACTIONS }).count()).toBe(0);
        await notice.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS}status-info-sent-form-${size}.png` });

        // Sent anyway: the refusal says the same, not « complétez votre profil ».
        const form = page.locator('form.cf7-form');
        await islandLive(page, 'form.cf7-form');
        await form.getByLabel('Téléphone').fill('06 11 22 33 44');
        await form.getByLabel('Fonction').selectOption('Pigiste');
        await form.locator('.event-picker li:not(.is-closed) input').first().check();
        await form.getByLabel(/J’accepte/).check();
        await form.getByRole('button', { name: 'Envoyer' }).click();
        const refusal = page.locator('.form-result--failure');
        await refusal.getByRole('heading', { name: 'Demande réservée aux journalistes' }).waitFor();
        expect(await refusal.textContent()).toContain(SENT_INFO);
        expect(await refusal.textContent()).not.toMatch(/complétez votre profil/i);

        // The press space, written by the server from the profile: the same, no button to reopen the window.
        await page.goto(`${siteUrl()}/espace-presse`, { waitUntil: 'networkidle' });
        const space = page.locator('.journalist-access');
        expect(await space.textContent()).toContain(SENT_INFO);
        expect(await space.getByRole('button').count()).toBe(0);
        // No window reopened (the consent banner is a dialog too, on the first page with a tag manager).
        expect(await page.getByRole('dialog', { name: 'Complétez votre profil de journaliste' }).count()).toBe(0);
        await page.screenshot({ path: `${SCREENSHOTS}status-info-sent-press-space-${size}.png` });
      } finally {
        await ctx.close();
        await resetAccount('attente@example.fr');
      }
    });
  }
});

describe('a reader without the status asks for it (item 2)', () => {
  // On a desktop, a member from the press space's button; on a phone, an account with no status
  // from the window that opens once per session.
  const who = { desktop: 'membre@example.fr', mobile: 'nouveau@example.fr' } as const;
  for (const size of ['desktop', 'mobile'] as const) {
    it(`is shown the request pending from then on, everywhere (${size}, ${who[size]})`, async () => {
      const { ctx, page } = await signedIn(size, who[size], '/espace-presse');
      try {
        const dialog = page.getByRole('dialog', { name: 'Êtes-vous journaliste ?' });
        const space = page.locator('.journalist-access');
        if (size === 'desktop') {
          await islandLive(page, '.journalist-access');
          await space.getByRole('button', { name: 'Demander le statut de journaliste' }).click();
        }
        await dialog.getByRole('button', { name: 'Je suis journaliste' }).click();
        await dialog.getByText('Votre demande a bien été transmise').waitFor();
        await dialog.getByRole('button', { name: 'Fermer' }).click();
        await dialog.waitFor({ state: 'hidden' });

        // At once, in the page: pending, and nothing more to ask.
        await expect.poll(() => space.textContent()).toContain(SENT_REQUEST);
        expect(await space.getByRole('button').count()).toBe(0);
        await page.screenshot({ path: `${SCREENSHOTS}status-request-sent-press-space-${size}.png` });

        // And from the server, on the next visits.
        await page.reload({ waitUntil: 'networkidle' });
        expect(await space.textContent()).toContain(SENT_REQUEST);
        expect(await space.getByRole('button').count()).toBe(0);
        expect(await dialog.count()).toBe(0);

        await page.goto(`${siteUrl()}/accreditations`, { waitUntil: 'networkidle' });
        const notice = page.locator('.access-notice');
        await expect.poll(() => notice.textContent()).toContain(SENT_REQUEST);
        expect(await notice.getByRole('button', { name: ACTIONS }).count()).toBe(0);

        // The « S’accréditer » banner would only lead to a refusal: it steps aside.
        await page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
        await page.locator('.user-menu__toggle').waitFor();
        await expect.poll(() => page.locator('.accreditation-banner').count()).toBe(0);
      } finally {
        await ctx.close();
        await resetAccount(who[size]);
      }
    });
  }
});
