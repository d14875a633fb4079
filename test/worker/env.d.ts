// The test-only bindings (vitest.worker.config.ts), beside those `wrangler types` generates from
// wrangler.jsonc (worker-configuration.d.ts).
declare namespace Cloudflare {
  interface Env {
    WORKER_TEST_UPSTREAM: string;
    /** The instant the run stands at (test/support/clock.ts). */
    SITE_NOW: string;
    FUZZ_RUNS: string;
    FUZZ_SEED: string;
    /** migrations/, read by readD1Migrations (vitest.worker.config.ts). */
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
  }
}
