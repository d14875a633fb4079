import { createHmac, randomBytes } from 'node:crypto';
import * as z from 'zod';

// The mail provider's event webhook as Mailgun sends it (decision 023, amended): one JSON body per
// event, `signature` {timestamp, token, signature} with signature = hex HMAC-SHA256 of
// `timestamp + token` under the HTTP webhook signing key (Mailgun, « Securing webhooks »), and
// `event-data` as its Events API describes a « failed » (with `severity` permanent or temporary,
// `reason`, `delivery-status`), « complained » or « unsubscribed » event. A mail accepted for
// `rebond.example` bounces this way after it was taken, as a real hard bounce does: the relay
// said 250, the receiving server refused later.

export const BOUNCING_DOMAIN = 'rebond.example';

export const MailEventInputSchema = z.object({
  event: z.enum(['failed', 'complained', 'unsubscribed', 'delivered']),
  severity: z.enum(['permanent', 'temporary']).optional(),
  reason: z.string().max(64).optional(),
  recipient: z.string().min(3).max(320),
  /** Unix seconds; now by default (an old one tests the site's window). */
  timestamp: z.number().int().positive().optional(),
  /** A token used before (a replay); a fresh one by default. */
  token: z.string().max(128).optional(),
  /** Post it to the site's /api/mail/events as Mailgun would (true), or only give it back. */
  notify: z.boolean().default(false),
});
export type MailEventInput = z.infer<typeof MailEventInputSchema>;

export function signedMailEvent(signingKey: string, input: Omit<MailEventInput, 'notify'>): string {
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const token = input.token ?? randomBytes(25).toString('hex');
  const signature = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
  const failed = input.event === 'failed';
  return JSON.stringify({
    signature: { timestamp, token, signature },
    'event-data': {
      event: input.event,
      id: randomBytes(11).toString('base64url'),
      timestamp: Number(timestamp) + 0.25,
      'log-level': failed ? (input.severity === 'permanent' ? 'error' : 'warn') : 'info',
      ...(failed ? { severity: input.severity ?? 'permanent', reason: input.reason ?? 'bounce' } : {}),
      recipient: input.recipient,
      'recipient-domain': input.recipient.split('@').pop(),
      ...(failed
        ? {
            'delivery-status': {
              code: input.severity === 'temporary' ? 452 : 550,
              message:
                input.severity === 'temporary' ? '4.2.2 Mailbox full' : '5.1.1 The email account that you tried to reach does not exist',
              'attempt-no': 1,
            },
          }
        : {}),
    },
  });
}

/** Sends it to the site as Mailgun would; the site's answer, or why it could not be reached. */
export async function postMailEvent(workerUrl: string, body: string): Promise<{ status: number } | { error: string }> {
  try {
    const res = await fetch(`${workerUrl}/api/mail/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
