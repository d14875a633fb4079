import type { Config } from '../config/env.server';

/**
 * A client made once per isolate: the configuration is read once per isolate (config/env.server.ts)
 * and a client holds nothing of a request, so the hot path of a cached page builds none.
 */
export function perConfig<T>(make: (config: Config) => T): (config: Config) => T {
  const made = new WeakMap<Config, T>();
  return (config) => {
    let client = made.get(config);
    if (client === undefined) {
      client = make(config);
      made.set(config, client);
    }
    return client;
  };
}
