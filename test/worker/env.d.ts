// Types of the worker's bindings and module as the workerd tests see them.
declare namespace Cloudflare {
  interface Env {
    CACHE: KVNamespace;
    ASSETS: Fetcher;
    PURGE_SECRET: string;
    AUTH_SECRET: string;
    OIDC_ISSUER: string;
    OIDC_CLIENT_ID: string;
    CF7_CREDENTIALS: string;
    ALGOLIA_APP_ID: string;
    ALGOLIA_SEARCH_KEY: string;
    WORKER_TEST_UPSTREAM: string;
    /** The instant the run stands at (test/support/clock.ts). */
    SITE_NOW: string;
    FUZZ_RUNS: string;
    FUZZ_SEED: string;
  }
  interface GlobalProps {
    mainModule: typeof import('../../src/index');
  }
}
