import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, launch, liveAnswer, SCREENSHOTS, setWhatsappOptIn, signInAt, siteUrl, upstreamUrl } from './browser';

// Issue 18, items 3 (the header must not move while the page loads and hydrates) and 7 (the
// header used with the keyboard only: disclosure menus, then the search as a combobox).

const SIZES = { desktop: { width: 1280, height: 900 }, mobile: { width: 375, height: 800 } } as const;
type Size = keyof typeof SIZES;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function newContext(size: Size, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  return context(browser, size, { viewport: SIZES[size], ...options });
}

/** The consent banner answered once (« Tout refuser »), as a returning reader sees the site. */
async function refuseCookies(ctx: BrowserContext) {
  const page = await ctx.newPage();
  await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  await page.close();
}

async function signInAsJournalist(ctx: BrowserContext) {
  const page = await ctx.newPage();
  await signInAt(page, 'journaliste@example.fr', '/');
  await page.close();
  // The journalist has not opted in to WhatsApp, whatever an earlier file left in the emulator:
  // the invitation is part of what is measured.
  await setWhatsappOptIn(ctx, false);
}

/** Every island root live (client/hydrate.tsx marks it data-hydrated). */
const islandsHydrated = (page: Page) =>
  page.waitForFunction(
    () => [...document.querySelectorAll('[data-island]')].every((root) => root.hasAttribute('data-hydrated')),
    undefined,
    { timeout: 30_000 },
  );

async function articlePath(): Promise<string> {
  const articles = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{
    link: string;
    redirection: string;
  }>;
  return articles.find((a) => !a.redirection)!.link;
}

declare global {
  interface Window {
    __cls?: { value: number; shifts: Array<{ value: number; at: number; sources: string[] }> };
  }
}

/** Registered before any script of the page: the layout shifts from the first paint on. */
function observeLayoutShifts() {
  const describeNode = (n: Node | null) =>
    n instanceof Element
      ? `${n.tagName.toLowerCase()}${n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\s+/).join('.') : ''}`
      : String(n?.nodeName);
  const record = { value: 0, shifts: [] as Array<{ value: number; at: number; sources: string[] }> };
  window.__cls = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }
    >) {
      if (entry.hadRecentInput) continue;
      record.value += entry.value;
      record.shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: (entry.sources ?? []).map((s) => describeNode(s.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

describe('header journeys (issue 18)', () => {
  it('item 3: the header does not move at load, signed out and in, home and article, 1280 and 375 px, CPU ×4 (CLS ≤ 0.01)', {
    timeout: 240_000,
  }, async () => {
    const article = await articlePath();
    const figures: Array<{ size: Size; who: string; page: string; cls: number; shifts: string[] }> = [];
    for (const size of ['desktop', 'mobile'] as const) {
      for (const signedIn of [false, true]) {
        const ctx = await newContext(size);
        await refuseCookies(ctx);
        if (signedIn) await signInAsJournalist(ctx);
        await ctx.addInitScript(observeLayoutShifts);
        for (const path of ['/', article]) {
          const page = await ctx.newPage();
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await page.goto(siteUrl() + path, { waitUntil: 'load' });
          await islandsHydrated(page);
          if (signedIn) {
            // What the journalist's islands bring: the name, the WhatsApp invitation, the favourite.
            await page.locator('.user-menu__toggle').waitFor();
            await page.getByRole('link', { name: 'Recevez les dernières actualités sur WhatsApp' }).waitFor();
            if (path !== '/') await page.locator('.favorite-button').waitFor();
          }
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(1000);
          const { value, shifts } = (await page.evaluate(() => window.__cls))!;
          figures.push({
            size,
            who: signedIn ? 'journaliste' : 'anonyme',
            page: path === '/' ? 'accueil' : 'article',
            cls: Number(value.toFixed(4)),
            shifts: shifts.map((s) => `${s.value.toFixed(4)} @${s.at} ms ${s.sources.join(', ')}`),
          });
          if (path === '/')
            await page.screenshot({
              path: `${SCREENSHOTS}journeys-header-${SIZES[size].width}-${signedIn ? 'in' : 'out'}.png`,
              clip: { x: 0, y: 0, width: SIZES[size].width, height: 200 },
            });
          await cdp.detach();
          await page.close();
        }
        await ctx.close();
      }
    }
    console.log(
      figures
        .map(
          (f) =>
            `CLS ${f.cls.toFixed(4)}  ${SIZES[f.size].width} px  ${f.who}  ${f.page}${f.shifts.length ? '\n    ' + f.shifts.join('\n    ') : ''}`,
        )
        .join('\n'),
    );
    expect(figures.filter((f) => f.cls > 0.01).map((f) => `${SIZES[f.size].width} ${f.who} ${f.page}: ${f.cls}`)).toEqual([]);
  });

  it('item 3: the top bar and the header painted before the rest of their HTML is parsed have every box in its final place, 1280 and 375 px', async () => {
    // The page streams in: a browser may paint it after any element of these 30 kB has arrived,
    // which the timing of the test above only meets by chance. Here the page is written into a
    // frame element by element (its stylesheet inlined, no script: the layout before hydration,
    // with scripting on), and after each one every visible box must already be where it ends.
    // Cuts inside a text are not tried: a centred or right-aligned label grows from its centre or
    // its right while its own text is still arriving.
    let html = await (await fetch(siteUrl() + '/')).text();
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    const css = await (await fetch(siteUrl() + href)).text();
    html = html
      .replace(/<link rel="stylesheet"[^>]*>/, () => `<style>${css.replaceAll('</', '<\\/')}</style>`)
      .replace(/<script\b[\s\S]*?<\/script>/g, '');
    for (const size of ['desktop', 'mobile'] as const) {
      const ctx = await newContext(size);
      const page = await ctx.newPage();
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(siteUrl() + '/robots.txt'); // an empty page of the site's origin
      const { cuts, moved } = await page.evaluate(
        async ({ html, width }) => {
          const start = html.indexOf('<section class="topbar"');
          const end = html.indexOf('</header>') + '</header>'.length;
          const cuts: number[] = [];
          for (let i = start; i < end; i++) if (html[i] === '>') cuts.push(i + 1);
          const selectors = [
            '.topbar a',
            '.topbar button',
            '.header a',
            '.header button',
            '.header img',
            '.header__search',
            '.header__search input',
          ];
          const boxes = (doc: Document) => {
            const found = new Map<string, string>();
            for (const selector of selectors)
              doc.querySelectorAll(selector).forEach((el, i) => {
                const r = el.getBoundingClientRect();
                const style = doc.defaultView!.getComputedStyle(el);
                if (r.width && r.height && style.visibility === 'visible')
                  found.set(
                    `${selector} #${i} (${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)})`,
                    `${r.x.toFixed(1)},${r.y.toFixed(1)}`,
                  );
              });
            return found;
          };
          const frame = () => {
            const f = document.createElement('iframe');
            f.style.cssText = `position: absolute; top: 0; left: 0; border: 0; width: ${width}px; height: 900px`;
            document.body.append(f);
            return f.contentDocument!;
          };
          const whole = frame();
          whole.open();
          whole.write(html);
          whole.close();
          const final = boxes(whole);
          const doc = frame();
          doc.open();
          const moved = new Set<string>();
          let at = 0;
          for (const cut of cuts) {
            doc.write(html.slice(at, cut));
            at = cut;
            for (const [key, box] of boxes(doc))
              if (final.has(key) && final.get(key) !== box)
                moved.add(`${key}: ${box}, then ${final.get(key)}, after …${html.slice(cut - 40, cut)}`);
          }
          doc.close();
          return { cuts: cuts.length, moved: [...moved] };
        },
        { html, width: SIZES[size].width },
      );
      expect(cuts).toBeGreaterThan(100);
      expect(moved, `${SIZES[size].width} px`).toEqual([]);
      await ctx.close();
    }
  });

  it('item 3: without JavaScript the categories stay readable and reachable (the list wraps, no « Plus »)', async () => {
    const ctx = await newContext('desktop', { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/');
    const links = page.locator('.header__nav > ul > li > a');
    const count = await links.count();
    expect(count).toBeGreaterThan(8);
    for (let i = 0; i < count; i++) expect(await links.nth(i).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Plus/ }).isVisible()).toBe(false);
    // A sub-menu opens on focus, as it always did without script.
    const parent = page.locator('.header__nav li.has-submenu').first();
    await parent.locator('> a').focus();
    expect(await parent.locator('.submenu').isVisible()).toBe(true);
    await ctx.close();
  });

  it('item 7: keyboard only at 1280 px — few Tab stops, disclosure menus, the search as a combobox', { timeout: 90_000 }, async () => {
    const ctx = await newContext('desktop');
    await refuseCookies(ctx);
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await islandsHydrated(page);
    await page.getByRole('button', { name: /^Plus/ }).waitFor();

    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const ringOf = (e: Element) => {
          const s = getComputedStyle(e);
          return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 ? parseFloat(s.outlineWidth) : 0;
        };
        const r = el.getBoundingClientRect();
        return {
          tag: el.tagName,
          role: el.getAttribute('role'),
          name: (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim().replace(/\s+/g, ' '),
          visible:
            el.checkVisibility({ visibilityProperty: true }) &&
            r.width > 0 &&
            r.bottom > 0 &&
            r.top < innerHeight &&
            r.left >= 0 &&
            r.right <= innerWidth,
          // The search box draws its ring around the whole field (the input, its button).
          ring: Math.max(ringOf(el), el.closest('.header__search') ? ringOf(el.closest('.header__search')!) : 0),
          inClosedPopup: !!el.closest('.submenu[hidden], .nav-more__list[hidden], .topbar__dropdown[hidden]'),
          inert: !!el.closest('[inert]'),
          inMain: !!el.closest('main'),
        };
      });

    // From the top of the page: every stop visible, with a ring of 2 px or more, none in a closed sub-menu.
    const stops: Array<Awaited<ReturnType<typeof focused>>> = [];
    let plusAt = 0;
    let searchAt = 0;
    for (let i = 1; i <= 60 && !searchAt; i++) {
      await page.keyboard.press('Tab');
      const f = await focused();
      stops.push(f);
      if (f.tag === 'BUTTON' && f.name === 'Plus') plusAt = i;
      if (f.role === 'combobox') searchAt = i;
    }
    console.log(
      `Tab stops to « Plus » : ${plusAt}, to the search box: ${searchAt}\n  ${stops.map((s, i) => `${i + 1}. ${s.name}`).join('\n  ')}`,
    );
    expect(plusAt).toBeGreaterThan(0);
    expect(plusAt).toBeLessThanOrEqual(15);
    expect(searchAt).toBe(plusAt + 1);
    expect(stops.filter((s) => !s.visible || s.ring < 2 || s.inClosedPopup).map((s) => s.name)).toEqual([]);

    // The search box took focus: its panel may open, but nothing behind it holds focus or Tab.
    const box = page.getByRole('combobox', { name: 'Rechercher' });
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

    // « Plus »: a disclosure button. Enter opens, focus moves in, Escape closes and comes back.
    await page.keyboard.press('Shift+Tab');
    const plus = page.getByRole('button', { name: /^Plus/ });
    expect(await plus.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.search-panel').count()).toBe(0);
    const moreList = page.locator(`#${await plus.getAttribute('aria-controls')}`);
    expect(await plus.getAttribute('aria-expanded')).toBe('false');
    expect(await moreList.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    expect(await plus.getAttribute('aria-expanded')).toBe('true');
    expect(await moreList.isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}journeys-plus-open-1280.png`, clip: { x: 0, y: 0, width: 1280, height: 520 } });
    const moreLinks = moreList.getByRole('link');
    const moreCount = await moreLinks.count();
    expect(moreCount).toBeGreaterThan(1);
    await page.keyboard.press('Tab');
    expect(await moreLinks.first().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await moreLinks.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await focused()).ring).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Escape');
    expect(await moreList.isVisible()).toBe(false);
    expect(await plus.getAttribute('aria-expanded')).toBe('false');
    expect(await plus.evaluate((el) => el === document.activeElement)).toBe(true);
    // Space opens it too; tabbing past its last link closes it.
    await page.keyboard.press('Space');
    expect(await moreList.isVisible()).toBe(true);
    for (let i = 0; i <= moreCount; i++) await page.keyboard.press('Tab');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await plus.getAttribute('aria-expanded')).toBe('false');
    expect(await moreList.isVisible()).toBe(false);
    await page.keyboard.press('Escape'); // the search panel, opened by the focus

    // A category's sub-menu: hidden (not focusable) until its button opens it.
    let toggle = '';
    for (let i = 0; i < 12 && !toggle; i++) {
      await page.keyboard.press('Shift+Tab');
      toggle = await page.evaluate(() => {
        const el = document.activeElement!;
        return el.closest('.header__nav') && el.tagName === 'BUTTON' && el.hasAttribute('aria-controls') && el.textContent !== 'Plus'
          ? el.id
          : '';
      });
    }
    expect(toggle).not.toBe('');
    const categoryButton = page.locator(`#${toggle}`);
    const submenu = page.locator(`#${await categoryButton.getAttribute('aria-controls')}`);
    expect(await categoryButton.getAttribute('aria-expanded')).toBe('false');
    expect(await submenu.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    expect(await categoryButton.getAttribute('aria-expanded')).toBe('true');
    expect(await submenu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await submenu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await submenu.isVisible()).toBe(false);
    expect(await categoryButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const subLinks = await submenu.getByRole('link').count();
    for (let i = 0; i <= subLinks; i++) await page.keyboard.press('Tab');
    expect(await submenu.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    expect(await submenu.isVisible()).toBe(false);
    expect(await categoryButton.getAttribute('aria-expanded')).toBe('false');

    // The search box, a combobox: arrows highlight an option, Escape closes then clears, Tab moves on.
    await box.focus();
    expect(await box.getAttribute('aria-autocomplete')).toBe('list');
    await page.keyboard.type('equipe', { delay: 40 });
    await liveAnswer(page);
    const options = page.locator('.search-panel__hits [role="option"]');
    await expect.poll(() => options.count()).toBeGreaterThan(2);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const listboxIds = (await box.getAttribute('aria-controls'))!.split(/\s+/);
    expect(await page.locator('.search-panel__hits').getAttribute('role')).toBe('listbox');
    expect(listboxIds).toContain(await page.locator('.search-panel__hits').getAttribute('id'));
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(true);
    expect((await focused()).inert).toBe(false);
    await page.keyboard.press('ArrowDown');
    const firstId = await options.first().getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    // Distinct by more than a colour: a mark of its own, besides the background.
    const look = (i: number) =>
      options.nth(i).evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, mark: `${s.outlineStyle} ${s.outlineWidth} | ${s.boxShadow} | ${s.borderLeftWidth}` };
      });
    const [active, other] = [await look(0), await look(1)];
    expect(active.background).not.toBe(other.background);
    expect(active.mark).not.toBe(other.mark);
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await page.screenshot({ path: `${SCREENSHOTS}journeys-search-active-1280.png` });
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Escape');
    await page.locator('.search-panel').waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('equipe');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);
    expect(await page.locator('.search-overlay').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe('');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.type('dupont', { delay: 40 });
    await liveAnswer(page);
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    expect((await focused()).name).toBe('Lancer la recherche');
    await page.locator('.search-panel').waitFor({ state: 'detached' });
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);
    await page.keyboard.press('Tab');
    expect((await focused()).name).toBe('S’accréditer');
    await page.keyboard.press('Tab');
    expect((await focused()).inMain).toBe(true);
    await ctx.close();
  });

  it('item 7: at 375 px the search closes with Escape back to its button, the query kept', async () => {
    const ctx = await newContext('mobile');
    await refuseCookies(ctx);
    const page = await ctx.newPage();
    await page.goto(siteUrl() + '/', { waitUntil: 'networkidle' });
    await islandsHydrated(page);
    const toggle = page.getByRole('button', { name: 'Rechercher', exact: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('combobox', { name: 'Rechercher' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('equipe', { delay: 40 });
    await liveAnswer(page);
    await expect.poll(() => page.locator('.search-panel__hits [role="option"]').count()).toBeGreaterThan(2);
    await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: `${SCREENSHOTS}journeys-search-active-375.png` });
    await page.keyboard.press('Escape');
    await page.locator('.search-panel').waitFor({ state: 'detached' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    // The field is hidden with its layer, its text kept for the next opening.
    expect(await page.locator('#recherche-rapide-q').inputValue()).toBe('equipe');
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);
    await ctx.close();
  });
});
