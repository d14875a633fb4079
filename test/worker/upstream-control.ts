import { env } from 'cloudflare:workers';

// Talks to the local upstream's /__control API from inside workerd.
const base = env.WORKER_TEST_UPSTREAM;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}`);
  return (await res.json()) as T;
}

export const upstream = {
  base,
  reset: () => call('POST', '/__control/reset'),
  resetCounters: () => call('POST', '/__control/counters/reset'),
  counters: () => call<{ total: number; routes: Record<string, number> }>('GET', '/__control/counters'),
  fault: (fault: { path: string; kind: string; status?: number; ms?: number; times?: number }) => call('POST', '/__control/faults', fault),
  behaviour: (patch: { eventsPerPageMax?: number; wpPagingHeaders?: boolean; directusLimitMax?: number }) =>
    call('POST', '/__control/behaviour', patch),
  clearFaults: () => call('DELETE', '/__control/faults'),
  /** Writes the content around `now` and stops the emulator's clock there (POST /reset puts it back). */
  clock: (now: string) => call<{ now: string }>('POST', '/__control/clock', { now }),
  publish: (input: Record<string, unknown>) =>
    call<{ post: { id: number; slug: string; title: string }; purge: { body: string; signature: string; timestamp: string } }>(
      'POST',
      '/__control/publish',
      { notify: false, ...input },
    ),
  patchSettings: (patch: Record<string, unknown>) => call('POST', '/__control/settings', patch),
  /** What the worker purged through Cloudflare's (emulated) zone purge API, oldest first. */
  zonePurges: () => call<{ at: number; tags: string[] }[]>('GET', '/__control/zone-purges'),
  clearZonePurges: () => call('DELETE', '/__control/zone-purges'),
  json: <T>(path: string) => call<T>('GET', path),
};
