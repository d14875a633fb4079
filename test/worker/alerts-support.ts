import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/index';
import { parisWallClock } from '../../src/lib/format/date';
import { site } from './helpers';
import { upstream } from './upstream-control';

// What the press alerts' workerd tests share (alerts.test.ts, alerts-delivery.test.ts): WordPress's
// signed calls, the local relay's mailbox, the hourly run at an hour of the site's calendar, and
// the alerts' tables emptied between cases.

export type SignedHook = { body: string; signature: string; timestamp: string };

/**
 * A purge or an account notice as the WordPress plugin sends it (class-sender.php): the body with
 * a nonce of its own (the site takes a signature once), HMAC-SHA256 of `timestamp.body` under
 * PURGE_SECRET, base64.
 */
export async function sign(body: Record<string, unknown>): Promise<SignedHook> {
  const text = JSON.stringify({ ...body, nonce: crypto.randomUUID() });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(env.PURGE_SECRET!), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${text}`)));
  return { body: text, signature: btoa(String.fromCharCode(...mac)), timestamp };
}

export const signedPurge = (hook: SignedHook) =>
  site('/api/purge', {
    method: 'POST',
    body: hook.body,
    headers: { 'content-type': 'application/json', 'x-ffr-signature': hook.signature, 'x-ffr-timestamp': hook.timestamp },
  });

/** A mail the local relay accepted, parsed by postal-mime (dev/mail/smtp.ts, GET /__control/mail). */
export type Mail = {
  envelope: { to: string[] };
  subject: string;
  headers: { key: string; value: string }[];
  text: string;
  html: string;
  raw: string;
};
export const mails = (to: string) => upstream.json<Mail[]>(`/__control/mail?to=${encodeURIComponent(to)}`);

export const uniqueEmail = (name: string, domain = 'redaction.example') => `${name}-${crypto.randomUUID().slice(0, 8)}@${domain}`;

/** The first hourly run (HH:05 in Paris) after `after` whose Paris hour passes `wanted`: from the site's calendar, whatever the day. */
export function nextParisRun(after: string, wanted: (hour: number) => boolean): Date {
  let t = Math.floor(Date.parse(after) / 3_600_000) * 3_600_000 + 5 * 60_000;
  while (t <= Date.parse(after) || !wanted(parisWallClock(t).hour)) t += 3_600_000;
  return new Date(t);
}

/** The hourly run (wrangler.jsonc's cron) at this instant, and what it left behind. */
export async function hourly(at: Date) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '5 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

export const emptyAlertTables = () =>
  env.ALERTS_DB.batch(['deliveries', 'items', 'follows', 'subscribers'].map((t) => env.ALERTS_DB.prepare(`DELETE FROM ${t}`)));
