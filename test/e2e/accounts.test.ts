import { decode } from '@auth/core/jwt';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDevVars } from '../../scripts/lib/stack.mjs';
import { launch, onSiteArticleLink, resetAccount, SCREENSHOTS, setWhatsappOptIn, signInFromHome, siteUrl, upstreamUrl } from './browser';

const AUTH_SECRET = parseDevVars(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8')).AUTH_SECRET!;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await fetch(`${upstreamUrl()}/__control/faults`, { method: 'DELETE' });
});

const signIn = (kind: 'desktop' | 'mobile', login: string) => signInFromHome(browser, kind, login);

async function sessionTokens(ctx: BrowserContext) {
  // Real-sized provider tokens (1–2 KB each) make the session cookie go in chunks: .0, .1…
  const cookies = (await ctx.cookies()).filter((c) => /^authjs\.session-token(\.\d+)?$/.test(c.name));
  const value = cookies
    .sort((a, b) => Number(a.name.split('.').pop()) - Number(b.name.split('.').pop()))
    .map((c) => c.value)
    .join('');
  expect(cookies.length).toBeGreaterThan(1);
  return (await decode({ token: value, secret: AUTH_SECRET, salt: 'authjs.session-token' })) as {
    access_token: string;
    refresh_token: string;
    expires_at: number;
  };
}

describe('accounts in Chromium', () => {
  it('journalist: press space in the menu, WhatsApp banner, no token in the browser, sign-out', async () => {
    const { ctx, page } = await signIn('desktop', 'journaliste@example.fr');
    const menu = page.locator('.user-menu__toggle');
    await menu.waitFor();
    expect(await menu.textContent()).toContain('Camille Lefèvre');
    await page.getByRole('link', { name: 'Recevez les dernières actualités sur WhatsApp' }).waitFor();
    await menu.click();
    expect(await page.getByRole('link', { name: 'Espace presse' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}account-journalist-menu.png` });

    const { access_token, refresh_token } = await sessionTokens(ctx);
    expect(access_token).toBeTruthy();
    const seen = [
      await page.content(),
      await (await ctx.request.get(`${siteUrl()}/api/auth/session`)).text(),
      await (await ctx.request.get(`${siteUrl()}/api/user/prefs?type=complet`)).text(),
      JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage }))),
      await page.evaluate(() => document.cookie),
    ].join('\n');
    expect(seen).not.toContain(access_token);
    expect(seen).not.toContain(refresh_token);

    await page.getByRole('link', { name: 'Recevez les dernières actualités sur WhatsApp' }).click();
    await page.waitForURL(/espace-presse\?optin_whatsapp=open/);
    expect(await page.getByRole('cell', { name: 'Validée' }).isVisible()).toBe(true);
    expect(await page.getByText('il n’est plus possible de vous accréditer à cet événement').isVisible()).toBe(true);
    // The banner's address opens the opt-in as a dialog (SPEC §2): answered there.
    const optIn = page.getByRole('dialog', { name: 'Recevez les dernières actualités sur WhatsApp' });
    await optIn.getByRole('button', { name: 'Je m’abonne' }).click();
    const confirmed = page.getByRole('status').getByText(/C’est noté\s*: vous recevrez les dernières actualités sur WhatsApp/);
    await confirmed.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}account-press-space.png`, fullPage: true });
    await confirmed.waitFor({ state: 'detached', timeout: 5000 });
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    expect(await page.getByRole('link', { name: 'Recevez les dernières actualités sur WhatsApp' }).count()).toBe(0);
    // The emulator keeps the choice for the files after this one: left as it was found.
    await setWhatsappOptIn(ctx, false);

    // Sign-out ends the site's session, then the provider's (RP-initiated logout, confirmed there).
    await page.locator('.user-menu__toggle').click();
    await page.getByRole('link', { name: 'Se déconnecter' }).first().click();
    await page.getByRole('heading', { name: 'Se déconnecter de la FFR ?' }).waitFor();
    expect(await (await ctx.request.get(`${siteUrl()}/api/auth/session`)).json()).toEqual({});
    await page.screenshot({ path: `${SCREENSHOTS}account-provider-logout.png` });
    await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
    await page.waitForURL(`${siteUrl()}/`);
    await page.getByRole('link', { name: 'Connexion / inscription' }).waitFor();
    // The provider forgot the person too: signing in again asks for the password.
    await page.getByRole('link', { name: 'Connexion / inscription' }).first().click();
    await page.getByLabel('Mot de passe').waitFor();
    await ctx.close();
  });

  it('journalist: favourites added from an article, listed and removed in the press space, visits recorded', async () => {
    const { ctx, page } = await signIn('desktop', 'journaliste@example.fr');
    const href = (await (await onSiteArticleLink(page, 'main .card__title a')).getAttribute('href'))!;
    await page.goto(siteUrl() + href, { waitUntil: 'networkidle' });
    const title = (await page.locator('h1.article__title').textContent())!.trim();
    const add = page.getByRole('button', { name: `Ajouter aux favoris : ${title}` });
    await add.click();
    await page.getByRole('status').getByText('Article ajouté à vos favoris.').waitFor();
    expect(await page.getByRole('button', { name: `Retirer des favoris : ${title}` }).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: `${SCREENSHOTS}account-favorite-article.png` });

    await page.goto(siteUrl() + '/espace-presse', { waitUntil: 'networkidle' });
    const favorites = page.getByRole('region', { name: 'Mes favoris' });
    const visited = page.getByRole('region', { name: 'Contenus consultés récemment' });
    expect(await favorites.getByRole('link', { name: title }).getAttribute('href')).toBe(href);
    expect(await visited.getByRole('link').first().textContent()).toBe(title);
    await page.screenshot({ path: `${SCREENSHOTS}account-press-space-lists.png`, fullPage: true });

    await favorites.getByRole('button', { name: `Retirer des favoris : ${title}` }).click();
    await page.getByRole('status').getByText('Article retiré de vos favoris.').waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    expect(await favorites.getByRole('link', { name: title }).count()).toBe(0);
    await ctx.close();
  });

  it('pending journalist: JOURNALIST_MORE_INFO once per session', async () => {
    const { ctx, page } = await signIn('mobile', 'attente@example.fr');
    const dialog = page.getByRole('dialog', { name: 'Complétez votre profil de journaliste' });
    await dialog.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}account-more-info-mobile.png` });
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    expect(await dialog.isVisible()).toBe(false);
    await ctx.close();
  });

  it('journalist data sent from the modal: « Merci pour ces informations ! »', async () => {
    const { ctx, page } = await signIn('desktop', 'attente@example.fr');
    const dialog = page.getByRole('dialog', { name: 'Complétez votre profil de journaliste' });
    await dialog.waitFor();
    await dialog.getByLabel('Fonction').selectOption('Pigiste');
    await dialog.getByLabel('Numéro de carte de presse').fill('98765');
    const media = dialog.locator('select[name="media"]');
    await expect.poll(() => media.locator('option').count()).toBeGreaterThan(10);
    await media.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByText('Merci pour ces informations !').waitFor();
    await ctx.close();
    await resetAccount('attente@example.fr');
  });

  it('member: no press space, and the press space says why', async () => {
    const { ctx, page } = await signIn('desktop', 'membre@example.fr');
    await page.locator('.user-menu__toggle').click();
    expect(await page.getByRole('link', { name: 'Espace presse' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Tableau de bord' }).getAttribute('href')).toBe('https://pp.ffr.fr/tableau-de-bord');
    await page.goto(siteUrl() + '/espace-presse');
    expect(await page.locator('.notice').textContent()).toContain('réservé aux journalistes');
    await ctx.close();
  });

  it('no status: JOURNALIST_CHECK_STATUS, and the request is sent', async () => {
    const { ctx, page } = await signIn('desktop', 'nouveau@example.fr');
    const dialog = page.getByRole('dialog', { name: 'Êtes-vous journaliste ?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Je suis journaliste' }).click();
    await dialog.getByText('Votre demande a bien été transmise').waitFor();
    await ctx.close();
    await resetAccount('nouveau@example.fr');
  });

  it('an account WordPress has not identified yet: its profile is asked once, not in a loop', async () => {
    const before = (await (await fetch(`${upstreamUrl()}/__control/counters`)).json()) as { routes: Record<string, number> };
    const { ctx, page } = await signIn('desktop', 'incomplet@example.fr');
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/user/prefs') && asked.push(r.url()));
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(3000);
    expect(asked).toHaveLength(1);
    // Coming back to the tab asks again, once (the profile may have been identified meanwhile).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(1500);
    expect(asked).toHaveLength(2);
    const after = (await (await fetch(`${upstreamUrl()}/__control/counters`)).json()) as { routes: Record<string, number> };
    // Sign-in page load, reload, focus: three profile calls reached WordPress in all.
    expect(
      (after.routes['GET /wp-json/ffr/v1/user_prefs'] ?? 0) - (before.routes['GET /wp-json/ffr/v1/user_prefs'] ?? 0),
    ).toBeLessThanOrEqual(3);
    await ctx.close();
  });

  it('signs in through a conformant provider: the name comes from userinfo', async () => {
    const { ctx } = await signIn('mobile', 'membre@example.fr');
    const session = (await (await ctx.request.get(`${siteUrl()}/api/auth/session`)).json()) as { user: Record<string, string> };
    expect(session.user).toMatchObject({ name: 'Léa Marchand', email: 'membre@example.fr' });
    await ctx.close();
  });

  it('refreshes an expired access token, then shows DISCONNECTED when the refresh fails', async () => {
    const { ctx, page } = await signIn('desktop', 'journaliste@example.fr');
    const first = await sessionTokens(ctx);
    // Access tokens live 40 s here and are refreshed 30 s before they expire.
    await page.waitForTimeout(Math.max(0, first.expires_at * 1000 - 30_000 - Date.now()) + 1000);
    expect((await ctx.request.get(`${siteUrl()}/api/user/prefs`)).status()).toBe(200);
    const second = await sessionTokens(ctx);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);

    await fetch(`${upstreamUrl()}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/oidc/token', kind: 'status', status: 400 }),
    });
    await page.waitForTimeout(Math.max(0, second.expires_at * 1000 - 30_000 - Date.now()) + 1000);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const dialog = page.getByRole('dialog', { name: 'Vous avez été déconnecté' });
    await dialog.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}account-disconnected.png` });
    await fetch(`${upstreamUrl()}/__control/faults`, { method: 'DELETE' });
    await ctx.close();
  });

  it('« Se déconnecter » ends the session at once, with session reads in flight (next-auth v4’s own sequence, 5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const { ctx, page } = await signInFromHome(browser, 'desktop', 'journaliste@example.fr');
      const after = await page.evaluate(async () => {
        // What the islands may have in flight (a focus refetch), then signOut({ redirect: false }) and getSession().
        const reads = [fetch('/api/auth/session'), fetch('/api/auth/session'), fetch('/api/user/prefs')];
        const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
        const out = await fetch('/api/auth/signout', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrfToken, callbackUrl: '/', json: 'true' }),
        });
        await out.json();
        await Promise.all(reads);
        return (await fetch('/api/auth/session')).json();
      });
      expect(after, `round ${round}`).toEqual({});
      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.getByRole('link', { name: 'Connexion / inscription' }).isVisible()).toBe(true);
      await ctx.close();
    }
  });
});
