import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three layers of tests in Node, each a step of `npm test` of its own (scripts/test.mjs), so that
// each says what it is (docs/testing.md):
//   unit        pure code of the worker (formatting, mapping, cache policy), the islands and the
//               local upstream: no server, no simulation, no emulated platform;
//   simulation  the edge model: Cloudflare's locations, isolates and round trips in virtual time;
//   deploy      the release tools against an emulated Cloudflare API (deploy:check, rotate-secret,
//               the canary, release, the workflows).
// `vitest run --config vitest.unit.config.ts --project unit` runs one; a file path runs that file.
export default defineConfig({
  // The Durable Object's base class, for its rules tested in Node (src/cache/purge-marks.test.ts).
  resolve: { alias: { 'cloudflare:workers': fileURLToPath(new URL('./scripts/lib/cloudflare-workers-shim.mjs', import.meta.url)) } },
  test: {
    environment: 'node',
    // vitest's default leaves a core to itself (cores − 1): one file at a time on a two-core machine.
    maxWorkers: availableParallelism(),
    setupFiles: ['test/unit/islands-setup.ts'],
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'client/**/*.test.ts',
            'dev/**/*.test.ts',
            'test/calendar/**/*.test.ts',
            'test/typography/**/*.test.ts',
          ],
        },
      },
      // AsyncLocalStorage on continuation frames rather than async hooks: the simulation, whose
      // context and the worker's follow every promise, runs a third faster.
      {
        extends: true,
        test: {
          name: 'simulation',
          include: ['test/edge/**/*.test.ts'],
          execArgv: ['--experimental-async-context-frame'],
          // The worker's bundle, one module per simulated isolate (scripts/lib/edge-sim.mjs), loaded by
          // Node itself: through vitest's transform, each isolate's copy was rewritten again (135 s of
          // the step's 374).
          server: { deps: { external: [/ffr-edge-sim-/] } },
        },
      },
      { extends: true, test: { name: 'deploy', include: ['test/deploy/**/*.test.ts'] } },
    ],
  },
});
