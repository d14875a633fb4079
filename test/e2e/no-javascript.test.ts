import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, resetAccount, SCREENSHOTS, siteUrl, throughProvider, upstreamUrl } from './browser';

// Issue 30, items 4 and 5: without JavaScript (a phone with it off, a script that failed to come),
// what looks like a control is one. The menu and search are links; a signed-in reader is shown
// signed in, gets the accreditation form filled and is told where they stand, and the press
// space's buttons work as forms. At 1280 and 375 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let visitors = 0;
async function withoutScript(size: 'desktop' | 'mobile'): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await context(browser, size, {
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'cf-connecting-ip': `203.0.113.${++visitors}` },
  });
  return { ctx, page: await ctx.newPage() };
}

async function signIn(page: Page, email: string, path: string) {
  await page.goto(`${siteUrl()}/connexion/compte-ffr?${new URLSearchParams({ callbackUrl: path })}`);
  await throughProvider(page, email, path);
}

describe('a phone without JavaScript: menu and search (item 4)', () => {
  it('the burger opens the menu, both levels written out; a link of the second level leads to its page', async () => {
    const { ctx, page } = await withoutScript('mobile');
    await page.goto(`${siteUrl()}/`);
    const menu = page.locator('#menu-mobile');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Ouvrir le menu' }).click();
    expect(await menu.isVisible()).toBe(true);
    const categories = menu.getByRole('navigation', { name: 'Menu des catégories' });
    // A first-level entry and one of its children, both links.
    const child = categories.locator('.mobile-menu__children a').first();
    expect(await child.isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}no-js-menu-mobile.png` });
    const href = await child.getAttribute('href');
    await child.click();
    await page.waitForURL(siteUrl() + href);
    expect(await page.locator('h1').count()).toBe(1);
    // « × » closes it.
    await page.getByRole('link', { name: 'Ouvrir le menu' }).click();
    await menu.getByRole('link', { name: 'Fermer le menu' }).click();
    expect(await menu.isVisible()).toBe(false);
    await ctx.close();
  });

  it('the magnifier leads to the search page, whose box searches as a plain form', async () => {
    const { ctx, page } = await withoutScript('mobile');
    await page.goto(`${siteUrl()}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Rechercher' }).click();
    await page.waitForURL(`${siteUrl()}/recherche`);
    const box = page.getByRole('main').getByRole('searchbox');
    await box.fill('dupont');
    await box.press('Enter');
    await page.waitForURL(/\/recherche\?query=dupont/);
    expect(await page.getByText(/\d+ résultats? pour «\s*dupont\s*»/).count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}no-js-search-mobile.png` });
    await ctx.close();
  });
});

describe('signed in without JavaScript (item 5)', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`is shown signed in, gets the accreditation form filled, and the press space's buttons work as forms (${size})`, async () => {
      // The journalist's earlier requests put back: CF7 takes one request per e-mail and event, and
      // the request goes in the journalist's own name (issue 50).
      await resetAccount('journaliste@example.fr');
      const { ctx, page } = await withoutScript(size);
      try {
        // A favourite to remove, set through the site's own API.
        const [article] = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{
          id: number;
          title: string;
        }>;
        await signIn(page, 'journaliste@example.fr', '/');
        const { csrfToken } = (await (await ctx.request.get(`${siteUrl()}/api/auth/csrf`)).json()) as { csrfToken: string };
        expect(
          (
            await ctx.request.post(`${siteUrl()}/api/user/prefs?action=favoris`, {
              headers: { 'x-csrf-token': csrfToken },
              data: { value: [article!.id] },
            })
          ).ok(),
        ).toBe(true);

        // The header: the account, not an invitation to sign in.
        const topbar = page.locator('.topbar');
        expect(await topbar.getByRole('link', { name: 'Connexion / inscription' }).isVisible()).toBe(false);
        expect(await topbar.getByRole('link', { name: 'Mon compte' }).isVisible()).toBe(true);
        expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Se connecter' }).isVisible()).toBe(false);
        expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Se déconnecter' }).isVisible()).toBe(true);
        await page.screenshot({ path: `${SCREENSHOTS}no-js-signed-in-home-${size}.png` });

        // The accreditation form: no « Connectez-vous », the profile's fields filled; sent at the first try.
        await page.goto(`${siteUrl()}/accreditations`);
        expect(await page.getByText('Connectez-vous avec votre compte FFR').count()).toBe(0);
        const form = page.locator('form.cf7-form');
        expect(await form.getByLabel('Nom', { exact: true }).inputValue()).toBe('Lefèvre');
        expect(await form.getByLabel('Prénom').inputValue()).toBe('Camille');
        expect(await form.getByLabel('Adresse e-mail').inputValue()).toBe('journaliste@example.fr');
        expect(await form.getByRole('textbox', { name: 'Média' }).inputValue()).not.toBe('');
        await page.screenshot({ path: `${SCREENSHOTS}no-js-signed-in-accreditation-${size}.png`, fullPage: size === 'desktop' });
        // Who is asking is the profile's, shown read-only (issue 50).
        expect(await form.getByLabel('Adresse e-mail').getAttribute('readonly')).not.toBeNull();
        await form.getByLabel('Téléphone').fill('06 11 22 33 44');
        await form.locator('.event-picker li:not(.is-closed) input').first().check();
        await form.getByLabel(/J’accepte/).check();
        await form.getByRole('button', { name: 'Envoyer' }).click();
        await page.getByRole('heading', { name: 'Demande d’accréditation envoyée' }).waitFor();

        // The press space: a favourite removed, a subscription saved, each said.
        await page.goto(`${siteUrl()}/espace-presse`);
        const favorites = page.locator('#mes-favoris').locator('..');
        await favorites.getByRole('button', { name: `Retirer des favoris\u202f: ${article!.title}` }).click();
        await page.waitForURL(/\/espace-presse\?fait=favori-retire$/);
        expect(await page.locator('.notice[role=status]').textContent()).toBe('Article retiré de vos favoris.');
        expect(await favorites.getByRole('link', { name: article!.title }).count()).toBe(0);
        const mail = page.getByLabel('Recevoir les communiqués par e-mail');
        const before = await mail.isChecked();
        await mail.setChecked(!before);
        await page.getByRole('button', { name: 'Enregistrer mes abonnements' }).click();
        await page.waitForURL(/\/espace-presse\?fait=abonnements$/);
        expect(await page.locator('.notice[role=status]').textContent()).toBe('Vos préférences ont été enregistrées.');
        expect(await page.getByLabel('Recevoir les communiqués par e-mail').isChecked()).toBe(!before);
        await page.screenshot({ path: `${SCREENSHOTS}no-js-press-space-${size}.png`, fullPage: true });

        // « Se déconnecter »: the site's page asks, in French, then the provider's.
        await page.getByRole('contentinfo').getByRole('link', { name: 'Se déconnecter' }).click();
        await page.waitForURL(`${siteUrl()}/deconnexion`);
        await page.getByRole('main').getByRole('button', { name: 'Se déconnecter' }).click();
        await page.getByRole('heading', { name: 'Se déconnecter de la FFR ?' }).waitFor();
        await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
        await page.waitForURL(`${siteUrl()}/`);
        expect(await page.locator('html').getAttribute('data-session')).toBeNull();
        expect(await page.locator('.topbar').getByRole('link', { name: 'Connexion / inscription' }).isVisible()).toBe(true);
      } finally {
        await ctx.close();
        await resetAccount('journaliste@example.fr');
      }
    });
  }
});
