// Durable Objects in memory, for a worker bundle run in plain Node (lib/node-worker.mjs, the
// freshness simulation): one instance per name, its storage a Map, every call through the stub
// copied both ways (structuredClone) as the runtime's RPC copies it. `reachable()` false makes the
// stub's calls fail as an unreachable object does (« Network connection lost. »).

export class MemoryStorage {
  #entries = new Map();
  async get(key) {
    return structuredClone(this.#entries.get(key));
  }
  /** `put(key, value)`, or `put({ key: value, … })` to write several at once, as the runtime's storage takes both. */
  async put(key, value) {
    if (typeof key === 'object' && key !== null) for (const [k, v] of Object.entries(key)) this.#entries.set(k, structuredClone(v));
    else this.#entries.set(key, structuredClone(value));
  }
  async delete(key) {
    return this.#entries.delete(key);
  }
}

/** A namespace of `DurableObjectClass`; `instances` may be shared by several namespaces (one per location). */
export function memoryNamespace(DurableObjectClass, env = {}, { instances = new Map(), reachable = () => true } = {}) {
  return {
    idFromName: (name) => ({ name, toString: () => name }),
    get(id) {
      if (!instances.has(id.name)) instances.set(id.name, new DurableObjectClass({ storage: new MemoryStorage(), id }, env));
      const object = instances.get(id.name);
      return new Proxy(
        {},
        {
          get:
            (_, method) =>
            async (...args) => {
              if (!reachable()) throw new Error('Network connection lost.');
              return structuredClone(await object[method](...structuredClone(args)));
            },
        },
      );
    },
  };
}
