// What a form sending answered, kept a while under its idempotency key: the same sending repeated
// (a double click, a page reloaded after a post) is answered once. KV, so every location sees it.

export type Idempotency = {
  recall<T>(key: string): Promise<T | null>;
  remember(key: string, value: unknown, seconds: number): void;
};

export function createIdempotency(kv: KVNamespace, waitUntil: (p: Promise<unknown>) => void): Idempotency {
  return {
    recall: <T>(key: string) => kv.get<T>(key, 'json').catch(() => null),
    remember: (key, value, seconds) => waitUntil(kv.put(key, JSON.stringify(value), { expirationTtl: seconds }).catch(() => undefined)),
  };
}
