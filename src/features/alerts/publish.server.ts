import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { PurgeBody, PurgeFollowUp } from '../../cache/purge.server';
import { log } from '../../observability/log.server';
import type { Config } from '../../config/env.server';
import type { ItemPayload } from '../../data/alerts.server';
import { parseWpDate } from '../../lib/format/date';
import { isPlainMailbox } from '../../schemas/alerts';
import { ACCREDITATION_ANSWER } from './email/AlertEmail';
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
 * Otherwise the alerts follow the account's address, and each answer the press office gave to
 * one of the journalist's accreditation requests (`valide`, `refuse`) is mailed to them, once.
 */
async function account(c: Context<AppEnv>, body: Extract<PurgeBody, { type: 'account' }>): Promise<Response> {
  const keeps = body.action === 'update' && body.account.journaliste === 'oui' && body.account.optin_mail === true;
  const { store, queue } = c.get('alerts');
  // A retried older notice after a newer one (WP-Cron): taken as received, changing nothing.
  if (body.changed_at !== undefined && !(await store.newerNotice(body.account.id, body.changed_at))) {
    log.info('alerts.account_notice', { action: body.action, kept: null, older: true });
    return c.json({ account: 'older' });
  }
  if (!keeps) {
    await store.forgetAccount(body.account.id);
    log.info('alerts.account_notice', { action: body.action, kept: false });
    return c.json({ account: 'forgotten' });
  }
  const now = Date.now();
  const moved =
    body.account.email && isPlainMailbox(body.account.email) ? await store.changeEmail(body.account.id, body.account.email, now) : false;
  let answers = 0;
  for (const request of body.account.accreditations ?? []) {
    if (request.status !== 'valide' && request.status !== 'refuse') continue;
    const item = `accreditation:${request.event_id}:${request.status}`;
    const subscriber = await store.recordFor(
      body.account.id,
      item,
      answerPayload(c.get('config'), { ...request, status: request.status }),
      now,
    );
    if (!subscriber) continue;
    const message: AlertMessage = { kind: 'send', item, subscriber };
    await queue.send(message);
    answers++;
  }
  log.info('alerts.account_notice', { action: body.action, kept: true, moved, answers });
  return c.json({ account: 'kept' });
}

/** What the answer's mail shows: the event, the answer, and the press space where the requests are listed. */
function answerPayload(
  config: Config,
  request: { event_id: number; status: 'valide' | 'refuse'; title: string; date: string },
): ItemPayload {
  const title = request.title.trim() || `Événement n° ${request.event_id}`;
  return {
    title,
    standfirst: '',
    url: new URL('/espace-presse#mes-accreditations', config.PUBLIC_ORIGIN).href,
    imageUrl: null,
    imageAlt: title,
    date: (parseWpDate(request.date) ?? new Date()).toISOString(),
    label: ACCREDITATION_ANSWER[request.status],
  };
}

export const alertsFollowUp: PurgeFollowUp = { stored, account };
