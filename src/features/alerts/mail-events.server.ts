import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { cacheControl } from '../../http/cache-control';
import { tooManyRequests, withinLimit } from '../../http/rate-limit.server';
import { log } from '../../observability/log.server';

// POST /api/mail/events — the mail provider tells what became of a mail after it took it (decision
// 023): a hard bounce or a suppressed address suspends the address, as a refusal at RCPT TO does;
// a complaint or an unsubscribe at the provider deletes the journalist's rows, as the one-click
// link does. Signed (upstream/mailgun.server.ts), each event taken once. The answers follow
// Mailgun's retry rules: 200 and 406 stop its retries, anything else is tried again for 8 hours.

const never = { 'cache-control': cacheControl.never };

export async function mailEventRoute(c: Context<AppEnv>): Promise<Response> {
  if (!(await withinLimit(c, 'PURGE_LIMITER'))) return tooManyRequests(c);
  const body = await c.req.json().catch(() => null);
  const now = Date.now();
  const checked = await c.get('alerts').mailEvent(body, now);
  if (!checked)
    return c.json({ error: 'not_configured', message: 'Les événements du fournisseur de courrier ne sont pas configurés.' }, 503, never);
  if (!checked.ok) {
    if (checked.why === 'malformed') return c.json({ error: 'invalid_body', message: 'Corps d’événement invalide.' }, 400, never);
    if (checked.why === 'signature') return c.json({ error: 'invalid_signature', message: 'Signature absente ou invalide.' }, 401, never);
    return c.json({ error: 'stale', message: 'Événement trop ancien\u00a0: il n’est plus accepté.' }, 406, never);
  }
  const { event } = checked;
  const store = c.get('alerts').store;
  // The signature does not cover the event: a token seen before is a replay, whatever it carries.
  if (!(await store.firstUse(event.token, now)))
    return c.json({ error: 'replayed', message: 'Cet événement a déjà été reçu.' }, 406, never);
  let changed = 0;
  if (event.kind === 'bounced')
    changed = await store.suspendAddress(
      event.recipient,
      `Adresse refusée par la messagerie du destinataire (${event.reason || 'rebond'})`,
      now,
    );
  else if (event.kind === 'complained' || event.kind === 'unsubscribed') changed = await store.forgetAddress(event.recipient);
  // Never the address: only what happened and to how many rows.
  log.info('alerts.mail_event', { kind: event.kind, reason: event.reason.slice(0, 32), changed });
  return c.json({ received: event.kind, changed }, 200, never);
}
