import * as z from 'zod';

// The mail provider's event webhook (decision 023, amended 2026-11-29: Mailgun, EU region). Mailgun
// posts one JSON event per call (user manual, « Webhooks »): `signature` {timestamp, token,
// signature} and `event-data`. The signature is HMAC-SHA256 of `timestamp + token` under the HTTP
// webhook signing key, in lowercase hex (« Securing webhooks »). It does not cover `event-data`:
// a token is therefore taken once (the caller keeps it), and a timestamp far from now is refused.
// Mailgun retries a webhook for 8 hours unless it gets 200 or 406 (« Webhooks », retries).

/** Mailgun retries for 8 hours: an event older than this is no retry of theirs. */
export const EVENT_WINDOW_SECONDS = 9 * 3600;

const EventSchema = z.object({
  signature: z.object({
    timestamp: z.string().regex(/^\d{1,12}$/),
    token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  'event-data': z
    .object({
      // « failed » with a severity, « complained », « unsubscribed », « delivered »… (Events, event types).
      event: z.string().min(1).max(32),
      severity: z.string().max(16).optional(),
      reason: z.string().max(64).optional(),
      recipient: z.string().min(3).max(320),
    })
    .loose(),
});

/** What an event means for the alerts. */
export type MailEvent = {
  /** bounced: failed for good (a hard bounce, or a suppressed address: reason suppress-*). */
  kind: 'bounced' | 'deferred' | 'complained' | 'unsubscribed' | 'other';
  recipient: string;
  reason: string;
  token: string;
};

export type Checked = { ok: true; event: MailEvent } | { ok: false; why: 'malformed' | 'signature' | 'stale' };

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g)!, (h) => Number.parseInt(h, 16));

export async function checkMailEvent(signingKey: string, body: unknown, nowMs: number): Promise<Checked> {
  const parsed = EventSchema.safeParse(body);
  if (!parsed.success) return { ok: false, why: 'malformed' };
  const { signature, 'event-data': data } = parsed.data;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(signingKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  // subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify(
    'HMAC',
    key,
    hexBytes(signature.signature),
    new TextEncoder().encode(signature.timestamp + signature.token),
  );
  if (!valid) return { ok: false, why: 'signature' };
  if (Math.abs(nowMs / 1000 - Number(signature.timestamp)) > EVENT_WINDOW_SECONDS) return { ok: false, why: 'stale' };
  const kind: MailEvent['kind'] =
    data.event === 'failed'
      ? data.severity === 'permanent'
        ? 'bounced'
        : 'deferred'
      : data.event === 'complained'
        ? 'complained'
        : data.event === 'unsubscribed'
          ? 'unsubscribed'
          : 'other';
  return { ok: true, event: { kind, recipient: data.recipient, reason: data.reason ?? '', token: signature.token } };
}
