import { defineConfig } from 'vitest/config';

// The WordPress half of the purge (wordpress/ffr-presse-purge) against a real WordPress
// (Debian's packages, scripts/wordpress/setup.mjs) and the real worker under wrangler dev.
export default defineConfig({
  test: {
    include: ['test/wordpress/**/*.test.ts'],
    globalSetup: ['test/wordpress/global-setup.mjs'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One WordPress, one worker, one set of plugin constants: the files take turns.
    fileParallelism: false,
  },
});
