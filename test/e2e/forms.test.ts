import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, resetAccount, SCREENSHOTS, signInAt, siteUrl } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let visitors = 0;
/**
 * A visitor of its own (cf-connecting-ip): the per-visitor limits on sendings and sign-ins count
 * this test alone, whatever else the run has sent from 127.0.0.1.
 */
async function visitor(kind: Parameters<typeof context>[1], options: Parameters<typeof context>[2] = {}): Promise<BrowserContext> {
  const ctx = await context(browser, kind, options);
  await ctx.setExtraHTTPHeaders({ 'cf-connecting-ip': `203.0.113.${++visitors}` });
  return ctx;
}

/** An address of its own: what a test reads back is its own sending, and no duplicate rule ties it to another test's. */
const uniqueEmail = (who: string) => `julie.martin.${who}.${Date.now().toString(36)}@example.fr`;

async function fillContact(scope: Page | ReturnType<Page['locator']>, email: string) {
  await scope.getByLabel('Nom', { exact: true }).fill('Martin');
  await scope.getByLabel('Prénom').fill('Julie');
  await scope.getByLabel('Adresse e-mail').fill(email);
  await scope.getByLabel('Sujet').selectOption('Événements');
  await scope.getByLabel('Interview').check();
  await scope.getByLabel('Message').fill('Bonjour, pourrions-nous obtenir les horaires de la conférence de presse ?');
  await scope.getByLabel(/J’accepte/).check();
}

describe('forms in Chromium', () => {
  it('sends the contact modal from the floating button', async () => {
    const ctx = await visitor('desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    await page.locator('.contact-fab').click();
    const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
    await dialog.getByLabel('Message').waitFor();
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    // The fields' own messages (the error summary above the form repeats them in its links).
    await dialog.locator('.form__error').getByText('Veuillez renseigner ce champ.').first().waitFor();
    const email = uniqueEmail('modal');
    await fillContact(dialog, email);
    await page.screenshot({ path: `${SCREENSHOTS}forms-contact-modal.png` });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByText('Merci, votre message a été envoyé').waitFor();
    expect(await dialog.getByText(email).isVisible()).toBe(true);
    await ctx.close();
  });

  it('sends the contact page with JavaScript disabled, keeping the input after an error', async () => {
    const ctx = await visitor('mobile', { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/contact');
    const form = page.locator('#contactez-nous');
    const email = uniqueEmail('sansjs');
    await fillContact(form, email);
    await form.getByLabel('Adresse e-mail').fill('adresse-fausse');
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForLoadState();
    // The e-mail field's own message, under that field (the error summary above the form repeats it in a link).
    const emailField = page.locator('#contactez-nous .form__field').filter({ has: page.getByLabel('Adresse e-mail') });
    expect(await emailField.locator('.form__error').textContent()).toBe('Veuillez saisir une adresse e-mail valide.');
    expect(await emailField.locator('.form__error').isVisible()).toBe(true);
    expect(await form.getByLabel('Adresse e-mail').getAttribute('aria-describedby')).toBe(
      await emailField.locator('.form__error').getAttribute('id'),
    );
    expect(await page.locator('#contactez-nous').getByLabel('Message').inputValue()).toContain('horaires de la conférence');
    await page.locator('#contactez-nous').getByLabel('Adresse e-mail').fill(email);
    await page
      .locator('#contactez-nous')
      .getByLabel(/J’accepte/)
      .check();
    await page.locator('#contactez-nous').getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForLoadState();
    await page.getByText('Merci, votre message a été envoyé').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}forms-contact-nojs-mobile.png`, fullPage: true });
    await ctx.close();
  });

  // Requests go in the journalist's own name (issue 50): their earlier ones are put back first,
  // since CF7 takes one request per e-mail and event.
  it('journalist: requests accreditation for two open events, then sees them « En attente »', async () => {
    await resetAccount('journaliste@example.fr');
    const ctx = await visitor('desktop');
    const page = await ctx.newPage();
    await signInAt(page, 'journaliste@example.fr', '/accreditations');
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    // Prefilled from the profile.
    await expect.poll(() => page.getByLabel('Adresse e-mail').inputValue()).toBe('journaliste@example.fr');

    const picker = page.locator('.event-picker');
    await picker.getByRole('button', { name: 'Toutes les rencontres à venir' }).click();
    const openCount = await picker.locator('input:checked').count();
    expect(openCount).toBeGreaterThan(2);
    expect(await picker.locator('li.is-closed input:checked').count()).toBe(0);
    await picker.getByRole('button', { name: 'Réinitialiser' }).click();
    expect(await picker.locator('input:checked').count()).toBe(0);
    const boxes = picker.locator('li:not(.is-closed) input');
    const titles = [await boxes.nth(0).getAttribute('value'), await boxes.nth(1).getAttribute('value')];
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByLabel(/J’accepte/).check();
    await page.screenshot({ path: `${SCREENSHOTS}forms-accreditation.png`, fullPage: true });
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByRole('heading', { name: 'Demande d’accréditation envoyée' }).waitFor();
    // SPEC §8: the personal space (the federation site's /tableau-de-bord, a new tab); the requests' status in the press space.
    expect(await page.getByRole('link', { name: 'Mon espace personnel (nouvel onglet)' }).getAttribute('target')).toBe('_blank');
    await page.locator('.form-result').getByRole('link', { name: 'espace presse', exact: true }).click();
    await page.waitForURL(/espace-presse/);
    for (const title of titles) {
      const row = page.getByRole('row').filter({ hasText: title! });
      expect(await row.getByText('En attente').count()).toBeGreaterThan(0);
    }
    await page.screenshot({ path: `${SCREENSHOTS}forms-press-space-pending.png`, fullPage: true });
    await ctx.close();
  });
});
