import { writeFile } from 'node:fs/promises';
import WebDriver from 'webdriver';
import { startWebKitDriver } from '../../../scripts/lib/browsers.mjs';
import { siteUrl } from '../browser';
import { type Engine, type EnginePage, SIZES, type Size } from './driver';

type Client = Awaited<ReturnType<typeof WebDriver.newSession>>;
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * WebKitGTK (Safari's engine) through its own WebDriver, WebKitWebDriver, and the `webdriver`
 * client (WebDriver classic). Each page is a new WebDriver session: a new MiniBrowser, with its own
 * cookies and cache.
 */
export async function webkitEngine(port = Number(process.env.WEBKIT_DRIVER_PORT ?? 8796)): Promise<Engine> {
  const driver = await startWebKitDriver(port);
  return {
    name: 'webkit',
    async open(size: Size) {
      const client = await WebDriver.newSession({
        hostname: '127.0.0.1',
        port: driver.port,
        path: '/',
        logLevel: 'error',
        // The client's own wait for an answer before it sends a request again (up to 3 times): 120 s
        // by default, which one unanswered request added to a 2 s journey in a clean-clone run.
        // Every command has an answer within STEP_MS, a timeout error included.
        connectionRetryTimeout: STEP_MS + 10_000,
        // A load or a script that never ends is an error the journey can name, not a hung test.
        capabilities: { ...driver.capabilities, timeouts: { pageLoad: STEP_MS, script: STEP_MS } } as WebdriverIO.Capabilities,
      });
      const page = webdriverPage(client);
      await page.resize(SIZES[size].width, SIZES[size].height);
      return page;
    },
    close: async () => driver.stop(),
  };
}

const STEP_MS = 20_000;
/** A script is a question the journey asks again (waitFor polls): one that hangs is cut short. */
const SCRIPT_MS = 5_000;

/**
 * Every WebDriver command within a budget, named when it fails. WebKitWebDriver, under two test
 * lanes' load, has left a navigation, and once a script, unanswered for good (its own pageLoad and
 * script timeouts did not fire). A navigation cut off that way is sent once more; anything else
 * fails with its name, so that the journey can be run again in a new session (engines.test.ts).
 */
async function step<T>(what: string, send: () => Promise<T>, again = true, budget = STEP_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`webkit: ${what}: no answer in ${budget} ms`)), budget);
  });
  try {
    return await Promise.race([send(), late]);
  } catch (error) {
    if (again && /no answer in|timeout/i.test(String(error))) return step(`${what} (again)`, send, false, budget);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** MiniBrowser's window cannot be narrower than its toolbar (447 px): a phone is as narrow as it allows. */
function webdriverPage(client: Client): EnginePage {
  const find = async (selector: string) => {
    const found = (await client.findElement('css selector', selector)) as unknown as Record<string, string>;
    if (!found?.[ELEMENT]) throw new Error(`webkit: no element matches ${selector}`);
    return found[ELEMENT]!;
  };
  const page: EnginePage = {
    engine: 'webkit',
    goto: (url) => step(`goto ${url}`, () => client.navigateTo(new URL(url, siteUrl()).href)).then(() => undefined),
    reload: () => step('reload', () => client.refresh()).then(() => undefined),
    back: () => step('back', () => client.back()).then(() => undefined),
    run: (fn, arg) =>
      step('script', () => client.executeScript(`return (${fn.toString()})(arguments[0])`, [arg as never]), false, SCRIPT_MS) as never,
    click: (selector) => step(`click ${selector}`, async () => void (await client.elementClick(await find(selector))), false),
    type: (selector, text) =>
      step(`type into ${selector}`, async () => void (await client.elementSendKeys(await find(selector), text)), false),
    documentStatuses: () => null,
    async resize(w, h) {
      const inner = async () => (await client.executeScript('return innerWidth', [])) as number;
      await client.setWindowRect(null, null, w, h);
      const width = await inner();
      // A window border takes its share: the window is widened by it, once.
      if (width < w) await client.setWindowRect(null, null, 2 * w - width, h);
    },
    screenshot: async (file) =>
      writeFile(file, Buffer.from(await step('screenshot', () => client.takeScreenshot(), false, SCRIPT_MS), 'base64')),
    close: () => step('close', () => client.deleteSession(), false, SCRIPT_MS).then(() => undefined),
  };
  return page;
}
