// A one-second memory of KV reads, per isolate. Under load the same few keys (the purge marks,
// the popular pages) are read hundreds of times a second; each read is a round trip to KV. KV's
// own edge cache keeps values for at least 30 s, so remembering them for one second adds nothing
// a reader could notice, except that a purge reaches other isolates up to a second later (the
// isolate that took the purge sees it at once). docs/decisions/004.

export const MEMO_MS = 1000;
const MAX_KEYS = 500;

export class IsolateMemo<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly defaultTtlMs = MEMO_MS) {}

  /** The remembered value, or `load()`'s (shared by concurrent callers). Failures are not kept. */
  get(key: string, load: () => Promise<T>, ttlMs = this.defaultTtlMs): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (ttlMs <= 0) return load();
    if (this.entries.size >= MAX_KEYS) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  set(key: string, value: T): void {
    this.entries.set(key, { at: Date.now(), value: Promise.resolve(value) });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
