/**
 * A value built on first use, then kept: for what costs time to build at module load (an `Intl`
 * formatter takes about a millisecond) when a worker's startup is measured and limited.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
