import { startUpstream } from '../../dev/server';
import { TEST_NOW } from './clock';

// One real local upstream for the whole run, on UPSTREAM_PORT (8790 by default), its clock pinned
// at the suite's instant (the worker's SITE_NOW is the same, vitest.worker.config.ts).
export default async function setup() {
  // The worker under test answers at http://presse.test: the provider knows that redirect address.
  const upstream = await startUpstream({
    port: Number(process.env.UPSTREAM_PORT ?? 8790),
    quiet: true,
    workerUrl: 'http://presse.test',
    now: new Date(TEST_NOW),
    pinned: true,
  });
  return () => upstream.close();
}
