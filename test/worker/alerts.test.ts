import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { alertStore } from '../../src/data/alerts-store.server';
import { unsubscribeToken } from '../../src/features/alerts/unsubscribe-token.server';
import { parseWpDate } from '../../src/lib/format/date';
import { decodeEntities } from '../../src/lib/html/entities';
import { site } from './helpers';
import { emptyAlertTables, hourly, mails, nextParisRun, sign, signedPurge, uniqueEmail } from './alerts-support';
import { upstream } from './upstream-control';

// Press alerts (issue 44) in workerd: the purge hands a publication to the Queue, the Queue's own
// consumer (wrangler.jsonc) fans it out and hands the mail to the local upstream's real SMTP server
// (dev/mail/smtp.ts), whose messages are parsed by postal-mime. Subscribers are written through the
// store, as the press space's form does (its browser journey: test/e2e/alerts.test.ts).

const XV = 10; // « XV de France » in the local content (dev/content/categories.ts)
const store = alertStore(env.ALERTS_DB);

async function mailsFor(to: string, count: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await mails(to);
    if (got.length >= count) return got;
    if (Date.now() > until) throw new Error(`${count} mail(s) expected for ${to}, ${got.length} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let n = 0;
async function journalist(
  email: string,
  topics: string[],
  frequency: 'immediate' | 'digest' = 'immediate',
  account = `compte-${++n}-${crypto.randomUUID()}`,
) {
  await store.save({ account, email, firstName: 'Claire', frequency, topics: topics as never }, Date.now());
  return { account, subscriber: (await store.byAccount(account))! };
}

/** The deliveries of an item once none is being sent: the relay's acceptance comes just before the row says `sent`. */
async function settledDeliveries(item: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const { results } = await deliveries(item);
    if (!results.some((r) => r.state === 'sending') || Date.now() > until) return results;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const deliveries = (item: string) =>
  env.ALERTS_DB.prepare('SELECT subscriber_id AS subscriber, state FROM deliveries WHERE item = ?1')
    .bind(item)
    .all<{ subscriber: string; state: string }>();

/** The Queue's consumer called directly with one message, as the runtime would: its ack or retry. */
async function consume(body: unknown, attempts = 1) {
  const batch = createMessageBatch('ffr-presse-alerts-local', [{ id: crypto.randomUUID(), timestamp: Date.now(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

// The next files find the content as seeded (the posts made here gone) and no journalist following.
afterAll(async () => {
  await upstream.reset();
  await emptyAlertTables();
});

beforeEach(async () => {
  // The content back as seeded (so a new post takes the same id again), and the alerts' tables
  // empty to match: each test sees only its own journalists and deliveries.
  await upstream.reset();
  await emptyAlertTables();
});

describe('a published post reaches those who follow it, once', () => {
  it('sends one mail, with both parts and the RFC 8058 headers, and nothing for a re-publish', async () => {
    const to = uniqueEmail('xv');
    const other = uniqueEmail('top14');
    const { subscriber } = await journalist(to, [`category:${XV}`]);
    await journalist(other, ['category:51']);
    const { post, purge } = await upstream.publish({
      create: { title: 'La composition du XV de France face aux All Blacks', categorySlug: 'xv-de-france' },
    });
    expect((await signedPurge(purge)).status).toBe(200);

    const [mail] = await mailsFor(to, 1);
    expect(mail!.subject).toContain('La composition du XV de France face aux All Blacks');
    const header = (name: string) => mail!.headers.find((h) => h.key === name)?.value;
    const unsubscribe = `http://presse.test/alertes/desabonnement?jeton=${encodeURIComponent(await unsubscribeToken(env.ALERTS_LINK_SECRET!, subscriber.id))}`;
    expect(header('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain('lang="fr"');
    expect(mail!.html).toContain(`http://presse.test/categories/`);
    expect(mail!.text).toContain('XV de France');
    expect(mail!.text).toContain(unsubscribe);
    expect(mail!.html).not.toMatch(/width="1"|height="1"/);
    expect(await settledDeliveries(`post:${post.id}`)).toEqual([{ subscriber: subscriber.id, state: 'sent' }]);

    // The same post published again (the plugin's retry, a re-publish): recorded once, so nothing new.
    const again = await upstream.publish({ id: post.id, status: 'publish' });
    expect((await signedPurge(again.purge)).status).toBe(200);
    expect(await consume({ kind: 'post', id: post.id, slug: post.slug })).toMatchObject({
      explicitAcks: [expect.any(String)],
      retryMessages: [],
    });
    expect((await deliveries(`post:${post.id}`)).results).toHaveLength(1);
    // Only the XV follower: the Top 14's was not told.
    expect(await mails(other)).toHaveLength(0);
  });

  it('honours « Ne pas alerter les journalistes », and a post that is not public yet sends nothing until it is', async () => {
    const to = uniqueEmail('embargo');
    await journalist(to, ['all']);
    const quiet = await upstream.publish({ create: { title: 'Correction mineure', categorySlug: 'xv-de-france' }, alert: false });
    expect((await signedPurge(quiet.purge)).status).toBe(200);
    // A scheduled post's publish purge arriving early (or a draft's): WordPress does not list it publicly.
    const [scheduled] = await upstream.json<{ id: number; slug: string }[]>('/__control/articles?status=future');
    expect(await consume({ kind: 'post', id: scheduled!.id, slug: scheduled!.slug })).toMatchObject({ retryMessages: [] });
    expect((await deliveries(`post:${scheduled!.id}`)).results).toHaveLength(0);
    // Then WordPress's cron publishes it: the alert goes.
    const live = await upstream.publish({ id: scheduled!.id, status: 'publish' });
    expect((await signedPurge(live.purge)).status).toBe(200);
    const got = await mailsFor(to, 1);
    expect(got.map((m) => m.subject).join()).toContain(live.post.title);
    expect((await deliveries(`post:${quiet.post.id}`)).results).toHaveLength(0);
  });
});

describe('the morning digest and the reminders', () => {
  it('keeps a digest subscriber’s posts for 7 h Paris time, then sends one mail with all of them', async () => {
    const to = uniqueEmail('matin');
    const { subscriber } = await journalist(to, [`category:${XV}`], 'digest');
    const first = await upstream.publish({ create: { title: 'Premier article du jour', categorySlug: 'xv-de-france' } });
    const second = await upstream.publish({ create: { title: 'Second article du jour', categorySlug: 'xv-de-france' } });
    await consume({ kind: 'post', id: first.post.id, slug: first.post.slug });
    await consume({ kind: 'post', id: second.post.id, slug: second.post.slug });
    expect((await deliveries(`post:${first.post.id}`)).results).toEqual([{ subscriber: subscriber.id, state: 'digest' }]);
    // The next run that is not 7 h in Paris: nothing is queued for it (no 7 h has passed since
    // these were recorded). The next 7 h: it goes. Both from the site's calendar, whatever the day.
    await hourly(nextParisRun(env.SITE_NOW, (h) => h !== 7));
    await new Promise((r) => setTimeout(r, 3000));
    expect(await mails(to)).toHaveLength(0);
    await hourly(nextParisRun(env.SITE_NOW, (h) => h === 7));
    const [digest] = await mailsFor(to, 1);
    expect(digest!.subject).toMatch(/2\u00a0articles/);
    expect(digest!.text).toContain('Premier article du jour');
    expect(digest!.text).toContain('Second article du jour');
    expect(await settledDeliveries(`post:${second.post.id}`)).toEqual([{ subscriber: subscriber.id, state: 'sent' }]);
  });

  it('announces an event open to accreditation once, and reminds its followers 48 h before the deadline, at once even for a digest, once', async () => {
    const to = uniqueEmail('accred');
    const { subscriber } = await journalist(to, ['accreditations'], 'digest');
    const events = await upstream.json<{ id: number; title: string; accreditation: { deadline: string } | null }[]>(
      `/wp-json/ffr/v1/future_events?ends_after=${encodeURIComponent(env.SITE_NOW.slice(0, 10))}T00:00:00`,
    );
    const open = events.find((e) => e.accreditation);
    expect(open, 'an event open to accreditation in the local content').toBeTruthy();
    const deadline = parseWpDate(open!.accreditation!.deadline)!.getTime();
    // An hour before the 48-hour mark: the event is announced as open (once, in the digest of this
    // digest reader), no reminder yet.
    await hourly(new Date(deadline - 49 * 3_600_000));
    await hourly(new Date(deadline - 48.5 * 3_600_000));
    expect((await deliveries(`event:${open!.id}`)).results).toEqual([{ subscriber: subscriber.id, state: 'digest' }]);
    expect((await deliveries(`deadline:${open!.id}`)).results).toHaveLength(0);
    // Just after the 48-hour mark: the reminder, once however many runs see it.
    await hourly(new Date(deadline - 47 * 3_600_000));
    await hourly(new Date(deadline - 46 * 3_600_000));
    expect((await deliveries(`deadline:${open!.id}`)).results).toEqual([
      { subscriber: subscriber.id, state: expect.stringMatching(/queued|sent/) },
    ]);
    const [mail] = await mailsFor(to, 1);
    expect(mail!.text).toContain(decodeEntities(open!.title));
  });
});

describe('failures', () => {
  it('suspends an address the receiving side refuses for good (5xx), and retries a temporary refusal (4xx) later', async () => {
    const refused = await journalist(uniqueEmail('inconnu', 'refuse.example'), [`category:${XV}`]);
    const later = await journalist(uniqueEmail('plein', 'plus-tard.example'), [`category:${XV}`]);
    const { post } = await upstream.publish({ create: { title: 'Annonce du groupe', categorySlug: 'xv-de-france' } });
    // The fan-out, then each send as its own message, as the consumer enqueues them.
    await consume({ kind: 'post', id: post.id, slug: post.slug });
    const permanent = await consume({ kind: 'send', item: `post:${post.id}`, subscriber: refused.subscriber.id });
    expect(permanent.retryMessages).toEqual([]);
    expect((await store.byId(refused.subscriber.id))!.suspendedAt).toEqual(expect.any(Number));
    // A message of its own, to read the delay its retry asks for (the test harness's result drops it).
    const retried: (QueueRetryOptions | undefined)[] = [];
    const message = {
      id: 'essai-3',
      timestamp: new Date(),
      attempts: 3,
      body: { kind: 'send', item: `post:${post.id}`, subscriber: later.subscriber.id },
      ack: () => undefined,
      retry: (options?: QueueRetryOptions) => void retried.push(options),
    };
    await worker.queue(
      { queue: 'ffr-presse-alerts-local', messages: [message], ackAll: () => undefined, retryAll: () => undefined } as never,
      env,
    );
    // Third try: 4 minutes later (1, 2, 4, 8, 16), then the dead-letter queue.
    expect(retried).toEqual([{ delaySeconds: 240 }]);
    expect((await store.byId(later.subscriber.id))!.suspendedAt).toBeNull();
  });
});

describe('one consumer per delivery', () => {
  it('two consumers handed the same delivery: one takes it; a hold left by a dead consumer is queued again by the hourly run', async () => {
    const to = uniqueEmail('double');
    // Not `all`: the hourly run below announces the events open to accreditation to those.
    const { subscriber } = await journalist(to, [`category:${XV}`]);
    // A post WordPress shows: a send checks that its post is still public.
    const { post } = await upstream.publish({ create: { title: 'Une seule fois', categorySlug: 'xv-de-france' } });
    const item = `post:${post.id}`;
    const payload = {
      title: 'Une seule fois',
      standfirst: '',
      url: 'http://presse.test/a',
      imageUrl: null,
      imageAlt: '',
      date: env.SITE_NOW,
      label: '',
    };
    await store.putItem(item, payload, Date.now());
    expect(await store.fanOut(item, [`category:${XV}`], Date.now())).toEqual([{ subscriber: subscriber.id, state: 'queued' }]);
    const pair = [{ item, subscriber: subscriber.id }];
    // Sixteen minutes ago, two consumers at once: one gets it, the other nothing.
    const then = Date.now() - 16 * 60_000;
    const [a, b] = await Promise.all([store.claim(pair, { id: 'a', now: then }), store.claim(pair, { id: 'b', now: then })]);
    expect(a.length + b.length).toBe(1);
    // Its consumer never came back: the next hourly run queues it again, and it is sent, once.
    await hourly(nextParisRun(env.SITE_NOW, (h) => h !== 7));
    const [mail] = await mailsFor(to, 1);
    expect(mail!.subject).toContain('Une seule fois');
    expect(await settledDeliveries(item)).toEqual([{ subscriber: subscriber.id, state: 'sent' }]);
  });
});

describe('unsubscribing and forgetting', () => {
  it('one-click: a mail client’s POST, no session, no origin; a GET only asks; a forged token opens nothing', async () => {
    const { subscriber } = await journalist(uniqueEmail('clic'), ['all']);
    const token = await unsubscribeToken(env.ALERTS_LINK_SECRET!, subscriber.id);
    const path = `/alertes/desabonnement?jeton=${encodeURIComponent(token)}`;
    const page = await site(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Me désabonner');
    expect(await store.byId(subscriber.id)).not.toBeNull();

    const forged = `${subscriber.id}.${'A'.repeat(43)}`;
    const refused = await site(`/alertes/desabonnement?jeton=${forged}`, {
      method: 'POST',
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
      headers: { origin: 'https://mail.example' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_token' });
    expect(await store.byId(subscriber.id)).not.toBeNull();

    // As RFC 8058 §3.1 has it: application/x-www-form-urlencoded (or multipart), no cookie, from the mail provider.
    const request = new Request(`http://presse.test${path}`, {
      method: 'POST',
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    request.headers.set('cf-connecting-ip', '192.0.2.9');
    const res = await worker.fetch(request, env, createExecutionContext());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true });
    expect(await store.byId(subscriber.id)).toBeNull();
    // Again: the same answer, which says nothing about whether anyone was there.
    const twice = new Request(request.url, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) });
    twice.headers.set('cf-connecting-ip', '192.0.2.9');
    expect((await worker.fetch(twice, env, createExecutionContext())).status).toBe(200);
  });

  it('an account notice is taken once, and an older one retried after a newer one changes nothing (issue 50)', async () => {
    const kept = await journalist(uniqueEmail('rejeu'), ['all']);
    const now = Date.now();
    const lost = await sign({
      type: 'account',
      action: 'update',
      changed_at: now - 60_000,
      account: { id: kept.account, journaliste: 'non', optin_mail: true },
    });
    const back = await sign({
      type: 'account',
      action: 'update',
      changed_at: now,
      account: { id: kept.account, journaliste: 'oui', optin_mail: true },
    });
    // The newer « kept » first, then WP-Cron's late retry of the older « status lost »: nothing goes.
    expect(await (await signedPurge(back)).json()).toEqual({ account: 'kept' });
    expect(await (await signedPurge(lost)).json()).toEqual({ account: 'older' });
    expect(await store.byAccount(kept.account)).not.toBeNull();
    // A captured notice sent again: refused as any replayed purge, and the journalist who
    // re-subscribed in between keeps their alerts.
    const gone = await sign({
      type: 'account',
      action: 'update',
      changed_at: now + 1,
      account: { id: kept.account, journaliste: 'non', optin_mail: true },
    });
    expect(await (await signedPurge(gone)).json()).toEqual({ account: 'forgotten' });
    await journalist(uniqueEmail('retour'), ['all'], 'immediate', kept.account);
    const replay = await signedPurge(gone);
    expect(replay.status).toBe(409);
    expect(await replay.json()).toMatchObject({ error: 'replayed' });
    expect(await store.byAccount(kept.account)).not.toBeNull();
  });

  it('a link in an older mail keeps working through a rotation of its key, and of AUTH_SECRET', async () => {
    const { subscriber } = await journalist(uniqueEmail('rotation'), ['all']);
    const old = await unsubscribeToken(env.ALERTS_LINK_SECRET!, subscriber.id);
    const post = (bindings: Record<string, string | undefined>) => {
      const request = new Request(`http://presse.test/alertes/desabonnement?jeton=${encodeURIComponent(old)}`, {
        method: 'POST',
        body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
      });
      return worker.fetch(request, { ...env, ...bindings }, createExecutionContext());
    };
    const rotated = {
      AUTH_SECRET: 'une-toute-nouvelle-cle-de-session-0123456789',
      ALERTS_LINK_SECRET: 'une-nouvelle-cle-des-liens-0123456789abcdef',
    };
    // The new key alone: the old link is refused (the page sends to the press space), nothing deleted.
    expect((await post(rotated)).status).toBe(400);
    expect(await store.byId(subscriber.id)).not.toBeNull();
    // With the previous key kept during the rotation (docs/operations.md): the old link unsubscribes.
    const res = await post({ ...rotated, ALERTS_LINK_SECRET_PREVIOUS: env.ALERTS_LINK_SECRET });
    expect(res.status).toBe(200);
    expect(await store.byId(subscriber.id)).toBeNull();
  });

  it('an account notice from WordPress: status lost or consent withdrawn deletes every row; kept otherwise', async () => {
    const kept = await journalist(uniqueEmail('garde'), ['all']);
    const lost = await journalist(uniqueEmail('perdu'), ['all']);
    const deleted = await journalist(uniqueEmail('supprime'), ['all']);
    const notice = async (body: Record<string, unknown>) => (await signedPurge(await sign(body))).json();
    expect(
      await notice({ type: 'account', action: 'update', account: { id: kept.account, journaliste: 'oui', optin_mail: true } }),
    ).toEqual({
      account: 'kept',
    });
    expect(
      await notice({ type: 'account', action: 'update', account: { id: lost.account, journaliste: 'non', optin_mail: true } }),
    ).toEqual({
      account: 'forgotten',
    });
    expect(await notice({ type: 'account', action: 'delete', account: { id: deleted.account } })).toEqual({ account: 'forgotten' });
    expect(await store.byAccount(kept.account)).not.toBeNull();
    expect(await store.byAccount(lost.account)).toBeNull();
    expect(await store.byAccount(deleted.account)).toBeNull();
    const follows = await env.ALERTS_DB.prepare('SELECT count(*) AS n FROM follows WHERE subscriber_id IN (?1, ?2)')
      .bind(lost.subscriber.id, deleted.subscriber.id)
      .first<{ n: number }>();
    expect(follows!.n).toBe(0);
  });
});
