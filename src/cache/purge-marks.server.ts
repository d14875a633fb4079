import { DurableObject } from 'cloudflare:workers';
import { addMark, admissible, pruneVersions, type EntryMeta, type TagVersions } from './policy';

// The purge marks' single home, and the gate of every cached write. One Durable Object takes every
// purge in turn and keeps the marks in its own storage (consistent by design); the pages read them
// from here, through two short memos (tags.server.ts), never from KV, whose writes reach other
// locations only after a minute or more. A mark takes effect `boundMs` after it is stored: by
// then every memo in every location holds it, so every location switches at the same instant,
// the one the purge is acknowledged at.
// A copy is written to KV or to a location's cache only with a lease from here (asked in batches,
// behind the answer: `lease`): none while a mark
// of its tags is newer than its oldest data, one writer per key at a time, never one older than
// the last admitted. KV keeps the last write, so that order is the only thing that keeps an old
// copy from replacing a newer one. See docs/decisions/016-purge-bound-everywhere.md.

const STORAGE_KEY = 'marks';
/** The signatures already taken, each until its timestamp can no longer be accepted (cache/purge.server.ts). */
const SEEN_KEY = 'seen';
/** A writer that never says it is done (its isolate died) holds a key this long at most. */
const LEASE_MS = 10_000;
/** Keys whose last admitted copy is remembered (in memory: losing them costs nothing but that check). */
const MAX_KEYS = 20_000;
/** Claims or releases in one call (an isolate batches about 20 ms of them). */
const MAX_LEASES = 100;

type Lease = { token: string; until: number };

export class PurgeMarks extends DurableObject {
  private marks: TagVersions | null = null;
  private seen: Record<string, number> | null = null;
  private readonly leases = new Map<string, Lease>();
  private readonly admitted = new Map<string, number>();

  private async load(): Promise<TagVersions> {
    // Marks stored before purges took effect later than stored were one instant per tag.
    const stored = (await this.ctx.storage.get<Record<string, number | number[]>>(STORAGE_KEY)) ?? {};
    this.marks ??= Object.fromEntries(Object.entries(stored).map(([tag, at]) => [tag, typeof at === 'number' ? [at] : at]));
    return this.marks;
  }

  /**
   * Marks these tags purged now, in effect `boundMs` later; resolves with that instant once stored.
   * `once`: the purge's signature, taken once (a replay of the same signed request within its
   * window answers `replayed` and marks nothing), remembered until `until` (ms).
   */
  async mark(tags: string[], boundMs: number, once?: { id: string; until: number }): Promise<{ effectiveAt: number; replayed?: true }> {
    const marks = await this.load();
    const now = Date.now();
    if (once) {
      this.seen ??= (await this.ctx.storage.get<Record<string, number>>(SEEN_KEY)) ?? {};
      if ((this.seen[once.id] ?? 0) > now) return { effectiveAt: 0, replayed: true };
      this.seen = Object.fromEntries(Object.entries(this.seen).filter(([, until]) => until > now));
      this.seen[once.id] = once.until;
    }
    for (const tag of tags) addMark(marks, tag, now, now - boundMs);
    this.marks = pruneVersions(marks, now);
    // One write: the marks and the signature stand or fall together.
    await this.ctx.storage.put({ [STORAGE_KEY]: this.marks, ...(once ? { [SEEN_KEY]: this.seen } : {}) });
    return { effectiveAt: now + boundMs };
  }

  /**
   * Every mark, including those not yet in effect; with `since`, only the tags marked at or after
   * it, each with all its marks: an isolate that knows the marks up to then asks for what changed
   * (the seven days' map of a busy newsroom is tens of kilobytes, read about once a second per
   * location).
   */
  async read(since?: number): Promise<TagVersions> {
    const marks = await this.load();
    if (typeof since !== 'number' || !Number.isFinite(since)) return marks;
    return Object.fromEntries(Object.entries(marks).filter(([, at]) => (at.at(-1) ?? Number.NEGATIVE_INFINITY) >= since));
  }

  /** A lease to write this copy under `key`, or null when it must not be written (see above). */
  async claim(key: string, meta: Pick<EntryMeta, 'startedAt' | 'dataAt' | 'tags' | 'tagsAt'>): Promise<string | null> {
    const marks = await this.load();
    const now = Date.now();
    const held = this.leases.get(key);
    if (held && held.until > now) return null;
    const from = Math.min(meta.startedAt, meta.dataAt ?? meta.startedAt);
    if (!admissible(meta, marks) || from < (this.admitted.get(key) ?? -Infinity)) return null;
    const token = crypto.randomUUID();
    this.leases.set(key, { token, until: now + LEASE_MS });
    this.admitted.delete(key);
    this.admitted.set(key, from);
    if (this.admitted.size > MAX_KEYS) this.admitted.delete(this.admitted.keys().next().value!);
    if (this.leases.size > MAX_KEYS) for (const [k, lease] of this.leases) if (lease.until <= now) this.leases.delete(k);
    return token;
  }

  /** The write under this lease is done (or abandoned): the key is free for the next copy. */
  async release(key: string, token: string): Promise<void> {
    if (this.leases.get(key)?.token === token) this.leases.delete(key);
  }

  /**
   * What the worker calls: an isolate's releases and claims of the same moment in one request
   * (tags.server.ts), since the object's limit counts requests, not keys. Releases first, so that a
   * key written and asked for again in one batch is free. At most MAX_LEASES of each.
   */
  async lease(
    claims: { key: string; meta: Pick<EntryMeta, 'startedAt' | 'dataAt' | 'tags' | 'tagsAt'> }[],
    releases: { key: string; token: string }[],
  ) {
    if (!Array.isArray(claims) || !Array.isArray(releases) || claims.length > MAX_LEASES || releases.length > MAX_LEASES) {
      throw new RangeError(`at most ${MAX_LEASES} claims and releases a call`);
    }
    for (const { key, token } of releases) await this.release(key, token);
    const tokens: (string | null)[] = [];
    for (const { key, meta } of claims) tokens.push(await this.claim(key, meta));
    return tokens;
  }
}
