import { startUpstream } from '../../dev/server';

// One real local upstream for the whole run, on UPSTREAM_PORT (8790 by default).
export default async function setup() {
  // The worker under test answers at http://presse.test: the provider knows that redirect address.
  const upstream = await startUpstream({ port: Number(process.env.UPSTREAM_PORT ?? 8790), quiet: true, workerUrl: 'http://presse.test' });
  return () => upstream.close();
}
