import { AsyncLocalStorage } from 'node:async_hooks';
import * as z from 'zod';
import type { Config } from '../config/env.server';
import { log } from '../observability/log.server';
import { requestJson, UpstreamError, type Tier } from './http.server';

// Cloudflare's own cache tiers in front of WordPress (decision 024). WordPress's public JSON is
// fetched through the zone's cache, tagged with the site's purge tags, so that after a publish
// one location's fetch refills the upper tier and the others read it there, collapsed, instead of
// each isolate of each location asking WordPress. The purge removes those copies by tag through
// the zone purge API. Correctness never rests on that purge: a copy carries its age (`Age`), and
// one fetched before the newest purge of its tags is not taken (it is fetched again past the
// cache). Off when the zone or its token is not configured, and in effect only where the platform
// caches subrequests (not in workerd nor `wrangler dev`: there every call reaches the upstream).

/** What a tiered read knows: the tags its copy carries, and the newest purge it must postdate (ms). */
type TierScope = { tags: string[]; notBefore: number | undefined; oldest: number | undefined };
const scope = new AsyncLocalStorage<TierScope>();

/** Cloudflare's cache tags are shared by the whole zone: the site's are prefixed with its own name. */
export const ZONE_TAG_PREFIX = 'ffr-presse:';
// « the maximum length of a cache-tag in an API call is 1,024 characters », « printable ASCII »,
// no spaces, case-insensitive; commas separate tags (developers.cloudflare.com/cache/how-to/purge-cache/purge-by-tags/).
const MAX_TAG_LENGTH = 1024;
export const zoneTag = (tag: string) =>
  `${ZONE_TAG_PREFIX}${tag}`
    .toLowerCase()
    .replace(/[^\x21-\x7e]|,/g, '_')
    .slice(0, MAX_TAG_LENGTH);

/**
 * Runs a load whose upstream reads may go through the zone's cache, tagged with `tags`; answers
 * the value and when its oldest data left WordPress, when a tier answered (ms).
 */
export async function throughTier<T>(tags: string[], notBefore: number | undefined, load: () => Promise<T>) {
  const read: TierScope = { tags, notBefore, oldest: undefined };
  const value = await scope.run(read, load);
  return { value, dataAt: read.oldest };
}

/**
 * The `cf` options of a public GET (no credential) made inside `throughTier`: kept a quarter of
 * the freshness window, so that a copy refreshed from the tier is still well inside the window.
 * Undefined outside a tiered read, or when the zone purge is not configured (a copy nobody can
 * purge would outlive a publish).
 */
export function tierOptions(config: Config): Tier | undefined {
  const read = scope.getStore();
  if (!read || read.tags.length === 0 || !zoneConfigured(config)) return undefined;
  return {
    notBefore: read.notBefore,
    seen: (dataAt) => {
      read.oldest = Math.min(read.oldest ?? dataAt, dataAt);
      lastCopyFromTier = Date.now();
    },
    cf: { cacheEverything: true, cacheTtl: Math.max(1, Math.floor(config.CONTENT_FRESH_SECONDS / 4)), cacheTags: read.tags.map(zoneTag) },
  };
}

/** When this isolate last got a copy from a tier: never, where the platform caches no subrequest. */
let lastCopyFromTier: number | null = null;

/**
 * What the health check says of the tiers: whether the zone's purge is configured, and whether
 * this isolate has seen a copy come from a tier (in workerd and `wrangler dev`, never: every read
 * reaches the upstream, as before decision 024).
 */
export function zoneCacheState(config: Config) {
  return {
    purge: zoneConfigured(config) ? ('on' as const) : ('off' as const),
    lastCopyFromTier: lastCopyFromTier === null ? null : new Date(lastCopyFromTier).toISOString(),
  };
}

const zoneConfigured = (config: Config) => config.CF_ZONE_ID !== undefined && config.CF_PURGE_TOKEN !== undefined;

// POST /zones/{zone_id}/purge_cache {"tags": [...]}: « Max operations per request: 100 » on every
// plan, and a token bucket per account (Pro: 5 requests a second, bucket 25) that answers 429
// (developers.cloudflare.com/cache/how-to/purge-cache/). Answers are the v4 envelope.
export const MAX_TAGS_PER_PURGE = 100;
const PurgeResult = z.object({ success: z.literal(true), result: z.object({ id: z.string() }).loose().nullable().optional() }).loose();
/**
 * How long a rate-limited call waits before its next try, when the answer names no `retry-after`
 * (« the number of seconds, rounded up, until more capacity is available »,
 * developers.cloudflare.com/fundamentals/api/reference/limits/).
 */
const RATE_LIMIT_PAUSE_MS = 1000;

/** The tags of the next call, gathered while another is on its way; and that call. */
type Round = { tags: Set<string>; result?: Promise<boolean> };
let gathering: Round | null = null;
let sending: Promise<boolean> | null = null;

/**
 * Removes the zone's copies carrying these tags, within `deadlineMs`: true when Cloudflare took
 * them. One call at a time per isolate: the tags of purges arriving meanwhile go together in the
 * next one, sent by the first of them to find the way free (in its own request), so that a burst
 * of publishes stays within the account's bucket. A failure costs WordPress fetches, never
 * freshness (copies older than the mark are not taken), so it is logged and alerted, not surfaced
 * to the publisher.
 */
export async function purgeZoneTags(config: Config, tags: string[], deadlineMs: number): Promise<boolean> {
  if (!zoneConfigured(config) || tags.length === 0) return true;
  const until = Date.now() + deadlineMs;
  const round = (gathering ??= { tags: new Set() });
  for (const t of tags) round.tags.add(zoneTag(t));
  while (sending && !round.result) {
    const left = until - Date.now();
    if (left <= 0) return failed(round.tags.size, 'deadline');
    await Promise.race([sending, scheduler.wait(left)]);
  }
  if (!round.result) {
    gathering = null;
    const result = send(config, [...round.tags], until);
    round.result = result;
    sending = result;
    void result.finally(() => {
      if (sending === result) sending = null;
    });
  }
  const left = until - Date.now();
  const ok = await Promise.race([round.result, scheduler.wait(Math.max(left, 0)).then(() => 'late' as const)]);
  return ok === 'late' ? failed(round.tags.size, 'deadline') : ok;
}

/** One round's calls, at most 100 tags each, waiting out a 429 within the deadline. */
async function send(config: Config, all: string[], until: number): Promise<boolean> {
  const url = `${config.CF_API_URL}/zones/${encodeURIComponent(config.CF_ZONE_ID!)}/purge_cache`;
  for (let i = 0; i < all.length; i += MAX_TAGS_PER_PURGE) {
    const batch = all.slice(i, i + MAX_TAGS_PER_PURGE);
    for (;;) {
      const left = until - Date.now();
      if (left <= 0) return failed(all.length, 'deadline');
      try {
        await requestJson(url, PurgeResult, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.CF_PURGE_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tags: batch }),
          timeoutMs: left,
        });
        break;
      } catch (error) {
        const limited = error instanceof UpstreamError && error.status === 429;
        const pause = limited && error.retryAfter !== undefined ? Math.max(error.retryAfter * 1000, 200) : RATE_LIMIT_PAUSE_MS;
        if (!limited || until - Date.now() <= pause) return failed(all.length, error);
        await scheduler.wait(pause);
      }
    }
  }
  return true;
}

function failed(tags: number, error: unknown): false {
  log.error('zone_purge.failed', { tags, error: error === 'deadline' ? 'deadline' : log.describe(error) });
  return false;
}
