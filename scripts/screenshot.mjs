// node scripts/screenshot.mjs /path [/other …] — full-page screenshots at 1280 and 375 px of a
// running site (npm start), into test-results/screenshots/manual/, to look at pages as a reader.
import { mkdirSync } from 'node:fs';
import { launchChromium } from './lib/browsers.mjs';

const site = process.env.SITE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`;
const out = new URL('../test-results/screenshots/manual/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const browser = await launchChromium();
for (const path of process.argv.slice(2)) {
  for (const [name, width] of [
    ['desktop', 1280],
    ['mobile', 375],
  ]) {
    const ctx = await browser.newContext({
      viewport: { width, height: name === 'mobile' ? 812 : 900 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error(`${path} ${name}: ${e.message}`));
    await page.goto(site + path, { waitUntil: 'networkidle' });
    const file = `${out}${path.replace(/[^\w]+/g, '_') || 'home'}-${name}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== '0' });
    console.log(file);
    await ctx.close();
  }
}
await browser.close();
