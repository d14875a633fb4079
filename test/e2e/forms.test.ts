import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, SCREENSHOTS, siteUrl } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function fillContact(scope: Page | ReturnType<Page['locator']>, suffix: string) {
  await scope.getByLabel('Nom', { exact: true }).fill('Martin');
  await scope.getByLabel('Prénom').fill('Julie');
  await scope.getByLabel('Adresse e-mail').fill(`julie.martin.${suffix}@example.fr`);
  await scope.getByLabel('Sujet').selectOption('Événements');
  await scope.getByLabel('Interview').check();
  await scope.getByLabel('Message').fill('Bonjour, pourrions-nous obtenir les horaires de la conférence de presse ?');
  await scope.getByLabel(/J’accepte/).check();
}

describe('forms in Chromium', () => {
  it('sends the contact modal from the floating button', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    await page.locator('.contact-fab').click();
    const dialog = page.getByRole('dialog', { name: 'Contactez-nous' });
    await dialog.getByLabel('Message').waitFor();
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByText('Veuillez renseigner ce champ.').first().waitFor();
    await fillContact(dialog, 'modal');
    await page.screenshot({ path: `${SCREENSHOTS}forms-contact-modal.png` });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByText('Merci, votre message a été envoyé').waitFor();
    expect(await dialog.getByText('julie.martin.modal@example.fr').isVisible()).toBe(true);
    await ctx.close();
  });

  it('sends the contact page with JavaScript disabled, keeping the input after an error', async () => {
    const ctx = await context(browser, 'mobile', { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/contact');
    const form = page.locator('#contactez-nous');
    await fillContact(form, 'sansjs');
    await form.getByLabel('Adresse e-mail').fill('adresse-fausse');
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForLoadState();
    expect(await page.getByText('Veuillez saisir une adresse e-mail valide.').isVisible()).toBe(true);
    expect(await page.locator('#contactez-nous').getByLabel('Message').inputValue()).toContain('horaires de la conférence');
    await page.locator('#contactez-nous').getByLabel('Adresse e-mail').fill('julie.martin.sansjs@example.fr');
    await page.locator('#contactez-nous').getByLabel(/J’accepte/).check();
    await page.locator('#contactez-nous').getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForLoadState();
    await page.getByText('Merci, votre message a été envoyé').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}forms-contact-nojs-mobile.png`, fullPage: true });
    await ctx.close();
  });

  it('journalist: requests accreditation for two open events, then sees them « En attente »', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/connexion?callbackUrl=%2Faccreditations');
    await page.getByRole('button', { name: 'Se connecter avec mon compte FFR' }).click();
    await page.getByLabel('Adresse e-mail').fill('journaliste@example.fr');
    await page.getByLabel('Mot de passe').fill('Rugby2026!');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL(`${siteUrl()}/accreditations`);
    await page.waitForLoadState('networkidle');
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
    await page.getByRole('link', { name: 'Voir mon espace presse' }).click();
    await page.waitForURL(/espace-presse/);
    for (const title of titles) {
      const row = page.getByRole('row').filter({ hasText: title! });
      expect(await row.getByText('En attente').count()).toBeGreaterThan(0);
    }
    await page.screenshot({ path: `${SCREENSHOTS}forms-press-space-pending.png`, fullPage: true });
    await ctx.close();
  });
});
