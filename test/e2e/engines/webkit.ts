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
        capabilities: driver.capabilities as WebdriverIO.Capabilities,
      });
      const page = webdriverPage(client);
      await page.resize(SIZES[size].width, SIZES[size].height);
      return page;
    },
    close: async () => driver.stop(),
  };
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
    goto: (url) => client.navigateTo(new URL(url, siteUrl()).href).then(() => undefined),
    reload: () => client.refresh().then(() => undefined),
    back: () => client.back().then(() => undefined),
    run: (fn, arg) => client.executeScript(`return (${fn.toString()})(arguments[0])`, [arg as never]) as never,
    click: async (selector) => void (await client.elementClick(await find(selector))),
    type: async (selector, text) => void (await client.elementSendKeys(await find(selector), text)),
    documentStatuses: () => null,
    async resize(w, h) {
      const inner = async () => (await client.executeScript('return innerWidth', [])) as number;
      await client.setWindowRect(null, null, w, h);
      const width = await inner();
      // A window border takes its share: the window is widened by it, once.
      if (width < w) await client.setWindowRect(null, null, 2 * w - width, h);
    },
    screenshot: async (file) => writeFile(file, Buffer.from(await client.takeScreenshot(), 'base64')),
    close: () => client.deleteSession().then(() => undefined),
  };
  return page;
}
