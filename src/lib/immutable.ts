// What an isolate shares between its requests (a data copy as the store hands it over, the shell
// derived from it) is frozen all the way down: a request that changed it would throw instead of
// showing its change to the next reader. Frozen so, such a value can be known by its identity:
// the shared HTML is keyed by reference instead of by the JSON of its props (ui/shared-html.server.tsx).

const deeplyFrozen = new WeakSet<object>();

/** `value`, and everything it holds, frozen (JSON-like data: no cycles). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !deeplyFrozen.has(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
    deeplyFrozen.add(value);
  }
  return value;
}

/** Whether `value` went through deepFreeze: it cannot change while it lives. */
export const isDeeplyFrozen = (value: unknown): value is object => typeof value === 'object' && value !== null && deeplyFrozen.has(value);
