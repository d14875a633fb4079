import type { Config } from '../config/env.server';

// The federation's media library (images and documents of the articles), read as bytes for the
// press kit. Only its own hosts are fetched: the kit must not become an open proxy.

export function createMediaClient(config: Config) {
  const own = new Set([config.WP_API_URL, config.STATIC_LISTS_URL].map((u) => new URL(u).host));
  const isAllowed = (url: URL) =>
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    (own.has(url.host) || url.hostname === 'ffr.fr' || url.hostname.endsWith('.ffr.fr'));
  return {
    /** The address as a URL when it is one of the library's, else null. */
    resolve: (raw: string): URL | null => {
      const url = URL.canParse(raw) ? new URL(raw) : null;
      return url && isAllowed(url) ? url : null;
    },
    /** The file's bytes as they arrive, or null when it cannot be had in time (the kit lists it as missing). */
    async stream(url: URL): Promise<ReadableStream<Uint8Array> | null> {
      const res = await fetch(url, { signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS) }).catch(() => null);
      if (res?.ok && res.body) return res.body;
      await res?.body?.cancel();
      return null;
    },
  };
}
