import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/lib/browsers.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    upstreamUrl: string;
    testNow: string;
  }
}

export const siteUrl = () => inject('siteUrl');
export const upstreamUrl = () => inject('upstreamUrl');
/** The instant the whole run stands at (test/support/clock.ts): the upstream's, the worker's and the browsers' « now ». */
export const testNow = () => new Date(inject('testNow'));
export const SCREENSHOTS = new URL('../../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

export const launch = (): Promise<Browser> => launchChromium();

export const viewports = {
  desktop: { width: 1280, height: 900 },
  wide: { width: 1600, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;

/**
 * Every browser of the run: French, in Paris, and with its clock started at the run's instant (it
 * then runs on), as the local upstream's and the worker's are pinned there: a page's script that
 * asks what time it is (the accreditation picker's « à venir », the new-posts notice) agrees with
 * the content.
 */
export async function context(
  browser: Browser,
  kind: keyof typeof viewports,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: viewports[kind],
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    isMobile: kind === 'mobile',
    hasTouch: kind === 'mobile',
    ...options,
  });
  await ctx.clock.install({ time: testNow() });
  return ctx;
}

/**
 * The first of these article links that stays on the site: some seeded articles redirect to the
 * federation's main site (unreachable here), and which ones come first depends on the date.
 */
export async function onSiteArticleLink(page: Page, selector: string): Promise<Locator> {
  const articles = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{
    link: string;
    redirection: string;
  }>;
  const leaving = new Set(articles.filter((a) => a.redirection).map((a) => a.link));
  const links = page.locator(selector);
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const href = (await links.nth(i).getAttribute('href')) ?? '';
    if (!leaving.has(href)) return links.nth(i);
  }
  throw new Error(`no on-site article among ${count} links (${selector})`);
}

/** The seeded accounts' password (dev/oidc). */
export const PASSWORD = 'Rugby2026!';

/**
 * The provider's login form, filled and sent: waits until the site has brought the reader back to
 * `path`, and says where they landed when it did not.
 */
export async function throughProvider(page: Page, login: string, path: string): Promise<void> {
  await page.getByLabel('Adresse e-mail').fill(login);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  try {
    await page.waitForURL(siteUrl() + path);
  } catch (error) {
    throw new Error(`signed in as ${login}, back on ${page.url()} instead of ${path}`, { cause: error });
  }
}

/** Signs in from the site's sign-in page (/connexion), asked to come back to `path`. */
export async function signInAt(page: Page, login: string, path: string): Promise<void> {
  await page.goto(`${siteUrl()}/connexion?${new URLSearchParams({ callbackUrl: path })}`);
  await page.getByRole('button', { name: 'Se connecter avec mon compte FFR' }).click();
  await throughProvider(page, login, path);
  await page.waitForLoadState('networkidle');
}

/** Signs in from the home page's « Connexion » link, as a reader does; back on the home page. */
export async function signInFromHome(
  browser: Browser,
  kind: 'desktop' | 'mobile',
  login: string,
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await context(browser, kind);
  const page = await ctx.newPage();
  await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  // One step: the link goes straight to the provider (issue 18, item 4).
  await page
    .getByRole('link', { name: kind === 'desktop' ? 'Connexion / inscription' : 'Se connecter' })
    .first()
    .click();
  await throughProvider(page, login, '/');
  await page.waitForLoadState('networkidle');
  return { ctx, page };
}

/**
 * The signed-in account's WhatsApp choice, set through the site's own API. The emulator keeps it
 * between test files, and vitest orders files by their last durations: a file that needs a choice
 * sets it, a file that changes it puts it back.
 */
export async function setWhatsappOptIn(ctx: BrowserContext, value: boolean): Promise<void> {
  const { csrfToken } = (await (await ctx.request.get(`${siteUrl()}/api/auth/csrf`)).json()) as { csrfToken: string };
  const res = await ctx.request.post(`${siteUrl()}/api/user/prefs?action=optin_whatsapp`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { value },
  });
  const saved = res.ok() ? ((await res.json()) as { journaliste_optin_whatsapp?: boolean }).journaliste_optin_whatsapp : undefined;
  if (saved !== value) throw new Error(`WhatsApp choice not saved: ${res.status()}`);
}

/** A test account back as seeded (status, newsroom flags, lists): a journey that changed it leaves it for the next. */
export async function resetAccount(email: string): Promise<void> {
  const res = await fetch(`${upstreamUrl()}/__control/accounts/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`account ${email} not reset: ${res.status}`);
}

/** Whether the island holding `selector` is live (client/hydrate.tsx marks its root data-hydrated). */
export const isIslandLive = (page: Page, selector: string) =>
  page.evaluate((s) => !!document.querySelector(s)?.closest('[data-island]')?.hasAttribute('data-hydrated'), selector);

/** Waits until the island holding `selector` is live: until then its buttons are the server's HTML. */
export const islandLive = (page: Page, selector: string) =>
  page.waitForFunction((s) => !!document.querySelector(s)?.closest('[data-island]')?.hasAttribute('data-hydrated'), selector);

/**
 * Waits until the search panel shows the answer to the words in the box (no aria-busy): until then
 * it keeps the previous answer (to « equi » while « equipe » is on its way), which a test must not read.
 */
export const liveAnswer = (page: Page) => page.locator('.search-panel:not([aria-busy])').waitFor();
