// Types of scripts/lib/memory-durable-object.mjs for the TypeScript tests that import it.
export declare class MemoryStorage {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  put(entries: Record<string, unknown>): Promise<void>;
  delete(key: string): Promise<boolean>;
}
export declare function memoryNamespace(
  durableObjectClass: new (ctx: unknown, env: unknown) => object,
  env?: Record<string, unknown>,
  options?: { instances?: Map<string, object>; reachable?: () => boolean },
): DurableObjectNamespace;
