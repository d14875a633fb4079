import { defineConfig } from 'vitest/config';

// The real site (wrangler dev) on the real local upstream, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.mjs'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
