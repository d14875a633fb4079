// An in-memory Cache API (caches.default, caches.open) for a worker bundle run in plain Node
// (lib/node-worker.mjs): match, put and delete by URL, as one Cloudflare location keeps it, with
// puts counted. Responses are stored with their headers; expiry follows Cache-Control max-age.

export class MemoryCache {
  #entries = new Map();
  counts = { matches: 0, puts: 0, deletes: 0 };

  async match(request) {
    this.counts.matches++;
    const key = typeof request === 'string' ? request : request.url;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers });
  }

  async put(request, response) {
    this.counts.puts++;
    const key = typeof request === 'string' ? request : request.url;
    const maxAge = Number(/(?:^|,)\s*(?:s-maxage|max-age)=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1] ?? 0);
    if (maxAge <= 0) return;
    this.#entries.set(key, {
      body: new Uint8Array(await response.arrayBuffer()),
      status: response.status,
      headers: [...response.headers],
      expires: Date.now() + maxAge * 1000,
    });
  }

  async delete(request) {
    this.counts.deletes++;
    return this.#entries.delete(typeof request === 'string' ? request : request.url);
  }
}

export class MemoryCacheStorage {
  default = new MemoryCache();
  #named = new Map();

  async open(name) {
    if (!this.#named.has(name)) this.#named.set(name, new MemoryCache());
    return this.#named.get(name);
  }

  /** Puts over every cache of this location. */
  get puts() {
    return [this.default, ...this.#named.values()].reduce((n, c) => n + c.counts.puts, 0);
  }
}
