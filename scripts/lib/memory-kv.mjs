// An in-memory Workers KV namespace for a worker bundle run in plain Node (scripts/bench-cpu.mjs).
// It implements what the worker calls (src/cache/entry-store.server.ts, tags.server.ts,
// features/forms/submit.server.ts) and the rest of the read API: get (text, json, arrayBuffer,
// stream), getWithMetadata, put (metadata, expirationTtl, expiration), delete, list.
// Values are kept as bytes and metadata as JSON text, and decoded on every read, as the runtime
// does with what the KV service sends: the worker's reads cost it the decoding, not more, not less.
// Reads and writes are counted (`counts`), so that a bench can tell which requests touched KV.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBytes(value) {
  if (typeof value === 'string') return encoder.encode(value);
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  throw new TypeError('KV put: the value must be a string, an ArrayBuffer, a view of one or a ReadableStream');
}

export class MemoryKV {
  #entries = new Map();
  counts = { reads: 0, writes: 0, deletes: 0, lists: 0 };

  #live(key) {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.expiration !== null && entry.expiration <= Date.now() / 1000) {
      this.#entries.delete(key);
      return null;
    }
    return entry;
  }

  #decode(bytes, type) {
    switch (type) {
      case 'text':
        return decoder.decode(bytes);
      case 'json':
        return JSON.parse(decoder.decode(bytes));
      case 'arrayBuffer':
        return bytes.slice(0).buffer;
      case 'stream':
        return new ReadableStream({
          start(controller) {
            controller.enqueue(bytes.slice(0));
            controller.close();
          },
        });
      default:
        throw new TypeError(`KV get: unknown type ${type}`);
    }
  }

  async get(key, options) {
    return (await this.getWithMetadata(key, options)).value;
  }

  async getWithMetadata(key, options) {
    this.counts.reads++;
    const type = (typeof options === 'string' ? options : options?.type) ?? 'text';
    const entry = this.#live(key);
    if (!entry) return { value: null, metadata: null, cacheStatus: null };
    return {
      value: this.#decode(entry.bytes, type),
      metadata: entry.metadata === null ? null : JSON.parse(entry.metadata),
      cacheStatus: null,
    };
  }

  async put(key, value, options = {}) {
    this.counts.writes++;
    if (options.expirationTtl !== undefined && options.expirationTtl < 60)
      throw new Error('KV put() failed: 400 Invalid expiration_ttl of less than 60 seconds.');
    const bytes = value instanceof ReadableStream ? new Uint8Array(await new Response(value).arrayBuffer()) : toBytes(value);
    const expiration = options.expirationTtl !== undefined ? Date.now() / 1000 + options.expirationTtl : (options.expiration ?? null);
    const metadata = options.metadata === undefined || options.metadata === null ? null : JSON.stringify(options.metadata);
    this.#entries.set(key, { bytes, metadata, expiration });
  }

  async delete(key) {
    this.counts.deletes++;
    this.#entries.delete(key);
  }

  async list({ prefix = '', limit = 1000, cursor } = {}) {
    this.counts.lists++;
    const names = [...this.#entries.keys()].filter((k) => k.startsWith(prefix) && this.#live(k)).sort();
    const start = cursor ? Number(cursor) : 0;
    const page = names.slice(start, start + limit);
    const done = start + limit >= names.length;
    const keys = page.map((name) => {
      const entry = this.#entries.get(name);
      return {
        name,
        ...(entry.expiration !== null ? { expiration: Math.floor(entry.expiration) } : {}),
        ...(entry.metadata !== null ? { metadata: JSON.parse(entry.metadata) } : {}),
      };
    });
    return done
      ? { keys, list_complete: true, cacheStatus: null }
      : { keys, list_complete: false, cursor: String(start + limit), cacheStatus: null };
  }

  /** Whether a live entry exists under `key` (for the bench's checks; not part of the KV API). */
  has(key) {
    return this.#live(key) !== null;
  }
}
