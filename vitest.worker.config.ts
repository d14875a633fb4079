import { readFileSync } from 'node:fs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { TEST_NOW } from './test/support/clock.ts';
import { movedToUpstreamPort } from './scripts/lib/stack.mjs';

// The worker inside workerd, against the real local upstream started by the global setup.
const UPSTREAM_PORT = Number(process.env.UPSTREAM_PORT ?? 8790);
const vars = Object.fromEntries(
  readFileSync(new URL('./.dev.vars.example', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => /^([A-Z0-9_]+)=(.*)$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]!, movedToUpstreamPort(m[2]!, UPSTREAM_PORT)]),
);

// npm test runs the files in two lanes at once (scripts/test.mjs), each against an upstream of its
// own (its faults, its clock, its accounts), balanced on their last durations (each file also pays
// about 6 s to start its runtime; a third lane measured no faster): lane 1 takes the files named
// here, lane 2 the others (a new file goes there); without TEST_LANE, all of them.
const NAMED = [
  [
    'fuzz',
    'calendar',
    'home-and-cache',
    'typography',
    'previews',
    'reliability',
    'shell',
    'static-lists',
    'stories',
    'new-posts',
    'observability',
  ],
].map((names) => names.map((name) => `test/worker/${name}.test.ts`));
const lane = Number(process.env.TEST_LANE ?? 0);

// The alerts' schema, as `wrangler d1 migrations apply` writes it (test/worker/file-setup.ts applies it).
const migrations = await readD1Migrations(new URL('./migrations', import.meta.url).pathname);

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.jsonc' },
      // KV_MEMO_MS 0: tests empty KV between cases, so nothing may be remembered across them.
      miniflare: {
        bindings: {
          ...vars,
          UPSTREAM_TIMEOUT_MS: '4000',
          PUBLIC_ORIGIN: 'http://presse.test',
          KV_MEMO_MS: '0',
          // A purge takes effect at once, and every request reads the marks from their Durable Object.
          PURGE_BOUND_MS: '0',
          // The site's calendar stands at the instant the local upstream's clock is pinned to.
          SITE_NOW: TEST_NOW,
          WORKER_TEST_UPSTREAM: `http://127.0.0.1:${UPSTREAM_PORT}`,
          // The tests run inside workerd, which has no process.env: npm run fuzz's size passes as bindings.
          FUZZ_RUNS: process.env.FUZZ_RUNS ?? '2600',
          FUZZ_SEED: process.env.FUZZ_SEED ?? '',
          TEST_MIGRATIONS: migrations as unknown as string,
        },
      },
    }),
  ],
  test: {
    include: NAMED[lane - 1] ?? ['test/worker/**/*.test.ts'],
    exclude: lane > NAMED.length ? NAMED.flat() : [],
    globalSetup: ['test/support/upstream-global-setup.ts'],
    setupFiles: ['test/worker/file-setup.ts'],
    testTimeout: 30_000,
    fileParallelism: false,
    // The worker's expected warnings (failed upstream calls injected by the tests, cache writes
    // racing the storage reset) would drown the report.
    // Nor would the worker's own JSON lines: one per request, and the warnings the faults cause.
    onConsoleLog: (log) => !/^\[auth:client\]|KV PUT failed|contains non-ASCII characters|^\{"level":"(info|warn)"/.test(log.trim()),
  },
});
