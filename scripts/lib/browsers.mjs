// Debian's Chromium for everything that drives a browser (npm test's end-to-end step, size, audit,
// bench:search, screenshots): installed with apt-get when it is missing (never a browser download:
// this network reaches Debian's packages only), and started with the flags a closed network needs.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Without the background-networking ones, Chromium keeps calling Google's hosts, refused here. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Installs Debian's « chromium » package when the browser is not there (sudo only when not root). */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`Chromium absent (${CHROMIUM_PATH}) : installation du paquet Debian « chromium »…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium toujours absent après l’installation (${CHROMIUM_PATH}).`);
}

/** playwright-core's Chromium, on Debian's binary. */
export async function launchChromium() {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
