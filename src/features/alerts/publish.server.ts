import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { PurgeBody, PurgeFollowUp } from '../../cache/purge.server';
import { log } from '../../observability/log.server';
import type { AlertMessage } from './messages';

// The purge's follow-up (wired in src/index.ts): what WordPress's signed calls mean for the alerts.

/** The plugin's actions for a post that leaves publication (class-triggers.php, post_changed). */
const WITHDRAWN = new Set(['unpublish', 'trash', 'delete']);

/**
 * A post's publication is handed to the Queue: nothing else on the purge's path. « Ne pas alerter
 * les journalistes » (alert: false) hands nothing. Whether the post is really public, and to whom
 * it goes, is the consumer's to find out; events open to accreditation are found by the hourly run
 * (deliveries.server.ts).
 */
async function stored(c: Context<AppEnv>, body: Exclude<PurgeBody, { type: 'account' }>): Promise<void> {
  if (body.type !== 'post') return;
  // Taken back before its mails went (an embargoed statement published by mistake): the consumer
  // drops what waits for it. Only the Queue on the purge's path, as for a publish; a send that
  // comes first finds the post no longer public anyway (deliveries.server.ts).
  if (WITHDRAWN.has(body.action)) {
    const message: AlertMessage = { kind: 'withdraw', id: body.post.id };
    await c.get('alerts').queue.send(message);
    return;
  }
  if (body.action !== 'publish' || !body.alert) return;
  const message: AlertMessage = { kind: 'post', id: body.post.id, slug: body.post.slug };
  await c.get('alerts').queue.send(message);
}

/**
 * The press office changed a journalist's status or consent, or deleted the account: without
 * `journaliste: oui` and the mail consent, every row of theirs goes at once (docs/alerts.md).
 */
async function account(c: Context<AppEnv>, body: Extract<PurgeBody, { type: 'account' }>): Promise<Response> {
  const keeps = body.action === 'update' && body.account.journaliste === 'oui' && body.account.optin_mail === true;
  if (!keeps) await c.get('alerts').store.forgetAccount(body.account.id);
  log.info('alerts.account_notice', { action: body.action, kept: keeps });
  return c.json({ account: keeps ? 'kept' : 'forgotten' });
}

export const alertsFollowUp: PurgeFollowUp = { stored, account };
