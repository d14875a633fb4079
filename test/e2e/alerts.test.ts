import PostalMime from 'postal-mime';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, resetAccount, SCREENSHOTS, signInFromHome, siteUrl, upstreamUrl } from './browser';

// Issue 44, the whole path in a real browser: a journalist follows « XV de France » in the press
// space, the press office publishes through the local WordPress (the emulator signs the purge as the
// plugin does), the mail arrives at the local upstream's real SMTP server, is parsed by postal-mime,
// and the one-click unsubscribe works with the POST a mail client sends (RFC 8058).

const JOURNALIST = 'journaliste@example.fr';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await resetAccount(JOURNALIST);
});

/** The mail sets French spacing (a narrow no-break space before « : »): compared as plain spaces. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

type Received = { envelope: { to: string[] }; raw: string };
const received = async () =>
  ((await (await fetch(`${upstreamUrl()}/__control/mail?to=${encodeURIComponent(JOURNALIST)}`)).json()) as Received[]).map((m) => m.raw);

async function waitForMail(count: number): Promise<string[]> {
  const until = Date.now() + 30_000;
  for (;;) {
    const raws = await received();
    if (raws.length >= count) return raws;
    if (Date.now() > until) throw new Error(`expected ${count} mail(s), ${raws.length} arrived`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('press alerts', () => {
  it('follow « XV de France », a post is published, one mail arrives, and one click unsubscribes', async () => {
    await resetAccount(JOURNALIST);
    const before = (await received()).length;
    const { ctx, page } = await signInFromHome(browser, 'desktop', JOURNALIST);
    try {
      await page.goto(`${siteUrl()}/espace-presse`, { waitUntil: 'networkidle' });
      const alerts = page.getByRole('region', { name: 'Mes alertes' });
      // Without the mail consent, the section says what to do first.
      await expect.poll(() => alerts.textContent()).toContain('acceptez d’abord les e-mails du service de presse');
      await page.getByLabel('Recevoir les communiqués par e-mail').check();
      await page.getByText('Vos préférences ont été enregistrées.').first().waitFor();
      await page.reload({ waitUntil: 'networkidle' });

      await alerts.getByRole('group', { name: 'Équipes de France' }).getByLabel('XV de France').check();
      await alerts.getByLabel('Dès la publication').check();
      await page.screenshot({ path: `${SCREENSHOTS}alerts-press-space-1280.png`, fullPage: true });
      await alerts.getByRole('button', { name: 'Enregistrer mes alertes' }).click();
      await page.waitForURL(/\/espace-presse\?fait=alertes$/);
      await page.getByText('Vos alertes ont été enregistrées.').waitFor();
      expect(await alerts.getByLabel('XV de France').isChecked()).toBe(true);
      // On a phone too: the groups' choices wrap in the width.
      await page.setViewportSize({ width: 375, height: 800 });
      await alerts.screenshot({ path: `${SCREENSHOTS}alerts-press-space-375.png` });
      expect(await alerts.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The press office publishes, under a sub-category of the team's (the post lists its ancestors):
      // the emulator sends the signed purge to the site, as the plugin does.
      const categories = (await (await fetch(`${upstreamUrl()}/wp-json/ffr/v1/categories`)).json()) as { name: string; slug: string }[];
      const autumn = categories.find((c) => c.name === 'Tests d’automne')!.slug;
      const published = await fetch(`${upstreamUrl()}/__control/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ create: { title: 'Tests d’automne : la liste des 42 joueurs retenus', categorySlug: autumn } }),
      }).then((r) => r.json() as Promise<{ post: { title: string; link: string }; purge: { delivered: { status: number } } }>);
      expect(published.purge.delivered.status).toBe(200);

      const [raw] = (await waitForMail(before + 1)).slice(before);
      const mail = await PostalMime.parse(raw!);
      expect(plain(mail.subject)).toContain(published.post.title);
      expect(mail.to?.[0]?.address).toBe(JOURNALIST);
      const header = (key: string) => mail.headers.find((h) => h.key === key)?.value ?? '';
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const unsubscribe = /^<(.+)>$/.exec(header('list-unsubscribe'))?.[1];
      expect(unsubscribe).toMatch(new RegExp(`^${siteUrl()}/alertes/desabonnement\\?jeton=`));
      // Both parts: the HTML in French with the post's link, the plain text with the same.
      expect(mail.html).toContain('lang="fr"');
      expect(mail.html).toContain(published.post.link);
      expect(plain(mail.text)).toContain(published.post.title);
      expect(mail.text).toContain('XV de France');
      expect(mail.text).toContain(unsubscribe);

      // The mail's body link opens a page that asks (a GET never unsubscribes)…
      const asked = await ctx.newPage();
      await asked.goto(unsubscribe!);
      await asked.getByRole('button', { name: 'Me désabonner' }).waitFor();
      await asked.close();
      // …and the mail client's one POST, no cookie, no origin, unsubscribes.
      const click = await fetch(unsubscribe!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(click.status).toBe(200);
      await page.reload({ waitUntil: 'networkidle' });
      expect(await alerts.getByLabel('XV de France').isChecked()).toBe(false);

      // Following again, then withdrawing the mail consent (the island's box): the alerts go with it.
      await alerts.getByLabel('XV de France').check();
      await alerts.getByRole('button', { name: 'Enregistrer mes alertes' }).click();
      await page.getByText('Vos alertes ont été enregistrées.').waitFor();
      await page.getByLabel('Recevoir les communiqués par e-mail').uncheck();
      await page.getByText('Vos préférences ont été enregistrées.').first().waitFor();
      await page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => alerts.textContent()).toContain('acceptez d’abord les e-mails du service de presse');
      // Consent given again: nothing was kept of the former choices.
      await page.getByLabel('Recevoir les communiqués par e-mail').check();
      await page.getByText('Vos préférences ont été enregistrées.').first().waitFor();
      await page.reload({ waitUntil: 'networkidle' });
      expect(await alerts.getByLabel('XV de France').isChecked()).toBe(false);

      // Nothing more for the next post.
      await fetch(`${upstreamUrl()}/__control/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ create: { title: 'Un autre article du XV', categorySlug: 'xv-de-france' } }),
      });
      await new Promise((r) => setTimeout(r, 4000));
      expect(await received()).toHaveLength(before + 1);
    } finally {
      await ctx.close();
    }
  });
});
