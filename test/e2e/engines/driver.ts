// One journey, three drivers: what a journey may ask of a browser, whatever drives it. Chromium
// through playwright-core, Firefox ESR through puppeteer-core (WebDriver BiDi), WebKitGTK through
// its WebDriver (WebKitWebDriver) and the `webdriver` client. Everything a journey checks in the
// page goes through `run`, so that the three engines are asked the very same questions.

import { viewports } from '../browser';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export type Size = 'desktop' | 'phone';

/** 1280 px, and a 375 px phone (WebKitGTK's MiniBrowser cannot be narrower than its toolbar: 447 px). */
export const SIZES = { desktop: viewports.desktop, phone: viewports.mobile } as const;

export interface EnginePage {
  readonly engine: EngineName;
  /** Loads the address (absolute, or a path of the site) and waits for its load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Goes back in the history; a page restored from the back-forward cache fires no load event, so the journey waits for what it expects. */
  back(): Promise<void>;
  /** Runs `fn` in the page with one JSON argument and gives back its JSON result. */
  run<A, T>(fn: (arg: A) => T, arg: A): Promise<Awaited<T>>;
  /** A real click (pointer events, trusted) on the first element matching the CSS selector. */
  click(selector: string): Promise<void>;
  /** Types into the first element matching the selector, as keys. */
  type(selector: string, text: string): Promise<void>;
  /** The status of each document response seen, where the driver can see the network (not WebDriver classic). */
  documentStatuses(): number[] | null;
  resize(width: number, height: number): Promise<void>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** A new page in a new profile (no cookies, empty cache) at this size. */
  open(size: Size): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Polls `fn` in the page until it returns a truthy value; says what it waited for when it gives up. */
export async function waitFor<A, T>(
  page: EnginePage,
  what: string,
  fn: (arg: A) => T,
  arg: A,
  timeoutMs = 15_000,
): Promise<NonNullable<Awaited<T>>> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await page.run(fn, arg);
      if (value) return value as NonNullable<Awaited<T>>;
      last = value;
    } catch (error) {
      // A navigation under way destroys the script's context: asked again on the next page.
      last = error;
    }
    if (Date.now() > until) throw new Error(`${page.engine}: waited ${timeoutMs} ms for ${what} (last: ${String(last)})`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** Every island of the page live (client/hydrate.tsx marks each root data-hydrated): the count, once it is whole. */
export const islandsLive = (page: EnginePage, where: string) =>
  waitFor(
    page,
    `every island live on ${where}`,
    () => {
      const all = document.querySelectorAll('[data-island]').length;
      return all > 0 && document.querySelectorAll('[data-island][data-hydrated]').length === all ? all : 0;
    },
    null,
  );

/**
 * Presses the first visible element matching `selector` (and whose text is `text`, when given), as a
 * reader would: marked in the page, then clicked through the driver, which finds by CSS only and
 * would otherwise take a hidden match (a phone's control on a desktop page). Asked again when the
 * island re-rendered the element between the two.
 */
export async function press(page: EnginePage, selector: string, text?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await waitFor(
      page,
      text ? `« ${text} » (${selector})` : selector,
      ({ selector, text }) => {
        for (const e of document.querySelectorAll('[data-e2e-target]')) e.removeAttribute('data-e2e-target');
        const target = [...document.querySelectorAll<HTMLElement>(selector)].find(
          (e) =>
            (text === null || e.textContent?.trim() === text) &&
            e.getClientRects().length > 0 &&
            getComputedStyle(e).visibility !== 'hidden',
        );
        target?.setAttribute('data-e2e-target', '');
        return !!target;
      },
      { selector, text: text ?? null },
    );
    try {
      return await page.click('[data-e2e-target]');
    } catch (error) {
      // Only an element gone or covered between the two is asked again: a click that went through
      // and then failed (a navigation under way) must not be sent twice.
      if (attempt === 3 || !/stale|not interactable|detached|not attached|no element matches|waiting for locator/i.test(String(error)))
        throw error;
    }
  }
}
