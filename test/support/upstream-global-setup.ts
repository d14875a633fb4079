import { startUpstream } from '../../dev/server';

// One real local upstream for the whole run, on UPSTREAM_PORT (8790 by default).
export default async function setup() {
  const upstream = await startUpstream({ port: Number(process.env.UPSTREAM_PORT ?? 8790), quiet: true });
  return () => upstream.close();
}
