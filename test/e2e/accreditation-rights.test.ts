import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { sendPurge } from '../support/purge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDevVars, root } from '../../scripts/lib/stack.mjs';
import { context, islandLive, launch, resetAccount, SCREENSHOTS, siteUrl, testNow, throughProvider, upstreamUrl } from './browser';

// Issue 20: accreditation requests are a journalist's right (SPEC §6). An anonymous reader is
// invited to sign in and comes back to the form as they left it; a signed-in reader without the
// status is told how to ask for it; the journalist sends. And dates typed with a two-digit year
// (SPEC §9, cutoff 60), in the island and without JavaScript. At 1280 and 375 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = { desktop: { width: 1280, height: 900 }, mobile: { width: 375, height: 812 } } as const;
type Size = keyof typeof SIZES;

let visitors = 0;
/** A visitor of its own (cf-connecting-ip): the per-visitor limits on sendings and sign-ins count this test alone. */
async function open(size: Size, path: string, options: { javaScriptEnabled?: boolean } = {}): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await context(browser, size, {
    viewport: SIZES[size],
    extraHTTPHeaders: { 'cf-connecting-ip': `192.0.2.${++visitors}` },
    ...options,
  });
  const page = await ctx.newPage();
  await page.goto(siteUrl() + path, { waitUntil: 'networkidle' });
  const refuse = page.getByRole('button', { name: 'Tout refuser' });
  if (await refuse.isVisible()) await refuse.click();
  return { ctx, page };
}

/** An address of its own: CF7's one-request-per-e-mail-and-event rule ties it to no other test. */
const uniqueEmail = (who: string) => `claire.dubois.${who}.${Date.now().toString(36)}@example.fr`;

/** Once the page has stopped scrolling (the island scrolls smoothly to an answer): is it wholly on screen? */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  let last = -1;
  for (let y = await page.evaluate(() => window.scrollY); y !== last; y = await page.evaluate(() => window.scrollY)) {
    last = y;
    await page.waitForTimeout(150);
  }
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return !!box && box.y >= 0 && box.y + Math.min(box.height, height) <= height;
}

const hydrated = (page: Page) => islandLive(page, 'form.cf7-form');

type FutureEvent = { slug: string; title: string; accreditation: { kind: string; deadline: string } | null };
async function openEvents(kind: string): Promise<FutureEvent[]> {
  const events = (await (
    await fetch(`${upstreamUrl()}/wp-json/ffr/v1/future_events?ends_after=${testNow().toISOString().slice(0, 19)}`)
  ).json()) as FutureEvent[];
  return events.filter((e) => e.accreditation?.kind === kind && Date.parse(e.accreditation.deadline) > testNow().getTime());
}

describe('an anonymous reader on /accreditations', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`is invited to sign in, is refused at the sending with the input kept, signs in as a journalist and comes back with the choice kept (${size})`, async () => {
      // On a phone, the way most come: an event page's « S’accréditer » (its event ticked).
      const [event] = await openEvents('evenements-presse');
      const path = size === 'desktop' ? '/accreditations?formulaire=evenements-presse' : `/accreditations?evenement=${event!.slug}`;
      const { ctx, page } = await open(size, path);
      await hydrated(page);
      const notice = page.locator('.access-notice');
      expect(await notice.textContent()).toContain('Les demandes d’accréditation sont réservées aux journalistes.');
      expect(await notice.textContent()).toContain('avec ce que vous y aurez déjà choisi et saisi');
      const invitation = notice.getByRole('link', { name: 'Connexion / inscription' });
      expect(await invitation.isVisible()).toBe(true);
      if (size === 'mobile') await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-invitation-${size}.png` });

      // What the reader chooses and types before signing in. Who they are is not typed: it will be
      // their profile's (issue 50), and the form says where to change it.
      await resetAccount('journaliste@example.fr');
      const form = page.locator('form.cf7-form');
      for (const label of ['Nom', 'Prénom', 'Adresse e-mail'])
        expect(await form.getByLabel(label, { exact: true }).getAttribute('readonly'), label).not.toBeNull();
      const note = form.locator('.form__fixed-note');
      expect(await note.textContent()).toContain('Votre demande est faite au nom de votre profil FFR');
      expect(await note.getByRole('link', { name: 'votre espace presse' }).getAttribute('href')).toBe('/espace-presse');
      await form.getByLabel('Téléphone').fill('06 11 22 33 44');
      await form.getByLabel('Fonction').selectOption('Reporter photographe');
      const unticked = form.locator('.event-picker li:not(.is-closed) input:not(:checked)');
      if (size === 'desktop') await unticked.first().check();
      await unticked.first().check();
      const chosen = await form
        .locator('.event-picker input:checked')
        .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
      expect(chosen).toHaveLength(2);
      if (size === 'mobile') expect(chosen).toContain(event!.title.replaceAll('&#8217;', '’'));
      await form.getByLabel(/J’accepte/).check();

      // Sent anyway: the server refuses, the page says why and how, nothing typed is lost.
      await form.getByRole('button', { name: 'Envoyer' }).click();
      const refusal = page.locator('.form-result--failure');
      await refusal.getByRole('heading', { name: 'Connectez-vous pour envoyer votre demande' }).waitFor();
      await expect.poll(() => inView(page, refusal)).toBe(true);
      expect(await refusal.textContent()).toContain(
        'Les demandes d’accréditation sont réservées aux journalistes connectés à leur compte FFR.',
      );
      expect(await form.getByLabel('Téléphone').inputValue()).toBe('06 11 22 33 44');
      expect(await form.locator('.event-picker input:checked').count()).toBe(2);
      await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-refused-anonymous-${size}.png` });

      // The refusal's own sign-in link: to the provider, and back to this very address.
      await refusal.getByRole('link', { name: 'Connexion / inscription' }).click();
      await throughProvider(page, 'journaliste@example.fr', path);
      await page.waitForLoadState('networkidle');
      const back = page.locator('form.cf7-form');
      // Who is asking: the profile's values, shown as such; what was typed and chosen: kept.
      await expect.poll(() => back.getByLabel('Nom', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('Lefèvre');
      expect(await back.getByLabel('Adresse e-mail').inputValue()).toBe('journaliste@example.fr');
      expect(await back.getByRole('textbox', { name: 'Média' }).inputValue()).toBe('L’Équipe');
      expect(await back.getByLabel('Téléphone').inputValue()).toBe('06 11 22 33 44');
      expect(await back.getByLabel('Fonction').inputValue()).toBe('Reporter photographe');
      expect(
        await back.locator('.event-picker input:checked').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)),
      ).toEqual(chosen);
      // A journalist: no invitation any more (the profile is read once signed in).
      await page.locator('.user-menu__toggle').waitFor();
      await expect.poll(() => page.locator('.access-notice').count(), { timeout: 10_000 }).toBe(0);
      if (size === 'mobile') await back.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-back-signed-in-${size}.png`, fullPage: size === 'desktop' });

      expect(await back.getByLabel(/J’accepte/).isChecked()).toBe(true);
      await back.getByRole('button', { name: 'Envoyer' }).click();
      const result = page.locator('.form-result--success');
      await result.getByRole('heading', { name: 'Demande d’accréditation envoyée' }).waitFor();
      await expect.poll(() => inView(page, result)).toBe(true);
      // SPEC §8 and §2: the personal space, on the federation's pre-production site here, in a new tab.
      const personal = result.getByRole('link', { name: 'Mon espace personnel (nouvel onglet)' });
      expect(await personal.getAttribute('href')).toBe('https://pp.ffr.fr/tableau-de-bord');
      expect(await personal.getAttribute('target')).toBe('_blank');
      expect(await result.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
      await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-sent-${size}.png` });
      await ctx.close();
    });
  }
});

describe('cancelling the sign-in at the provider (issue 30, item 3)', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`« Annuler et revenir au site » brings the reader back to the form as they left it, with no error (${size})`, async () => {
      const [event] = await openEvents('evenements-presse');
      const path = `/accreditations?evenement=${event!.slug}`;
      const { ctx, page } = await open(size, path);
      await hydrated(page);
      const form = page.locator('form.cf7-form');
      await form.getByLabel('Téléphone').fill('06 11 22 33 44');
      await form.getByLabel('Fonction').selectOption('Pigiste');
      const ticked = await form
        .locator('.event-picker input:checked')
        .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
      expect(ticked).toEqual([event!.title.replaceAll('&#8217;', '’')]);

      await page.locator('.access-notice').getByRole('link', { name: 'Connexion / inscription' }).click();
      await page.getByRole('link', { name: 'Annuler et revenir au site' }).click();
      await page.waitForURL(siteUrl() + path);
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('n’a pas abouti').count()).toBe(0);
      const back = page.locator('form.cf7-form');
      await expect.poll(() => back.getByLabel('Téléphone').inputValue(), { timeout: 10_000 }).toBe('06 11 22 33 44');
      expect(await back.getByLabel('Fonction').inputValue()).toBe('Pigiste');
      expect(
        await back.locator('.event-picker input:checked').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)),
      ).toEqual(ticked);
      // Still signed out, still invited to sign in.
      expect(await page.locator('.access-notice').getByRole('link', { name: 'Connexion / inscription' }).isVisible()).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-sign-in-cancelled-${size}.png` });
      await ctx.close();
    });
  }
});

describe('a signed-in reader without the journalist status', () => {
  for (const size of ['desktop', 'mobile'] as const) {
    it(`is told how to ask for the status, and refused at the sending with the input kept (${size})`, async () => {
      const { ctx, page } = await open(size, `/connexion?callbackUrl=${encodeURIComponent('/accreditations')}`);
      await page.getByRole('button', { name: 'Se connecter avec mon compte FFR' }).click();
      await throughProvider(page, 'membre@example.fr', '/accreditations');
      await page.waitForLoadState('networkidle');
      const notice = page.locator('.access-notice');
      await notice.getByText('Votre compte FFR n’a pas le statut de journaliste.').waitFor();
      expect(await notice.getByRole('link', { name: 'Connexion / inscription' }).count()).toBe(0);
      expect(await notice.getByRole('link', { name: 'Mon espace presse' }).getAttribute('href')).toBe('/espace-presse');
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-not-journalist-${size}.png` });

      // The press space's own request path, right here.
      await notice.getByRole('button', { name: 'Demander le statut de journaliste' }).click();
      const dialog = page.getByRole('dialog', { name: 'Êtes-vous journaliste ?' });
      await dialog.getByRole('button', { name: 'Je suis journaliste' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-status-request-${size}.png` });
      // Not asked here: the account's status is shared with the other tests.
      await dialog.getByRole('button', { name: 'Je ne suis pas journaliste' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const form = page.locator('form.cf7-form');
      await expect.poll(() => form.getByLabel('Adresse e-mail').inputValue()).toBe('membre@example.fr');
      await form.getByLabel('Téléphone').fill('06 11 22 33 44');
      await form.getByLabel('Fonction').selectOption('Pigiste');
      await form.locator('.event-picker li:not(.is-closed) input').first().check();
      await form.getByLabel(/J’accepte/).check();
      await form.getByRole('button', { name: 'Envoyer' }).click();
      const refusal = page.locator('.form-result--failure');
      await refusal.getByRole('heading', { name: 'Demande réservée aux journalistes' }).waitFor();
      await expect.poll(() => inView(page, refusal)).toBe(true);
      expect(await refusal.getByRole('link', { name: 'Mon espace presse' }).getAttribute('href')).toBe('/espace-presse');
      expect(await form.getByLabel('Téléphone').inputValue()).toBe('06 11 22 33 44');
      await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-refused-not-journalist-${size}.png` });
      await ctx.close();
    });
  }
});

describe('dates typed with a two-digit year (SPEC §9, cutoff 60)', () => {
  // The contact form as an editor might extend it (an optional date), for these tests only.
  let original = '';
  const vars = async () => parseDevVars(await readFile(`${root}.dev.vars`, 'utf8')) as Record<string, string>;
  async function cf7Form(): Promise<{ id: number; markup: string }> {
    const auth = `Basic ${Buffer.from((await vars()).CF7_CREDENTIALS!).toString('base64')}`;
    const list = (await (
      await fetch(`${upstreamUrl()}/wp-json/contact-form-7/v1/contact-forms`, { headers: { authorization: auth } })
    ).json()) as Array<{ id: number; slug: string }>;
    const id = list.find((f) => f.slug === 'contactez-nous')!.id;
    const form = (await (
      await fetch(`${upstreamUrl()}/wp-json/contact-form-7/v1/contact-forms/${id}`, { headers: { authorization: auth } })
    ).json()) as { properties: { form: { content: string } } };
    return { id, markup: form.properties.form.content };
  }
  /** An editor's save, then WordPress's purge hook as the plugin signs it. */
  async function save(markup: string) {
    const { id } = await cf7Form();
    await fetch(`${upstreamUrl()}/__control/cf7/forms/contactez-nous`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ form: markup }),
    });
    const res = await sendPurge(siteUrl(), { type: 'form', action: 'update', form: { id, slug: 'contactez-nous' } });
    expect(res.status).toBe(200);
  }
  beforeAll(async () => {
    original = (await cf7Form()).markup;
    await save(original.replace('[submit', '<label> Date de l’événement\n    [date date-evenement] </label>\n[submit'));
  });
  afterAll(async () => {
    if (original) await save(original);
  });

  const sentDates = async () =>
    ((await (await fetch(`${upstreamUrl()}/__control/submissions`)).json()) as Array<{ fields: Record<string, string[]> }>).map(
      (s) => s.fields['date-evenement']?.[0],
    );

  async function fillContact(page: Page, email: string) {
    const form = page.locator('#contactez-nous');
    await form.getByLabel('Nom', { exact: true }).fill('Dubois');
    await form.getByLabel('Prénom').fill('Claire');
    await form.getByLabel('Adresse e-mail').fill(email);
    await form.getByLabel('Sujet').selectOption('Événements');
    await form.getByLabel('Interview').check();
    await form.getByLabel('Message').fill('Bonjour, pourrions-nous couvrir la journée médias de cet événement ?');
    await form.getByLabel(/J’accepte/).check();
    return form;
  }
  /** The page with the date field (the cached copy is refreshed after the purge). */
  async function withDateField(page: Page) {
    await expect
      .poll(async () => (await page.reload({ waitUntil: 'networkidle' }), page.getByLabel('Date de l’événement').count()), {
        timeout: 15_000,
      })
      .toBe(1);
  }

  it('in the island: 05/05/85 typed by hand shows and is sent as 1985-05-05; 01/01/25 as 2025-01-01 (1280 px)', async () => {
    const { ctx, page } = await open('desktop', '/contact');
    await withDateField(page);
    await hydrated(page);
    const form = await fillContact(page, uniqueEmail('date-ile'));
    const date = form.getByLabel('Date de l’événement');
    // Day and month alike, so that the segments' order (the browser's locale) does not matter.
    await date.focus();
    await page.keyboard.type('050585');
    expect(await date.inputValue()).toBe('0085-05-05'); // what the browser holds for a two-digit year
    // Nothing changes while the reader is in the field (a year is typed one digit at a time)…
    await page.keyboard.press('Tab'); // Chromium: onto the field's own calendar button
    expect(await date.inputValue()).toBe('0085-05-05');
    // …and the year read shows once they leave it.
    await form.getByLabel('Message').click();
    await expect.poll(() => date.inputValue()).toBe('1985-05-05');
    await date.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-date-two-digits-desktop.png` });
    const before = (await sentDates()).length;
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Merci, votre message a été envoyé').waitFor();
    expect((await sentDates()).slice(before)).toEqual(['1985-05-05']);
    await ctx.close();

    // 25 is 2025 (the cutoff is 60).
    const second = await open('desktop', '/contact');
    await withDateField(second.page);
    await hydrated(second.page);
    const again = await fillContact(second.page, uniqueEmail('date-ile-25'));
    await again.getByLabel('Date de l’événement').focus();
    await second.page.keyboard.type('010125');
    await again.getByLabel('Message').click();
    await expect.poll(() => again.getByLabel('Date de l’événement').inputValue()).toBe('2025-01-01');
    await second.ctx.close();
  });

  it('without JavaScript: 01/01/61 typed by hand is sent as 1961-01-01 (375 px)', async () => {
    const { ctx, page } = await open('mobile', '/contact', { javaScriptEnabled: false });
    await withDateField(page);
    const form = await fillContact(page, uniqueEmail('date-sansjs'));
    await form.getByLabel('Date de l’événement').focus();
    await page.keyboard.type('010161');
    await form.getByLabel('Message').click();
    // Nothing reads it on the page: the browser posts the year as typed, 0061.
    expect(await form.getByLabel('Date de l’événement').inputValue()).toBe('0061-01-01');
    const before = (await sentDates()).length;
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForLoadState();
    await page.getByText('Merci, votre message a été envoyé').waitFor();
    expect((await sentDates()).slice(before)).toEqual(['1961-01-01']);
    await page.screenshot({ path: `${SCREENSHOTS}accreditation-rights-date-nojs-mobile.png` });
    await ctx.close();
  });
});
