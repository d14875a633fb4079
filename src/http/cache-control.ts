// Every Cache-Control the site sends, by name. Whole pages live in our own KV cache
// (cache/html-cache.server.ts); these say what browsers and shared caches may keep.
export const cacheControl = {
  /** A reader's own answer (session, profile, preview, press kit): kept nowhere. */
  personal: 'private, no-store',
  /** The reader's, but the same for an hour (the list of media). */
  personalForAnHour: 'private, max-age=3600',
  /** Never replayed: errors, form outcomes, refusals. */
  never: 'no-store',
  /** HTML from our KV cache: the browser asks again each time, cheaply (ETag, 304). */
  revalidate: 'no-cache',
  /** Feeds, calendars and form models. */
  fiveMinutes: 'public, max-age=300',
  /** robots.txt. */
  anHour: 'public, max-age=3600',
} as const;
