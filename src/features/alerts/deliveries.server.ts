import { clockOf } from '../../config/clock';
import type { Config } from '../../config/env.server';
import type { AlertsDoor, Claim, Handover, ItemPayload, OutgoingMail } from '../../data/alerts.server';
import { parisDay, parisWallClock, parseWpDate } from '../../lib/format/date';
import { toSitePath } from '../../lib/links';
import { log } from '../../observability/log.server';
import { renderAlertEmail, type AlertEmailInput } from './email/render.server';
import { type AlertMessage, AlertMessageSchema } from './messages';
import { isPlainMailbox, type Topic } from '../../schemas/alerts';
import { ACCREDITATIONS_LABEL, ALL_LABEL, topicsOfPost } from './topics';
import { unsubscribeToken } from './unsubscribe-token.server';

// The alerts' Queue consumer and hourly run. The purge path only enqueues (cache/purge.server.ts):
// here a published post is fanned out to its followers (one delivery row each, recorded before
// anything is sent), each immediate delivery becomes a message, and a batch of messages is handed
// to the mail provider on one connection. Temporary failures come back later (the Queue's retries
// with backoff, then the dead-letter queue); a permanent refusal suspends the address.

type Deps = { config: Config; store: AlertsDoor['store']; sources: AlertsDoor; queue: Queue; now: Date };

const depsOf = (door: AlertsDoor, config: Config, now?: Date): Deps => ({
  config,
  store: door.store,
  sources: door,
  queue: door.queue,
  now: now ?? clockOf(config).now(),
});

/** 1 min, 2, 4, 8, 16: the five tries of wrangler.jsonc's consumer, then the dead-letter queue. */
export const retryDelaySeconds = (attempts: number) => Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);

/** A Queue accepts at most 100 messages per sendBatch call. */
const SEND_BATCH = 100;

async function enqueue(queue: Queue, bodies: AlertMessage[]): Promise<void> {
  for (let i = 0; i < bodies.length; i += SEND_BATCH) await queue.sendBatch(bodies.slice(i, i + SEND_BATCH).map((body) => ({ body })));
}

export async function handleAlertBatch(batch: MessageBatch<unknown>, door: AlertsDoor, config: Config): Promise<void> {
  if (batch.queue.endsWith('-dlq')) {
    // Five tries over about half an hour did not do it: someone must look (docs/operations.md).
    const store = door.store;
    for (const message of batch.messages) {
      const body = AlertMessageSchema.safeParse(message.body);
      // The delivery ends 'failed' (the press space and the counts see it), never 'queued' for ever.
      const failed = !body.success
        ? 0
        : body.data.kind === 'send'
          ? await store.fail(body.data).catch(() => 0)
          : body.data.kind === 'digest'
            ? await store.fail({ digestOf: body.data.subscriber }).catch(() => 0)
            : 0;
      log.error('alerts.dead_letter', {
        kind: body.success ? body.data.kind : 'invalid',
        item: body.success && 'item' in body.data ? body.data.item : null,
        failed,
      });
      message.ack();
    }
    return;
  }
  const deps = depsOf(door, config);
  const sends: { message: Message<unknown>; body: Extract<AlertMessage, { kind: 'send' }> }[] = [];
  const digests: { message: Message<unknown>; body: Extract<AlertMessage, { kind: 'digest' }> }[] = [];
  for (const message of batch.messages) {
    const parsed = AlertMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      log.error('alerts.invalid_message', { issues: parsed.error.issues.length });
      message.ack();
      continue;
    }
    const body = parsed.data;
    if (body.kind === 'send') sends.push({ message, body });
    else if (body.kind === 'digest') digests.push({ message, body });
    else if (body.kind === 'withdraw') {
      try {
        const dropped = await deps.store.withdraw(`post:${body.id}`);
        log.info('alerts.withdrawn', { items: 1, deliveries: dropped });
        message.ack();
      } catch (error) {
        log.warn('alerts.withdraw_failed', { id: body.id, attempts: message.attempts, error: log.describe(error) });
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    } else {
      try {
        const fanned = await fanOutPost(deps, body, message.attempts);
        log.info('alerts.fanned_out', { id: body.id, deliveries: fanned });
        message.ack();
      } catch (error) {
        log.warn('alerts.fan_out_failed', { id: body.id, attempts: message.attempts, error: log.describe(error) });
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
  }
  await deliver(deps, sends, digests);
}

/**
 * Records an item's deliveries, then the item (what its mails show), then queues the immediate
 * ones. The item's row is what says « announced » (an event's `hasItem`): written only once its
 * deliveries are, so a run that fails in between announces it again at the next, once.
 */
async function fanOut(
  deps: Deps,
  item: string,
  payload: ItemPayload,
  topics: Topic[],
  attempts: number,
  immediate = false,
): Promise<number> {
  const fanned = await deps.store.fanOut(item, topics, deps.now.getTime(), immediate);
  await deps.store.putItem(item, payload, deps.now.getTime());
  let queued = fanned.filter((f) => f.state === 'queued').map((f) => f.subscriber);
  // A try after a failure: deliveries recorded by the failed one are queued again (a send checks
  // its row first, so a delivery already sent is not sent twice).
  if (attempts > 1) queued = [...new Set([...queued, ...(await deps.store.queuedOf(item))])];
  await enqueue(
    deps.queue,
    queued.map((subscriber) => ({ kind: 'send', item, subscriber })),
  );
  return fanned.length;
}

async function fanOutPost(deps: Deps, body: { id: number; slug: string }, attempts: number): Promise<number> {
  const post = await deps.sources.publicPost(body.slug);
  // Not public (yet): a draft, a scheduled or embargoed post, or another post under that slug.
  // Nothing is recorded, so that its real publication alerts.
  if (!post || post.id !== body.id) return 0;
  const published = parseWpDate(post.date);
  if (!published || published > deps.now) return 0;
  const payload: ItemPayload = {
    title: post.title,
    standfirst: post.excerpt || post.meta_description,
    url: absolute(deps.config, post.link || `/${post.slug}`),
    imageUrl: post.illustration ? absolute(deps.config, post.illustration) : null,
    imageAlt: post.caption || post.title,
    date: published.toISOString(),
    label: post.category?.name ?? '',
  };
  return fanOut(deps, `post:${post.id}`, payload, topicsOfPost(post.categories), attempts);
}

type UpcomingEvent = Awaited<ReturnType<AlertsDoor['upcomingEvents']>>[number];

const eventPayload = (config: Config, event: UpcomingEvent, deadline: Date, label: string): ItemPayload => ({
  title: event.title,
  standfirst: '',
  url: absolute(config, `/evenements/${event.slug}`),
  imageUrl: event.image ? absolute(config, event.image) : null,
  imageAlt: event.title,
  date: (parseWpDate(event.startDate) ?? deadline).toISOString(),
  label,
  deadline: deadline.toISOString(),
});

const absolute = (config: Config, link: string) => new URL(/^https?:\/\//.test(link) ? link : toSitePath(link), config.PUBLIC_ORIGIN).href;

/** The hourly run (wrangler.jsonc triggers): old rows go, the morning digest at 7 h Paris time, the 48-hour reminders. */
export async function runAlertsHourly(door: AlertsDoor, config: Config, scheduledTime: number): Promise<void> {
  const deps = depsOf(door, config, new Date(scheduledTime));
  await deps.store.prune(scheduledTime);
  // A consumer that died holding deliveries (its claim is 15 minutes old), and deliveries whose
  // message was lost (recorded an hour ago, never taken): they are queued again. A send takes its
  // row first, so one already on the Queue is not sent twice.
  // (A claim keeps the real clock; a delivery's age is the site's, as its fan-out recorded it.)
  const stale = (await Promise.all([deps.store.staleClaims(Date.now()), deps.store.lostQueued(scheduledTime - 3_600_000)])).flat();
  await enqueue(
    deps.queue,
    stale.map((d) => ({ kind: 'send', ...d })),
  );
  // The morning digest at 7 h; at any other hour, what a missed 7 h run left (recorded before the
  // last 7 h): caught up once, since sending it empties the waiting list.
  const due = await deps.store.digestsDue(Date.now(), parisWallClock(scheduledTime).hour === 7 ? undefined : lastDigestHour(scheduledTime));
  await enqueue(
    deps.queue,
    due.map((subscriber) => ({ kind: 'digest', subscriber })),
  );
  if (due.length > 0) log.info('alerts.digests_queued', { subscribers: due.length });
  // Events open to accreditation: each announced once, by the first run that sees it open (the
  // plugin sends no purge for an event); then, 48 h before its deadline, a reminder.
  const within = scheduledTime + 48 * 3_600_000;
  for (const event of await deps.sources.upcomingEvents(parisDay(scheduledTime))) {
    const deadline = event.accreditation ? parseWpDate(event.accreditation.deadline) : null;
    if (!deadline || deadline.getTime() <= scheduledTime) continue;
    const opened = `event:${event.id}`;
    // Not announced yet, or a run that failed half-way: its queued deliveries go out again (attempts 2).
    if (!(await deps.store.hasItem(opened)))
      await fanOut(deps, opened, eventPayload(deps.config, event, deadline, 'Accréditations ouvertes'), ['accreditations', 'all'], 2);
    if (deadline.getTime() > within) continue;
    const reminder = `deadline:${event.id}`;
    // A reminder waits for no digest: the deadline would not.
    await fanOut(deps, reminder, eventPayload(deps.config, event, deadline, 'Clôture des accréditations'), ['accreditations'], 1, true);
  }
}

/** The last 7 h in Paris at or before this instant: the digest's hour. */
function lastDigestHour(instant: number): number {
  const today = parseWpDate(`${parisDay(instant)}T07:00:00`)!.getTime();
  return today <= instant ? today : parseWpDate(`${parisDay(instant - 86_400_000)}T07:00:00`)!.getTime();
}

function reasonLabels(reason: string, names: Map<number, string>): string[] {
  return reason
    .split(' ')
    .map((topic) =>
      topic === 'all'
        ? ALL_LABEL
        : topic === 'accreditations'
          ? ACCREDITATIONS_LABEL
          : (names.get(Number(topic.slice('category:'.length))) ?? ''),
    )
    .filter(Boolean);
}

type Outgoing = { mail: OutgoingMail; messages: Message<unknown>[]; subscriber: string; pairs: { item: string; subscriber: string }[] };

async function deliver(
  deps: Deps,
  sends: { message: Message<unknown>; body: Extract<AlertMessage, { kind: 'send' }> }[],
  digests: { message: Message<unknown>; body: Extract<AlertMessage, { kind: 'digest' }> }[],
): Promise<void> {
  if (sends.length + digests.length === 0) return;
  const all = [...sends.map((s) => s.message), ...digests.map((d) => d.message)];
  // A hold is a lease: it keeps the real clock, as cache ages do (decision 014), not the site's calendar.
  const claim: Claim = { id: crypto.randomUUID(), now: Date.now() };
  const retryAll = (error: unknown) => {
    log.warn('alerts.compose_failed', { messages: all.length, error: log.describe(error) });
    for (const message of all) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  };
  // What can fail before anything is taken, first: a failure then leaves no delivery held.
  let names: Map<number, string>;
  try {
    names = new Map((await deps.sources.categories()).map((c) => [c.id, c.name]));
  } catch (error) {
    return retryAll(error);
  }
  const outgoing: Outgoing[] = [];
  const held: { item: string; subscriber: string }[] = [];
  try {
    await compose(deps, claim, names, sends, digests, outgoing, held);
  } catch (error) {
    // Whatever was taken goes back, rendered or not, to be taken by the retry.
    await deps.store.settle(held, claim, 'released').catch(() => undefined);
    return retryAll(error);
  }
  const composed = new Set(outgoing.flatMap((o) => o.messages));
  // Nothing left to send for these (already sent or being sent, suspended, unsubscribed, withdrawn): done.
  for (const message of all) if (!composed.has(message)) message.ack();
  // Each mail is recorded as sent once the relay took it, before the next goes: an invocation that
  // dies mid-batch sends again at most the one mail it was handing over (decision 023).
  const recorded = new Set<number>();
  const record = async (i: number) => {
    const o = outgoing[i]!;
    await deps.store.settle(o.pairs, claim, 'sent');
    recorded.add(i);
    for (const m of o.messages) m.ack();
  };
  const results = await deps.sources.send(
    outgoing.map((o) => o.mail),
    record,
  );
  const now = deps.now.getTime();
  let relayFault: Extract<Handover, { ok: false }> | null = null;
  for (const [i, o] of outgoing.entries()) {
    const result = results[i]!;
    if (result.ok) {
      // Taken by the relay but not recorded (D1 failed on it): recorded now, or the claim's
      // 15 minutes and the hourly run hand it out again (at most this one mail twice).
      if (!recorded.has(i)) await record(i).catch((error: unknown) => log.warn('alerts.record_failed', { error: log.describe(error) }));
      continue;
    }
    if (result.recipient) {
      // The receiving side refused this address for good: no more tries to it until the journalist
      // checks it in the press space, where the suspension is shown. The relay's words go there,
      // never to the logs (they may name the address).
      await deps.store.suspend(o.subscriber, result.reply, now);
      await deps.store.settle(o.pairs, claim, 'refused');
      log.warn('alerts.address_suspended', { step: result.step, code: result.code, enhanced: result.enhanced });
      for (const m of o.messages) m.ack();
      continue;
    }
    await deps.store.settle(o.pairs, claim, 'released');
    for (const m of o.messages) m.retry({ delaySeconds: retryDelaySeconds(m.attempts) });
    if (!result.untried) relayFault = result;
  }
  if (relayFault) {
    const fields = { step: relayFault.step, code: relayFault.code, enhanced: relayFault.enhanced, attempts: all[0]?.attempts ?? 0 };
    // A temporary « try later » for one address (RCPT 4yz) is ordinary; anything else is the relay
    // refusing the sender, the login, the data or the message, or not answering: every mail waits,
    // and someone must look (npm run monitor, the Observability alerts).
    if (relayFault.step === 'recipient' && relayFault.code !== null && relayFault.code < 500) log.warn('alerts.send_deferred', fields);
    else log.error('alerts.relay_refused', fields);
  }
  log.info('alerts.sent', { sent: recorded.size, failed: outgoing.length - results.filter((r) => r.ok).length });
}

/**
 * An address that is not one plain mailbox never reaches `RCPT TO` or `To:` (it could carry a
 * second command): the subscriber is suspended as for a refused address, and the press space says so.
 */
async function sendable(deps: Deps, claim: Claim, subscriber: string, email: string, pairs: { item: string; subscriber: string }[]) {
  if (isPlainMailbox(email)) return true;
  await deps.store.suspend(subscriber, 'Adresse e-mail invalide', deps.now.getTime());
  await deps.store.settle(pairs, claim, 'refused');
  log.warn('alerts.address_suspended', { step: 'address', code: null, enhanced: null });
  return false;
}

/** `post:<id>` → id; an event's items are not posts. */
const postIdOf = (item: string) => (item.startsWith('post:') ? Number(item.slice('post:'.length)) : null);

/**
 * Of the posts these deliveries name, those the public can no longer read (WordPress asked now,
 * once per post): withdrawn after the fan-out, they must not go, whatever the purge said or missed.
 */
async function withdrawnOf(deps: Deps, items: string[]): Promise<Set<string>> {
  const posts = [...new Set(items)].filter((item) => postIdOf(item) !== null);
  const checks = await Promise.all(posts.map(async (item) => [item, await deps.sources.isPublic(postIdOf(item)!)] as const));
  return new Set(checks.filter(([, open]) => !open).map(([item]) => item));
}

/** Takes the deliveries these messages name (store.claim) and writes their mails into `out`. */
async function compose(
  deps: Deps,
  claim: Claim,
  names: Map<number, string>,
  sends: { message: Message<unknown>; body: Extract<AlertMessage, { kind: 'send' }> }[],
  digests: { message: Message<unknown>; body: Extract<AlertMessage, { kind: 'digest' }> }[],
  out: Outgoing[],
  held: { item: string; subscriber: string }[],
): Promise<void> {
  const taken =
    sends.length > 0
      ? await deps.store.claim(
          sends.map((s) => s.body),
          claim,
        )
      : [];
  held.push(...taken.map((p) => ({ item: p.item, subscriber: p.subscriber })));
  const digestsTaken: {
    message: Message<unknown>;
    subscriber: string;
    digest: NonNullable<Awaited<ReturnType<Deps['store']['claimDigest']>>>;
  }[] = [];
  for (const { message, body } of digests) {
    const digest = await deps.store.claimDigest(body.subscriber, claim);
    if (!digest || digest.items.length === 0) continue;
    held.push(...digest.items.map((i) => ({ item: i.item, subscriber: body.subscriber })));
    digestsTaken.push({ message, subscriber: body.subscriber, digest });
  }
  const withdrawn = await withdrawnOf(
    deps,
    held.map((p) => p.item),
  );
  if (withdrawn.size > 0) {
    await deps.store.drop(
      held.filter((p) => withdrawn.has(p.item)),
      claim,
    );
    log.info('alerts.withdrawn', { items: withdrawn.size });
  }
  const byPair = new Map(
    taken
      .filter((p) => !withdrawn.has(p.item))
      .map((p) => [`${p.item} ${p.subscriber}`, { pending: p, outgoing: null as Outgoing | null }]),
  );
  for (const { message, body } of sends) {
    const entry = byPair.get(`${body.item} ${body.subscriber}`);
    if (!entry) continue;
    // The same delivery twice in one batch (a redelivery): one mail, both messages settled by it.
    if (entry.outgoing) {
      entry.outgoing.messages.push(message);
      continue;
    }
    const p = entry.pending;
    if (!(await sendable(deps, claim, p.subscriber, p.email, [{ item: p.item, subscriber: p.subscriber }]))) continue;
    const links = await linksFor(deps.config, p.subscriber);
    const item = p.payload;
    const answer = /^accreditation:\d+:(valide|refuse)$/.exec(p.item)?.[1] as 'valide' | 'refuse' | undefined;
    const input: AlertEmailInput = answer
      ? { kind: 'accreditation', item, status: answer, ...links, firstName: p.firstName }
      : p.item.startsWith('deadline:')
        ? { kind: 'deadline', item, deadline: item.deadline ?? item.date, ...links, firstName: p.firstName }
        : { kind: 'post', item, reasons: reasonLabels(p.reason, names), ...links, firstName: p.firstName };
    entry.outgoing = {
      mail: await mailTo(deps.config, p.email, input, links),
      messages: [message],
      subscriber: p.subscriber,
      pairs: [{ item: p.item, subscriber: p.subscriber }],
    };
    out.push(entry.outgoing);
  }
  for (const { message, subscriber, digest } of digestsTaken) {
    const items = digest.items.filter((i) => !withdrawn.has(i.item));
    if (items.length === 0) continue;
    const pairs = items.map((i) => ({ item: i.item, subscriber }));
    if (!(await sendable(deps, claim, subscriber, digest.subscriber.email, pairs))) continue;
    const links = await linksFor(deps.config, subscriber);
    const reasons = [...new Set(items.flatMap((i) => reasonLabels(i.reason, names)))];
    const input: AlertEmailInput = {
      kind: 'digest',
      items: items.map((i) => i.payload),
      reasons,
      day: parisDay(deps.now),
      ...links,
      firstName: digest.subscriber.firstName,
    };
    out.push({
      mail: await mailTo(deps.config, digest.subscriber.email, input, links),
      messages: [message],
      subscriber,
      pairs,
    });
  }
}

async function linksFor(config: Config, subscriber: string) {
  const token = await unsubscribeToken(config.ALERTS_LINK_SECRET, subscriber);
  return {
    manageUrl: new URL('/espace-presse#mes-alertes', config.PUBLIC_ORIGIN).href,
    unsubscribeUrl: new URL(`/alertes/desabonnement?${new URLSearchParams({ jeton: token })}`, config.PUBLIC_ORIGIN).href,
  };
}

async function mailTo(config: Config, to: string, input: AlertEmailInput, links: { unsubscribeUrl: string }): Promise<OutgoingMail> {
  const { subject, html, text } = await renderAlertEmail(input);
  return {
    to,
    from: { email: config.ALERTS_FROM, name: 'FFR Presse' },
    replyTo: config.ALERTS_REPLY_TO,
    subject,
    html,
    text,
    headers: {
      // RFC 8058: a mail client unsubscribes with one POST to this address, no session, no page.
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // RFC 2919: the list's name, which mail clients file and filter by.
      'List-Id': `Alertes FFR Presse <alertes.${new URL(config.PUBLIC_ORIGIN).hostname}>`,
      // RFC 3834 §5: sent by a program, so no out-of-office or vacation reply comes back to it;
      // Exchange and Outlook read their own header for the same (MS-OXCMAIL 2.2.3.2.14).
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'OOF, AutoReply',
    },
  };
}
