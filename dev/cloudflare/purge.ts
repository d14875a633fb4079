import { Hono } from 'hono';

// Cloudflare's zone purge API, as the worker calls it to remove WordPress's JSON from the zone's
// cache by tag (src/upstream/zone-cache.server.ts, decision 024):
//   POST /client/v4/zones/{zone_id}/purge_cache  {"tags": [...]}  Authorization: Bearer <token>
// Its rules, each from where Cloudflare or its users say so:
//  - the v4 envelope {success, errors: [{code, message}], messages, result}; a success's result is
//    {id} (api.cloudflare.com schema cache-purge_api-response-single-id);
//  - a token « with the Cache Purge permission for the zone » (developers.cloudflare.com/cache/
//    guides/invalidate-cache/); a malformed Authorization header is 400 code 6003 « Invalid request
//    headers » with its error_chain, a token without the permission 403 code 10000 « Authentication
//    error » (jakejarvis/cloudflare-purge-action#1, putyourlightson/craft-blitz#510,
//    sebdesign/artisan-cloudflare#16);
//  - « Max operations per request: 100 » on every plan, and per account a token bucket: Pro
//    « 5 requests per second », bucket 25 (developers.cloudflare.com/cache/how-to/purge-cache/);
//    past it 429 (craft-blitz#880) with `retry-after`, « the number of seconds, rounded up, until
//    more capacity is available » (developers.cloudflare.com/fundamentals/api/reference/limits/);
//    the error's code is not documented: 971, the API's « throttle » code, stands in;
//  - a tag over 1 024 characters or with a non-printable character is answered 200 with
//    success false, codes 1100 and 1315 (opennextjs/opennextjs-cloudflare#655). More than 100 tags
//    in a call has no documented answer: refused here as a 400, so a worker that sends it fails.
// What was purged is listed under /__control/zone-purges for the tests.

const MAX_OPERATIONS = 100;
const MAX_TAG_LENGTH = 1024;
/** Pro: the plan the site's zone is on (decision 024). */
const REFILL_PER_SECOND = 5;
const BUCKET = 25;

export type ZonePurge = { at: number; tags: string[] };

const envelope = (success: boolean, errors: { code: number; message: string; error_chain?: unknown[] }[], result: unknown = null) => ({
  success,
  errors,
  messages: [],
  result,
});

export function createZonePurgeApi(options: { zoneId: string; token: string; now?: () => number }) {
  const now = options.now ?? Date.now;
  const purges: ZonePurge[] = [];
  let tokens = BUCKET;
  let filledAt = now();
  const take = (): number => {
    const t = now();
    tokens = Math.min(BUCKET, tokens + ((t - filledAt) / 1000) * REFILL_PER_SECOND);
    filledAt = t;
    if (tokens >= 1) {
      tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - tokens) / REFILL_PER_SECOND);
  };

  const api = new Hono();
  api.post('/zones/:zone/purge_cache', async (c) => {
    const auth = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '');
    if (!auth)
      return c.json(
        envelope(false, [
          {
            code: 6003,
            message: 'Invalid request headers',
            error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
          },
        ]),
        400,
      );
    if (auth[1] !== options.token || c.req.param('zone') !== options.zoneId)
      return c.json(envelope(false, [{ code: 10000, message: 'Authentication error' }]), 403);
    const wait = take();
    if (wait > 0) {
      return c.json(envelope(false, [{ code: 971, message: 'Please wait and consider throttling your request speed' }]), 429, {
        'retry-after': String(wait),
      });
    }
    const body = (await c.req.json().catch(() => null)) as { tags?: unknown } | null;
    const tags = body?.tags;
    if (!Array.isArray(tags) || tags.length === 0 || !tags.every((t) => typeof t === 'string'))
      return c.json(
        envelope(false, [
          { code: 1012, message: 'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"' },
        ]),
        400,
      );
    if (tags.length > MAX_OPERATIONS)
      return c.json(envelope(false, [{ code: 1017, message: `Only ${MAX_OPERATIONS} tags can be purged per request` }]), 400);
    if (tags.some((t) => t.length > MAX_TAG_LENGTH))
      return c.json(envelope(false, [{ code: 1100, message: 'Tag exceeds maximum length of 1024 characters' }]));
    if (tags.some((t) => !/^[\x21-\x7e]+$/.test(t)))
      return c.json(envelope(false, [{ code: 1315, message: 'Non-printable characters are forbidden in tags' }]));
    purges.push({ at: now(), tags: tags as string[] });
    return c.json(envelope(true, [], { id: options.zoneId }));
  });

  const control = new Hono();
  control.get('/', (c) => c.json(purges));
  control.delete('/', (c) => {
    const cleared = purges.length;
    purges.length = 0;
    tokens = BUCKET;
    filledAt = now();
    return c.json({ cleared });
  });
  return { api, control };
}
