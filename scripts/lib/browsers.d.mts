// Types of scripts/lib/chromium.mjs for the TypeScript tests that import it.
import type { Browser } from 'playwright-core';
export const CHROMIUM_PATH: string;
export const CHROMIUM_FLAGS: string[];
export function ensureChromium(): void;
export function launchChromium(): Promise<Browser>;
