// One promise per key and isolate, shared by every caller that asks while it runs: the one
// single-flight of the worker. With a window, the settled value is also remembered that long:
//  - KV reads of the purge marks and popular pages, one second (docs/decisions/004): under load the
//    same few keys are read hundreds of times a second, and KV's own edge cache keeps values at
//    least 30 s anyway, so one second is invisible to readers;
//  - a refresh of cached data or a page re-render, only while it runs (window 0): a burst of stale
//    hits triggers one fetch;
//  - the provider's metadata for good, a token refresh for ten seconds (auth/tokens.server.ts).
// Failures are not remembered (the next caller tries again) unless the memo is built to: a failed
// token refresh must not be replayed with the same refresh token.
//
// A running load belongs to the request that started it: if that request is cancelled (its reader
// went away), workerd cancels its I/O and every other request awaiting the same promise hangs until
// the runtime kills it (« your Worker's code had hung », a 500). Where callers await the value on
// the hot path (the KV reads of warm hits), the memo is built with `shareRunning: false`: only
// settled values are shared, and a caller arriving while a read runs makes its own.

export const MEMO_MS = 1000;
const MAX_KEYS = 500;

type Slot<T> = { at: number; startedAt: number; value: Promise<T>; running: boolean };

export class IsolateMemo<T> {
  private readonly entries = new Map<string, Slot<T>>();

  constructor(
    private readonly defaultTtlMs = MEMO_MS,
    private readonly options: { rememberFailures?: boolean; shareRunning?: boolean } = {},
  ) {}

  /**
   * The running or remembered value, or `load()`'s, shared by concurrent callers. `startedAfter`:
   * a load that started before it is not joined (a purge came since: what it fetches may be older).
   */
  get(key: string, load: () => Promise<T>, ttlMs = this.defaultTtlMs, startedAfter = Number.NEGATIVE_INFINITY): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && (hit.running ? this.options.shareRunning !== false && hit.startedAt >= startedAfter : now - hit.at < ttlMs))
      return hit.value;
    if (this.entries.size >= MAX_KEYS) this.prune(now, ttlMs);
    const slot: Slot<T> = { at: now, startedAt: now, value: Promise.resolve().then(load), running: true };
    this.entries.set(key, slot);
    const forget = () => {
      if (this.entries.get(key) === slot) this.entries.delete(key);
    };
    const settled = () => {
      // The window counts from the answer: a slow refresh is still shared for its whole window.
      slot.at = Date.now();
      slot.running = false;
      if (ttlMs <= 0) forget();
    };
    slot.value.then(settled, this.options.rememberFailures ? settled : forget);
    return slot.value;
  }

  set(key: string, value: T): void {
    this.entries.set(key, { at: Date.now(), startedAt: Date.now(), value: Promise.resolve(value), running: false });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  // Running loads are kept: dropping one would let a second start beside it.
  private prune(now: number, ttlMs: number) {
    for (const [key, slot] of this.entries) if (!slot.running && now - slot.at >= ttlMs) this.entries.delete(key);
    if (this.entries.size >= MAX_KEYS) for (const [key, slot] of this.entries) if (!slot.running) this.entries.delete(key);
  }
}
