// The smoke journeys every engine runs (issue 40): what a journalist does first, written once
// against EnginePage. Chromium also runs the full suite (test/e2e/*.test.ts); these are the ones
// Firefox ESR and WebKitGTK must pass too, each checked in the page itself.
import { expect } from 'vitest';
import { PASSWORD, SCREENSHOTS, upstreamUrl } from '../browser';
import { type EnginePage, islandsLive, press, waitFor } from './driver';

/** Published articles that stay on the site (some seeded ones redirect to the federation's main site, unreachable here). */
export async function onSiteArticles(): Promise<Array<{ link: string; blocks: string[] }>> {
  const articles = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{
    link: string;
    redirection: string;
    blocks: string[];
  }>;
  return articles.filter((a) => !a.redirection);
}

/** The consent banner (a tag-manager container is configured in the end-to-end stack) answered « Tout refuser ». */
export async function refuseCookies(page: EnginePage): Promise<void> {
  await waitFor(page, 'the consent banner', () => !!document.querySelector('.consent__actions'), null);
  await press(page, '.consent__actions button:nth-child(2)');
  await waitFor(page, 'the consent banner gone', () => !document.querySelector('.consent__actions'), null);
}

/** Where the page is, without its origin. */
const pathOf = (page: EnginePage) => page.run(() => location.pathname + location.search, null);

/**
 * Home → an article, then away and back, a reload, and the same address opened again: every island
 * live each time. A revisit and a reload are answered 304 from the page's cached copy (where the
 * driver sees the network, that is checked too): the policy that comes with it must let the stored
 * page's script run (decision 021).
 */
export async function homeToArticleAndBack(page: EnginePage): Promise<void> {
  await page.goto('/');
  await islandsLive(page, 'the home page');
  await refuseCookies(page);
  const onSite = new Set((await onSiteArticles()).map((a) => a.link));
  const links = await page.run(
    () => [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/categories/"]')].map((a) => a.getAttribute('href')),
    null,
  );
  const article = links.find((href) => href && onSite.has(href));
  expect(article, 'an on-site article on the home page').toBeTruthy();
  await press(page, `main a[href="${article}"]`);
  await waitFor(page, `the article ${article}`, (path) => location.pathname === path && document.readyState === 'complete', article);
  const islands = await islandsLive(page, 'the article');
  await page.goto('/contact');
  await islandsLive(page, '/contact');
  await page.back();
  await waitFor(page, 'back on the article', (path) => location.pathname === path && document.readyState === 'complete', article);
  expect(await islandsLive(page, 'the article, back')).toBe(islands);
  await page.reload();
  expect(await islandsLive(page, 'the article, reloaded')).toBe(islands);
  await page.goto(article!);
  expect(await islandsLive(page, 'the article, opened again')).toBe(islands);
  await page.reload();
  expect(await islandsLive(page, 'the article, reloaded again')).toBe(islands);
  const statuses = page.documentStatuses();
  // Firefox shows the 304s it got (on the reloads and the revisit); Chromium shows the cached page's
  // 200 in their place. Whatever came back 304 ran its islands above.
  if (statuses && page.engine === 'firefox') expect(statuses).toContain(304);
}

/** The search button opens the panel; typed words bring live hits. */
export async function searchPanel(page: EnginePage): Promise<void> {
  await page.goto('/');
  await islandsLive(page, 'the home page');
  await refuseCookies(page);
  // The box itself at 1280 px, the magnifier that opens it on a phone.
  await press(page, '[role="combobox"], button.header__search-toggle');
  await waitFor(page, 'the search panel', () => !!document.querySelector('.search-panel'), null);
  await page.type('[role="combobox"]', 'equipe');
  // Hits for the words typed, the words marked in them (not « Dernières actualités », shown before any word).
  const marked = await waitFor(
    page,
    'live hits for « equipe », « équipe » marked',
    () => {
      if (document.querySelector('.search-panel[aria-busy]')) return null;
      const marks = [...document.querySelectorAll('.search-panel__hits [role="option"] mark')].map((m) => m.textContent?.toLowerCase());
      return marks.length ? marks : null;
    },
    null,
  );
  expect(marked).toContain('équipe');
}

/** The phone's burger opens the two-level menu: a section, « Retour », « Tout voir ». */
export async function phoneMenu(page: EnginePage): Promise<void> {
  await page.goto('/');
  await islandsLive(page, 'the home page');
  await refuseCookies(page);
  await press(page, 'button.burger');
  await waitFor(page, 'the menu open', () => document.querySelector('.mobile-menu')?.hasAttribute('hidden') === false, null);
  expect(await page.run(() => getComputedStyle(document.body).overflow, null)).toBe('hidden');
  await press(page, '.mobile-menu button.mobile-menu__next');
  const second = await waitFor(
    page,
    'the second level',
    () => {
      const nav = document.querySelector('.mobile-menu nav');
      const texts = [...(nav?.querySelectorAll('button, a') ?? [])].map((e) => e.textContent?.trim());
      return texts.includes('Retour') && texts.includes('Tout voir') ? texts : null;
    },
    null,
  );
  expect(second.length).toBeGreaterThan(2);
}

/** The floating « Contactez-nous » opens the contact form's window, on the page. */
export async function contactWindow(page: EnginePage): Promise<void> {
  await page.goto('/evenements');
  await islandsLive(page, '/evenements');
  await refuseCookies(page);
  await press(page, 'a.contact-fab');
  const title = await waitFor(
    page,
    'the contact window',
    () => {
      const dialog = document.querySelector('dialog[open]');
      return dialog?.querySelector('form') ? dialog.querySelector('h2')?.textContent : null;
    },
    null,
  );
  expect(title).toBe('Contactez-nous');
  expect(await pathOf(page)).toBe('/evenements');
}

/** Sign-in at the provider, the press space, then « Se déconnecter » from the account menu (the provider confirms). */
export async function signInPressSpaceSignOut(page: EnginePage, login: string): Promise<void> {
  await page.goto(`/connexion?${new URLSearchParams({ callbackUrl: '/espace-presse' })}`);
  await press(page, 'form[action="/api/auth/signin/ffr"] button');
  await waitFor(page, 'the provider’s form', () => !!document.querySelector('#password'), null);
  await page.type('#email', login);
  await page.type('#password', PASSWORD);
  await press(page, 'button[type="submit"]');
  await waitFor(page, 'the press space', () => location.pathname === '/espace-presse' && document.readyState === 'complete', null);
  await islandsLive(page, 'the press space');
  expect(await page.run(() => document.querySelector('h1')?.textContent, null)).toBe('Espace presse');
  // The account menu's island (a button), once it knows the session.
  await press(page, 'button.user-menu__toggle');
  await press(page, '.user-menu a', 'Se déconnecter');
  await waitFor(page, 'the provider’s sign-out', () => document.querySelector('h1')?.textContent === 'Se déconnecter de la FFR ?', null);
  await press(page, 'button[name="logout"]');
  await waitFor(page, 'back home, signed out', () => location.pathname === '/' && document.readyState === 'complete', null);
  const session = await page.run(() => fetch('/api/auth/session').then((r) => r.json()), null);
  expect(session?.user).toBeUndefined();
}

/** The events page and its calendar file. */
export async function eventsAndCalendar(page: EnginePage): Promise<void> {
  await page.goto('/evenements');
  await islandsLive(page, '/evenements');
  const ics = await page.run(async () => {
    const href = document.querySelector<HTMLAnchorElement>('a[href="/evenements.ics"]')?.href;
    const res = href ? await fetch(href) : null;
    return res ? { type: res.headers.get('content-type'), text: await res.text() } : null;
  }, null);
  expect(ics?.type).toContain('text/calendar');
  expect(ics?.text.startsWith('BEGIN:VCALENDAR')).toBe(true);
}

/** A story from the search panel's « Recherches du moment », its player live. */
export async function story(page: EnginePage): Promise<void> {
  await page.goto('/');
  const href = await waitFor(
    page,
    'a story in the search panel’s « Recherches du moment »',
    () =>
      (JSON.parse(document.querySelector<HTMLElement>('[data-island="SearchBox"]')?.dataset.props ?? '{}').stories?.[0]?.url as
        | string
        | undefined) ?? null,
    null,
  );
  await page.goto(href);
  await islandsLive(page, href);
  expect(
    await page.run(
      () => document.querySelectorAll('[data-island="StoryPlayer"][data-hydrated], [data-island^="Story"][data-hydrated]').length,
      null,
    ),
  ).toBeGreaterThan(0);
}

/**
 * At the narrowest width: the search's sort row stays on the screen (issue 40, item 2), and every
 * article table shows « Faites glisser… » exactly when it scrolls (item 3).
 */
export async function narrowLayouts(page: EnginePage, tableArticles: string[]): Promise<void> {
  await page.goto('/recherche?query=france');
  const sort = await page.run(() => {
    const row = document.querySelector('.search-sort');
    const links = [...(row?.querySelectorAll('li') ?? [])].map((li) => Math.round(li.getBoundingClientRect().right));
    return { links, width: document.documentElement.clientWidth, page: document.documentElement.scrollWidth };
  }, null);
  expect(sort.links).toHaveLength(3);
  for (const right of sort.links) expect(right, `a sort link within ${sort.width} px`).toBeLessThanOrEqual(sort.width);
  expect(sort.page).toBeLessThanOrEqual(sort.width);
  await page.run(() => document.querySelector('.search-sort')?.scrollIntoView({ block: 'center' }), null);
  await page.screenshot(`${SCREENSHOTS}engines-${page.engine}-sort-${sort.width}.png`);
  for (const path of tableArticles) {
    await page.goto(path);
    await islandsLive(page, path);
    // Where CSS cannot tell (no scroll timelines), client/scroll-hints.ts must have measured every table.
    await waitFor(
      page,
      'every table measured',
      () =>
        CSS.supports('animation-timeline', 'scroll()') ||
        [...document.querySelectorAll('.article-table')].every((t) => t.classList.contains('is-measured')),
      null,
    );
    const tables = await page.run(
      () =>
        [...document.querySelectorAll<HTMLElement>('.article-table')].map((t) => {
          const hint = t.querySelector<HTMLElement>('.article-table__hint');
          return { scrolls: t.scrollWidth > t.clientWidth, hint: !!hint && hint.offsetHeight > 0 };
        }),
      null,
    );
    expect(tables.length, path).toBeGreaterThan(0);
    for (const t of tables) expect(t.hint, `${path}: a table that ${t.scrolls ? 'scrolls' : 'fits'}`).toBe(t.scrolls);
  }
}
