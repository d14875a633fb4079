import type { Context } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../app-env';
import { markPurged, tag } from './tags.server';
import { bodyLimit } from 'hono/body-limit';
import { createFactory } from 'hono/factory';
import { tooManyRequests, withinLimit } from '../http/rate-limit.server';
import { log } from '../observability/log.server';

// POST /api/purge — called by WordPress (wordpress/ffr-presse-purge) after a publish, a term or menu
// change, a settings or form save. Signed like the common webhook plugins do, with a timestamp
// against replays:
//   X-FFR-Timestamp: unix seconds;  X-FFR-Signature: base64(HMAC-SHA256(`${timestamp}.${body}`, secret))
// A request more than 5 minutes away from the worker's clock is refused.

export const SIGNATURE_HEADER = 'x-ffr-signature';
export const TIMESTAMP_HEADER = 'x-ffr-timestamp';
export const REPLAY_WINDOW_SECONDS = 300;

const CategoryRef = z.object({ id: z.number().int().nonnegative(), slug: z.string().min(1) });
// What a post or term was called before the save: its old pages must go too.
const Previous = z.object({ slug: z.string().min(1).optional(), categories: z.array(CategoryRef).optional() });

export const PurgeBodySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('post'),
    action: z.enum(['publish', 'update', 'trash', 'unpublish', 'restore', 'delete']),
    post: z.object({ id: z.number().int().positive(), slug: z.string().min(1), categories: z.array(CategoryRef).default([]) }),
    previous: Previous.optional(),
    /** The plugin's « Ne pas alerter les journalistes » box, ticked: false (a minor correction). */
    alert: z.boolean().default(true),
  }),
  z.object({
    type: z.literal('term'),
    action: z.enum(['create', 'update', 'delete']),
    taxonomy: z.enum(['category', 'post_tag']),
    term: z.object({ id: z.number().int().positive(), slug: z.string().min(1) }),
    previous: Previous.pick({ slug: true }).optional(),
  }),
  z.object({
    type: z.literal('form'),
    action: z.enum(['create', 'update', 'delete']),
    form: z.object({ id: z.number().int().positive(), slug: z.string().min(1) }),
  }),
  z.object({ type: z.literal('event'), action: z.string(), event: z.object({ id: z.number().int(), slug: z.string() }) }),
  z.object({ type: z.literal('site'), action: z.string(), reason: z.string().max(64).optional() }),
  // A journalist's status or mail consent changed in WordPress, or the account was deleted: the
  // alerts follow (features/alerts/account.server.ts). No page shows it, so nothing is marked.
  z.object({
    type: z.literal('account'),
    action: z.enum(['update', 'delete']),
    /** When the change was made in WordPress (ms): an older notice never overrides a newer one. */
    changed_at: z.number().int().positive().optional(),
    account: z.object({
      id: z.string().min(1).max(128),
      journaliste: z.string().max(32).optional(),
      optin_mail: z.boolean().optional(),
      /** The account's address now: a change reaches the alerts' row (checked as one plain mailbox there). */
      email: z.string().max(254).optional(),
      /** The journalist's requests and the press office's answers (`journaliste_accreditations_events`), latest 20. */
      accreditations: z
        .array(
          z.object({
            event_id: z.number().int().positive(),
            status: z.string().max(32),
            title: z.string().max(200).default(''),
            date: z.string().max(32).default(''),
          }),
        )
        .max(20)
        .optional(),
    }),
  }),
]);
export type PurgeBody = z.infer<typeof PurgeBodySchema>;

const categoryTags = (categories: { id: number; slug: string }[]) =>
  categories.flatMap((c) => [tag.category(c.id), tag.categorySlug(c.slug)]);

/** Everything a published item shows up in. */
export function tagsFor(body: PurgeBody): string[] {
  switch (body.type) {
    case 'post':
      return unique([
        tag.post(body.post.slug),
        ...(body.previous?.slug ? [tag.post(body.previous.slug)] : []),
        tag.postId(body.post.id),
        tag.home,
        tag.lists,
        ...categoryTags(body.post.categories),
        ...categoryTags(body.previous?.categories ?? []),
      ]);
    case 'term':
      // A tag's id is no category's (WordPress numbers all terms in one table): only categories
      // have pages of their own to mark.
      return unique([
        tag.site,
        tag.lists,
        tag.home,
        ...(body.taxonomy === 'category'
          ? [
              tag.category(body.term.id),
              tag.categorySlug(body.term.slug),
              ...(body.previous?.slug ? [tag.categorySlug(body.previous.slug)] : []),
            ]
          : []),
      ]);
    case 'form':
      return [tag.forms];
    case 'event':
      return [tag.events, tag.home];
    case 'site':
      return [tag.site, tag.home, tag.lists];
    case 'account':
      return [];
  }
}

const unique = (tags: string[]) => [...new Set(tags)];

/** The plugin waits 8 s for the answer (class-sender.php): a 200 comes within 7 s, or a 503. */
const ACK_WITHIN_MS = 7000;
/** The zone's purge gets at least this long, even when the mark is already in effect (a bound of 0). */
const ZONE_PURGE_MIN_MS = 1000;
/** How long after the mark the zone's purge is sent, when the bound leaves the time (a tier's `Age` is whole seconds). */
const ZONE_PURGE_AFTER_MS = 1100;

/** A purge names one post, term, form or the site: a few hundred bytes. Anything longer is refused unread. */
export const MAX_PURGE_BYTES = 8 * 1024;

/**
 * A signature's short name for the purge object's memory of those already taken: a digest of the
 * MAC's bytes, not of its text. `atob` takes many spellings of the same bytes (without `=`, with
 * spaces or tabs inside, other values of the last character's unused bits): each is the same
 * signature, so each is a replay.
 */
async function digest(mac: Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', mac));
  return [...bytes.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The MAC's bytes, or null when the header is no base64 at all. */
function macBytes(signature: string | undefined): Uint8Array<ArrayBuffer> | null {
  // Stryker disable next-line ConditionalExpression: without it, undefined.trim() throws and the catch answers null all the same.
  if (!signature) return null;
  try {
    // Stryker disable next-line MethodExpression: atob strips ASCII whitespace itself (forgiving-base64); trim says so.
    return Uint8Array.from(atob(signature.trim()), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

async function verify(
  secret: string,
  body: ArrayBuffer,
  bytes: Uint8Array<ArrayBuffer> | null,
  timestamp: string | undefined,
): Promise<boolean> {
  if (bytes === null || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) return false;
  // Stryker disable next-line BooleanLiteral: the key never leaves this function; extractable or not, nothing exports it.
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  // subtle.verify compares in constant time.
  const prefix = new TextEncoder().encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.byteLength);
  signed.set(prefix);
  signed.set(new Uint8Array(body), prefix.length);
  return crypto.subtle.verify('HMAC', key, bytes, signed);
}

/**
 * Before anything else, every attempt is counted per address (PURGE_LIMITER, roomy enough for a
 * burst of publishes from WordPress), and the body is read only up to MAX_PURGE_BYTES, while it
 * streams: an unsigned flood costs a counter and a few KiB, never the whole body nor a signature.
 */
/**
 * What follows a purge, given by the entry (a feature above this layer): an account notice's
 * answer, and what a stored purge hands on (the press alerts' Queue). A throw from `stored` is a 503.
 */
export type PurgeFollowUp = {
  account: (c: Context<AppEnv>, body: Extract<PurgeBody, { type: 'account' }>) => Promise<Response>;
  stored: (c: Context<AppEnv>, body: Exclude<PurgeBody, { type: 'account' }>) => Promise<void>;
};

export const purgeHandlers = (followUp: PurgeFollowUp) =>
  createFactory<AppEnv>().createHandlers(
    async (c, next) => {
      if (!(await withinLimit(c, 'PURGE_LIMITER'))) return tooManyRequests(c);
      await next();
    },
    bodyLimit({
      maxSize: MAX_PURGE_BYTES,
      onError: (c) => c.json({ error: 'too_large', message: `Le corps d’une purge ne dépasse pas ${MAX_PURGE_BYTES / 1024} Kio.` }, 413),
    }),
    (c) => purge(c, followUp),
  );

async function purge(c: Context<AppEnv>, followUp: PurgeFollowUp) {
  const receivedAt = Date.now();
  const raw = await c.req.arrayBuffer();
  const { PURGE_SECRET, PURGE_SECRET_PREVIOUS } = c.get('config');
  const mac = macBytes(c.req.header(SIGNATURE_HEADER));
  const timestamp = c.req.header(TIMESTAMP_HEADER);
  // During a rotation WordPress may still sign with the previous secret (docs/operations.md).
  const signed =
    (await verify(PURGE_SECRET, raw, mac, timestamp)) ||
    (PURGE_SECRET_PREVIOUS !== undefined && (await verify(PURGE_SECRET_PREVIOUS, raw, mac, timestamp)));
  if (!signed) {
    return c.json({ error: 'invalid_signature', message: 'Signature absente, invalide ou expirée.' }, 401);
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return c.json({ error: 'invalid_json', message: 'Le corps de la requête n’est pas du JSON valide.' }, 400);
  }
  const parsed = PurgeBodySchema.safeParse(json);
  if (!parsed.success) {
    return c.json(
      {
        error: 'invalid_body',
        message: 'Corps de purge invalide.',
        issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      },
      400,
    );
  }
  const tags = tagsFor(parsed.data);
  let effectiveAt: number | 'replayed';
  try {
    // A signed purge is taken once, an account notice too (it marks no tag): the same request sent
    // again within its window, however its signature is spelt, marks nothing and changes nothing.
    const once = { id: await digest(mac!), until: (Number(timestamp) + REPLAY_WINDOW_SECONDS + 60) * 1000 };
    effectiveAt = await markPurged(c.env.PURGE_MARKS, tags, c.get('config').PURGE_BOUND_MS, once);
  } catch (error) {
    // Not acknowledged (the object failing, slow or overloaded): WordPress's plugin retries
    // (WP-Cron) until the marks are stored.
    log.error('purge.not_stored', { tags: tags.length, error: log.describe(error) });
    return c.json({ error: 'purge_not_stored', message: 'La purge n’a pas pu être enregistrée. Réessayez dans quelques instants.' }, 503, {
      'retry-after': '5',
    });
  }
  if (effectiveAt === 'replayed')
    return c.json({ error: 'replayed', message: 'Cette purge signée a déjà été reçue\u00a0: chaque envoi est signé à nouveau.' }, 409);
  if (parsed.data.type === 'account') return followUp.account(c, parsed.data);
  try {
    // Alerts: only handed to the Queue here; fanned out and sent by its consumer, off this path.
    await followUp.stored(c, parsed.data);
  } catch (error) {
    // Not acknowledged, so that the plugin sends it again (the marks take a second purge as one;
    // the alerts are recorded once per post and journalist).
    log.error('purge.alerts_not_queued', { error: log.describe(error) });
    return c.json(
      { error: 'alerts_not_queued', message: 'La publication n’a pas pu être transmise aux alertes. Réessayez dans quelques instants.' },
      503,
      {
        'retry-after': '5',
      },
    );
  }
  // Acknowledged once it holds everywhere (tags.server.ts): WordPress's 200 means « the new text
  // is what every location that reaches the purge object serves ». At most 4 s to store it (else
  // 503 and the plugin retries) plus the bound (3 s): within the plugin's 8 s. A slow object
  // pushes that instant back; past the plugin's patience, no 200 that would not be true.
  if (effectiveAt - receivedAt > ACK_WITHIN_MS) {
    log.error('purge.not_visible_in_time', { tags: tags.length, visibleInMs: effectiveAt - receivedAt });
    return c.json(
      {
        error: 'purge_slow',
        message: 'La purge est enregistrée mais ne sera pas visible partout à temps. Réessayez dans quelques instants.',
      },
      503,
      { 'retry-after': '5' },
    );
  }
  // The zone's copies of WordPress's JSON go before the mark takes effect, so that the readers it
  // sends back to WordPress find the tiers empty and refill them once (decision 024). A second
  // after the mark: `Age` is whole seconds, so a copy a tier took within a second of the mark
  // could not be told from one taken before it, and would be asked for again past the cache; sent
  // later, the purge removes those too. Within the plugin's patience; late or failed, it costs
  // WordPress fetches, not freshness.
  const wait = effectiveAt - Date.now();
  const purgeZone = async () => {
    await scheduler.wait(Math.max(0, Math.min(ZONE_PURGE_AFTER_MS, wait - ZONE_PURGE_MIN_MS)));
    const left = Math.max(effectiveAt - Date.now(), Math.min(ZONE_PURGE_MIN_MS, receivedAt + ACK_WITHIN_MS - Date.now()));
    return c.get('content').purgeZone(tags, left);
  };
  await Promise.all([purgeZone(), wait > 0 ? scheduler.wait(wait) : undefined]);
  return c.json({ purged: tags, effectiveAt: new Date(effectiveAt).toISOString() });
}
