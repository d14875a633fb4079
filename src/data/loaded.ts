// SPEC §4: every loaded area is initial, loading, success or failure (article and page list also
// not-found). On the server only the settled states exist.

import { UpstreamError } from '../upstream/http.server';
import { log } from '../observability/log.server';

/** What every upstream call throws (upstream/http.server.ts), for the features that tell its kinds apart. */
export { UpstreamError };

export type Loaded<T> = { status: 'success'; data: T } | { status: 'failure' } | { status: 'not-found' };

export async function settle<T>(promise: Promise<T>, area: string): Promise<Loaded<T>> {
  try {
    return { status: 'success', data: await promise };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'not-found') return { status: 'not-found' };
    log.warn('data.load_failed', { area, error: log.describe(error) });
    return { status: 'failure' };
  }
}

export function dataOr<T>(loaded: Loaded<T>, fallback: T): T {
  return loaded.status === 'success' ? loaded.data : fallback;
}
