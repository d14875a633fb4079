import { defineConfig } from 'vitest/config';

// The real site (wrangler dev) on the real local upstream, driven in Debian's Chromium (and in
// Firefox ESR and WebKitGTK for test/e2e/engines.test.ts).
//
// npm test runs the files in two lanes at once (scripts/test.mjs), each against a stack of its own
// (its own ports, upstream and KV state): what one lane changes (upstream faults, its clock, the
// test accounts) never reaches the other. Two lanes keep both cores about 90 % busy. Lane 1 takes
// the files named here, lane 2 the others (a new file goes there); without TEST_LANE, every file
// runs in one lane.
const NAMED = [
  ['accounts', 'journeys-forms', 'journeys-header', 'press-space', 'search', 'reading', 'shell', 'players', 'home', 'authors'],
].map((names) => names.map((name) => `test/e2e/${name}.test.ts`));
const lane = Number(process.env.TEST_LANE ?? 0);

export default defineConfig({
  test: {
    include: NAMED[lane - 1] ?? ['test/e2e/**/*.test.ts'],
    exclude: lane > NAMED.length ? NAMED.flat() : [],
    globalSetup: ['test/e2e/global-setup.mjs'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
