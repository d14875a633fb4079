import { beforeAll } from 'vitest';
import { upstream } from './upstream-control';

// Every file starts against an upstream without injected faults: a file whose last test leaves
// the upstream « down » must not fail the next file (in whatever order vitest runs them).
beforeAll(async () => {
  await upstream.clearFaults();
});
