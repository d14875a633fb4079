// Types of scripts/lib/browsers.mjs for the TypeScript tests that import it.
import type { Browser } from 'playwright-core';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';
export const CHROMIUM_PATH: string;
export const CHROMIUM_FLAGS: string[];
export const FIREFOX_PATH: string;
export function ensureChromium(): void;
export function ensureFirefox(): void;
export function ensureWebKit(): string;
export function launchChromium(): Promise<Browser>;
export function launchFirefox(): Promise<PuppeteerBrowser>;
export function startWebKitDriver(port: number): Promise<{ port: number; capabilities: Record<string, unknown>; stop(): void }>;
