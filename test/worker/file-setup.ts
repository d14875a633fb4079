import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeAll } from 'vitest';
import { upstream } from './upstream-control';

// Every file starts against an upstream without injected faults: a file whose last test leaves
// the upstream « down » must not fail the next file (in whatever order vitest runs them).
beforeAll(async () => {
  // The alerts' tables (migrations/), as `wrangler d1 migrations apply` makes them; once per storage.
  await applyD1Migrations(env.ALERTS_DB, env.TEST_MIGRATIONS);
  await upstream.clearFaults();
});
