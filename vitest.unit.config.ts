import { defineConfig } from 'vitest/config';

// Pure code of the worker (formatting, mapping, cache policy) and the local upstream, in Node.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'dev/**/*.test.ts', 'test/calendar/**/*.test.ts', 'test/typography/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
