// The three browser engines journalists use, from Debian's packages (never a browser download: this
// network reaches Debian's packages only), installed with apt-get when missing and started with the
// flags a closed network needs. Chromium drives everything that measures (npm test's full end-to-
// end suite, size, audit, bench:search, screenshots); Firefox ESR and WebKitGTK (Safari's engine)
// run the smoke journeys of test/e2e/engines/.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { aptInstall } from './apt.mjs';

/**
 * Debian's Chromium without its windows (« chromium-headless-shell », built from the same source as
 * « chromium »: the same Blink and V8). What Playwright itself drives headless: the full browser's
 * headless mode draws for a window it never shows, and took a third more time in the end-to-end step.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** Without the background-networking ones, Chromium keeps calling Google's hosts, refused here. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** WebKitGTK's WebDriver; the browser it drives, MiniBrowser, comes with libwebkit2gtk-4.1-0, which the driver depends on. */
export const WEBKIT_DRIVER_PATH = '/usr/bin/WebKitWebDriver';
/** Where libwebkit2gtk-4.1-0 put MiniBrowser (its folder names the machine's architecture). */
function miniBrowserPath() {
  try {
    const files = execFileSync('dpkg-query', ['-L', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return files.split('\n').find((f) => f.endsWith('/MiniBrowser')) ?? '';
  } catch {
    return '';
  }
}

function ensure(path, packages, name) {
  if (existsSync(path)) return;
  aptInstall(packages, `${name} absent (${path})`, { recommends: true });
  if (!existsSync(path)) throw new Error(`${name} toujours absent après l’installation (${path}).`);
}

/** Debian's « chromium-headless-shell » package when the browser is not there. */
export const ensureChromium = () => ensure(CHROMIUM_PATH, ['chromium-headless-shell'], 'Chromium (headless shell)');
/** Debian's « firefox-esr ». */
export const ensureFirefox = () => ensure(FIREFOX_PATH, ['firefox-esr'], 'Firefox ESR');
/** Debian's « webkit2gtk-driver », « xvfb » and « xauth » (MiniBrowser has no headless mode: it draws in a virtual X display); gives MiniBrowser's path. */
export function ensureWebKit() {
  // xvfb-run needs xauth, which xvfb only recommends.
  aptInstall(['webkit2gtk-driver', 'xvfb', 'xauth'], 'WebKitWebDriver, Xvfb', { recommends: true });
  const miniBrowser = miniBrowserPath();
  if (!miniBrowser) throw new Error('MiniBrowser introuvable (paquet libwebkit2gtk-4.1-0).');
  return miniBrowser;
}

/** playwright-core's Chromium, on Debian's binary. */
export async function launchChromium() {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * Firefox ESR through puppeteer-core over WebDriver BiDi (Playwright's Firefox is a patched build
 * that cannot be downloaded here). In French and in Paris, as the Chromium contexts are.
 */
export async function launchFirefox() {
  ensureFirefox();
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    env: { ...process.env, TZ: 'Europe/Paris' },
    extraPrefsFirefox: {
      'intl.accept_languages': 'fr-FR, fr',
      'intl.locale.requested': 'fr-FR',
      // No back-forward cache: « back » then loads the page from the HTTP cache, the path where a
      // stored page and its stored policy must agree (and puppeteer loses track of a page restored whole).
      'browser.sessionhistory.max_total_viewers': 0,
    },
  });
}

/**
 * WebKitWebDriver on a free port, inside xvfb-run's virtual display (MiniBrowser needs one), until
 * `stop()`. Each WebDriver session it opens is a new MiniBrowser, with its own cookies and cache.
 */
export async function startWebKitDriver(port) {
  const miniBrowser = ensureWebKit();
  const driver = spawn('xvfb-run', ['-a', '-s', '-screen 0 1600x1200x24', WEBKIT_DRIVER_PATH, `--port=${port}`], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, TZ: 'Europe/Paris', LANG: 'fr_FR.UTF-8', LANGUAGE: 'fr_FR:fr' },
  });
  const url = `http://127.0.0.1:${port}/status`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {}
    if (i > 100 || driver.exitCode !== null) throw new Error(`WebKitWebDriver ne répond pas sur le port ${port}.`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    port,
    capabilities: {
      // The wdio client's own defaults (a BiDi socket) are not what WebKitGTK's driver speaks.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation', '--time-zone=Europe/Paris'] },
    },
    stop: () => {
      try {
        process.kill(-driver.pid, 'SIGTERM');
      } catch {}
    },
  };
}
