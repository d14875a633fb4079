import { DurableObject } from 'cloudflare:workers';
import { pruneVersions, type TagVersions } from './policy';
import { MARKS_KEY } from './tags.server';

// The purge marks' single writer. Marks used to be one KV key updated by read-modify-write from
// whichever isolate took the purge: two purges within a second raced (KV keeps the last write and
// allows one write per second per key), and the loser's pages stayed stale for minutes. One
// Durable Object takes every purge in turn, keeps the marks in its own storage (consistent by
// design) and publishes them to the KV key the pages read, at most once a second, several purges
// in one write. A purge is acknowledged only once the KV copy that includes it is written.
// See docs/decisions/005-purge-marks-single-writer.md.

const STORAGE_KEY = 'marks';
/** KV takes one write per second per key. */
const KV_WRITE_SPACING_MS = 1000;

type MarksEnv = { CACHE: KVNamespace };

export class PurgeMarks extends DurableObject<MarksEnv> {
  private marks: TagVersions | null = null;
  /** Bumped by every purge; `published` is the last version whose marks are in KV. */
  private version = 0;
  private published = 0;
  private lastWriteAt = 0;
  private writing: Promise<void> | null = null;

  /** Marks these tags purged now; resolves with every mark once they are readable from KV. */
  async mark(tags: string[]): Promise<TagVersions> {
    this.marks ??= (await this.ctx.storage.get<TagVersions>(STORAGE_KEY)) ?? {};
    const at = Date.now();
    for (const tag of tags) this.marks[tag] = Math.max(this.marks[tag] ?? 0, at);
    this.marks = pruneVersions(this.marks, at);
    const mine = ++this.version;
    await this.ctx.storage.put(STORAGE_KEY, this.marks);
    while (this.published < mine) await this.publish();
    return this.marks;
  }

  /** One KV write at a time, spaced by a second; purges arriving meanwhile share the next one. */
  private publish(): Promise<void> {
    this.writing ??= (async () => {
      const wait = this.lastWriteAt + KV_WRITE_SPACING_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const version = this.version;
      await this.env.CACHE.put(MARKS_KEY, JSON.stringify(this.marks));
      this.lastWriteAt = Date.now();
      this.published = version;
    })().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }
}
