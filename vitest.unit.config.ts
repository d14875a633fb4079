import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Pure code of the worker (formatting, mapping, cache policy) and the local upstream, in Node.
export default defineConfig({
  // The Durable Object's base class, for its rules tested in Node (src/cache/purge-marks.test.ts).
  resolve: { alias: { 'cloudflare:workers': fileURLToPath(new URL('./scripts/lib/cloudflare-workers-shim.mjs', import.meta.url)) } },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'client/**/*.test.ts',
      'dev/**/*.test.ts',
      'test/calendar/**/*.test.ts',
      'test/typography/**/*.test.ts',
      'test/edge/**/*.test.ts',
      'test/deploy/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['test/unit/islands-setup.ts'],
    testTimeout: 20_000,
  },
});
