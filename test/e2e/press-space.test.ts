import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, SCREENSHOTS, setWhatsappOptIn, signInFromHome, siteUrl, testNow, upstreamUrl } from './browser';

// The press space's WhatsApp opt-in (SPEC §2: ?optin_whatsapp=open opens it; §4, §8: the profile
// update, confirmed by the snack bar) and the client's auth errors sent to /api/auth/_log (§7, §8).

const JOURNALIST = 'journaliste@example.fr';
const BANNER = 'Recevez les dernières actualités sur WhatsApp';
const DIALOG = 'Recevez les dernières actualités sur WhatsApp';
const BOX = 'Recevoir les dernières actualités sur WhatsApp';
const DONE = /C’est noté\s*: vous recevrez les dernières actualités sur WhatsApp\./;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await fetch(`${upstreamUrl()}/__control/faults`, { method: 'DELETE' });
});

const signIn = (kind: 'desktop' | 'mobile', login: string) => signInFromHome(browser, kind, login);

const fault = (body: object) =>
  fetch(`${upstreamUrl()}/__control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const inView = (locator: Locator) =>
  locator.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight);

describe('press space: the WhatsApp opt-in dialog', () => {
  it('journalist: from the banner, a modal dialog; Escape closes it; a failure is said; opting in confirms and the banner goes', async () => {
    const { ctx, page } = await signIn('desktop', JOURNALIST);
    try {
      await setWhatsappOptIn(ctx, false);
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('link', { name: BANNER }).click();
      await page.waitForURL(/\/espace-presse\?optin_whatsapp=open$/);

      const dialog = page.getByRole('dialog', { name: DIALOG });
      await dialog.waitFor();
      const yes = dialog.getByRole('button', { name: 'Je m’abonne' });
      // Modal (the page behind is inert), the first stop is the answer.
      expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open && d.matches(':modal'))).toBe(true);
      await expect.poll(() => isFocused(yes)).toBe(true);
      await page.locator('.user-menu__toggle').waitFor(); // the top bar has the session too
      await page.screenshot({ path: `${SCREENSHOTS}press-space-whatsapp-dialog-1280.png` });

      // Escape closes it and gives the focus to the WhatsApp box; a reload does not ask again.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      const box = page.getByLabel(BOX);
      await expect.poll(() => isFocused(box)).toBe(true);
      await expect.poll(() => inView(box)).toBe(true);
      expect(await box.isChecked()).toBe(false);
      expect(new URL(page.url()).search).toBe('');
      await page.reload({ waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      expect(await dialog.count()).toBe(0);

      // Opened again from its address: WordPress refuses once, the dialog says so and stays.
      await page.goto(`${siteUrl()}/espace-presse?optin_whatsapp=open`, { waitUntil: 'networkidle' });
      await dialog.waitFor();
      await fault({ path: '/wp-json/ffr/v1/user_prefs', kind: 'status', status: 500, times: 1 });
      await yes.click();
      await dialog.getByRole('alert').getByText('Nous avons rencontré un problème lors de la mise à jour de votre profil.').waitFor();
      expect(await dialog.isVisible()).toBe(true);
      expect(await isFocused(yes)).toBe(true);
      expect(await page.getByRole('link', { name: BANNER }).count()).toBe(1);
      await page.screenshot({ path: `${SCREENSHOTS}press-space-whatsapp-dialog-failure-1280.png` });

      // Again, slowly: the button says it is saving; then the dialog closes and the snack bar confirms.
      await fault({ path: '/wp-json/ffr/v1/user_prefs', kind: 'latency', ms: 1500, times: 1 });
      await yes.click();
      await dialog.getByRole('button', { name: 'Enregistrement…' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Enregistrement…' }).getAttribute('aria-disabled')).toBe('true');
      await page.getByRole('status').getByText(DONE).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => isFocused(box)).toBe(true);
      await expect.poll(() => inView(box)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}press-space-whatsapp-done-1280.png` });
      expect(await box.isChecked()).toBe(true);
      // The banner goes at once, on this page, and stays gone on the next.
      expect(await page.getByRole('link', { name: BANNER }).count()).toBe(0);
      // SPEC §9: the snack bar stays 3000 ms.
      await page.getByRole('status').getByText(DONE).waitFor({ state: 'detached', timeout: 5000 });
      await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      expect(await page.getByRole('link', { name: BANNER }).count()).toBe(0);
      await page.goto(`${siteUrl()}/espace-presse?optin_whatsapp=open`, { waitUntil: 'networkidle' });
      await expect.poll(() => isFocused(page.getByLabel(BOX))).toBe(true);
      await expect.poll(() => inView(page.getByLabel(BOX))).toBe(true);
      expect(await dialog.count()).toBe(0); // already subscribed: nothing to ask, the box is shown
    } finally {
      // Other test files expect the account as seeded: not subscribed.
      await setWhatsappOptIn(ctx, false);
      await ctx.close();
    }
  });

  it('journalist on a phone: the dialog fits the 375 px screen; « Plus tard » closes it without saving', async () => {
    const { ctx, page } = await signIn('mobile', JOURNALIST);
    try {
      await setWhatsappOptIn(ctx, false);
      await page.goto(`${siteUrl()}/espace-presse?optin_whatsapp=open`, { waitUntil: 'networkidle' });
      const dialog = page.getByRole('dialog', { name: DIALOG });
      await dialog.waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.y + box.height).toBeLessThanOrEqual(812);
      await page.screenshot({ path: `${SCREENSHOTS}press-space-whatsapp-dialog-375.png` });
      await dialog.getByRole('button', { name: 'Plus tard' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByLabel(BOX).isChecked()).toBe(false);
      expect(await page.getByRole('status').getByText(DONE).count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('not for others: a member is told the space is for journalists, an anonymous visitor is sent to sign in', async () => {
    const { ctx, page } = await signIn('desktop', 'membre@example.fr');
    await page.goto(`${siteUrl()}/espace-presse?optin_whatsapp=open`, { waitUntil: 'networkidle' });
    await page.locator('.user-menu__toggle').waitFor(); // the islands are live
    await page.waitForTimeout(500);
    expect(await page.locator('.notice').first().textContent()).toContain('réservé aux journalistes');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByLabel(BOX).count()).toBe(0);
    await ctx.close();

    const anonymous = await context(browser, 'desktop');
    const visitor = await anonymous.newPage();
    await visitor.goto(`${siteUrl()}/espace-presse?optin_whatsapp=open`, { waitUntil: 'networkidle' });
    expect(new URL(visitor.url()).pathname).toBe('/connexion');
    expect(await visitor.getByRole('dialog', { name: DIALOG }).count()).toBe(0);
    await anonymous.close();
  });
});

describe('press space: requests, footer and banner (issue 30, item 9)', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`journalist: each request a badge on one line with its date, the latest first, none waiting for an event over; the footer's legal links (${size})`, async () => {
      const { ctx, page } = await signIn(size, JOURNALIST);
      await page.goto(`${siteUrl()}/espace-presse`, { waitUntil: 'networkidle' });
      const rows = page.locator('.accreditation-requests tbody tr');
      const days = await rows.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')!));
      expect(days.length).toBeGreaterThan(3);
      expect(days).toEqual([...days].sort().reverse());
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(testNow());
      const badges = await rows.locator('.status').allTextContents();
      days.forEach((day, i) => {
        if (day < today) expect(badges[i], day).not.toBe('En attente');
      });
      expect(badges).toContain('Clôturée');
      expect(await page.getByText('il n’est plus possible de vous accréditer à cet événement').count()).toBe(1);
      // A badge, not a sentence: each request holds on two lines at most on a phone.
      for (const row of await rows.all()) {
        const badge = row.locator('.status');
        expect((await badge.boundingBox())!.height).toBeLessThan(32);
        if (size === 'mobile') expect((await row.boundingBox())!.height).toBeLessThan(110);
      }
      // Its own invitation is the button above: no « S’accréditer » banner; the footer and its legal links stay.
      expect(await page.locator('.accreditation-banner').count()).toBe(0);
      const footer = page.getByRole('contentinfo');
      for (const name of ['Mentions légales', 'Politique de confidentialité', 'Conditions générales d’utilisation']) {
        expect(await footer.getByRole('link', { name }).count(), name).toBe(1);
      }
      await page.locator('#mes-accreditations').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}press-space-requests-${size}.png` });
      await ctx.close();
    });
  }
});

describe('client auth errors sent to /api/auth/_log', () => {
  const beacon = (page: Page) =>
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/_log' && r.method() === 'POST', { timeout: 20_000 });
  const fields = (request: Request) => Object.fromEntries(new URLSearchParams(request.postData() ?? ''));

  it('a session call that fails sends CLIENT_FETCH_ERROR; an unusable session answer, CLIENT_SESSION_ERROR', async () => {
    const ctx = await context(browser, 'desktop');
    const page = await ctx.newPage();
    // No answer at all (network error).
    await page.route('**/api/auth/session', (route) => route.abort('failed'));
    const first = beacon(page);
    await page.goto(siteUrl() + '/');
    const sent = await first;
    expect(fields(sent)).toEqual({ level: 'error', code: 'CLIENT_FETCH_ERROR' });
    expect(sent.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    expect((await sent.response())?.status()).toBe(200);
    // Nobody was signed out by it: the page still offers to sign in, as before.
    await page.getByRole('link', { name: 'Connexion / inscription' }).waitFor();

    // An answer that is not JSON (a proxy's error page): CLIENT_FETCH_ERROR too, on the next focus.
    await page.unroute('**/api/auth/session');
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<!doctype html><title>502</title>' }),
    );
    const second = beacon(page);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect(fields(await second)).toEqual({ level: 'error', code: 'CLIENT_FETCH_ERROR' });

    // A session carrying an error the site does not know: CLIENT_SESSION_ERROR.
    await page.unroute('**/api/auth/session');
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          user: { id: 'u-x', name: 'X', email: 'x@example.fr', firstName: 'X', lastName: 'Y' },
          expires: '2030-01-01T00:00:00.000Z',
          error: 'SessionTokenError',
        }),
      }),
    );
    const third = beacon(page);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect(fields(await third)).toEqual({ level: 'error', code: 'CLIENT_SESSION_ERROR' });

    // A good answer again: nothing is sent.
    await page.unroute('**/api/auth/session');
    const logged: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/auth/_log' && logged.push(r.postData() ?? ''));
    const session = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/session');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect(await (await session).json()).toEqual({});
    await page.waitForTimeout(500);
    expect(logged).toEqual([]);
    await ctx.close();
  });
});
