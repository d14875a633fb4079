import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { readConfig } from '../../src/config/env.server';
import { alertsDoor } from '../../src/data/alerts.server';
import { alertStore } from '../../src/data/alerts-store.server';
import { handleAlertBatch } from '../../src/features/alerts/deliveries.server';
import { parseWpDate } from '../../src/lib/format/date';
import { site } from './helpers';
import { emptyAlertTables, hourly, mails, nextParisRun, sign, signedPurge, uniqueEmail } from './alerts-support';
import { upstream } from './upstream-control';

// Press alerts as the journalist's mailbox sees them (issue 49): every count below is of mails the
// local relay (dev/mail/smtp.ts, a real SMTP server) accepted for that address, exactly, once
// nothing is left to send. The relay answers as relays document it, refusing at each step.

const store = alertStore(env.ALERTS_DB);
/** « XV de France » in the local content: what these journalists follow (not `all`, which the hourly run's event announcements reach too). */
const XV = 'category:10';

const relay = {
  fault: (fault: { at: string; reply?: string; times?: number }) =>
    fetch(`${upstream.base}/__control/mail/faults`, { method: 'POST', body: JSON.stringify(fault) }).then((r) => {
      if (!r.ok) throw new Error(`fault refused: ${r.status}`);
    }),
  clear: () => fetch(`${upstream.base}/__control/mail/faults`, { method: 'DELETE' }),
};

let n = 0;
async function journalist(email: string, topics: string[], frequency: 'immediate' | 'digest' = 'immediate') {
  const account = `compte-${++n}-${crypto.randomUUID()}`;
  await store.save({ account, email, firstName: 'Claire', frequency, topics: topics as never }, Date.now());
  return (await store.byAccount(account))!;
}

const states = async (item: string) =>
  (
    await env.ALERTS_DB.prepare('SELECT subscriber_id AS subscriber, state FROM deliveries WHERE item = ?1 ORDER BY subscriber_id')
      .bind(item)
      .all<{ subscriber: string; state: string }>()
  ).results;

/** Until nothing of these items waits to be sent (the Queue's own consumer runs behind the purge and the 7 h run). */
async function settled(...items: string[]) {
  const until = Date.now() + 20_000;
  for (;;) {
    const all = (await Promise.all(items.map(states))).flat();
    if (!all.some((r) => r.state === 'sending' || r.state === 'queued' || r.state === 'digest')) return;
    if (Date.now() > until) throw new Error(`still being sent: ${JSON.stringify(all)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The mails this address received, once `items` are settled: the exact count is the assertion. */
async function received(to: string, ...items: string[]) {
  await settled(...items);
  return mails(to);
}

/** Until the Queue's consumer (batches of up to 2 s) has fanned this item out to `count` journalists. */
async function fanned(itemName: string, count: number) {
  const until = Date.now() + 20_000;
  while ((await states(itemName)).length < count) {
    if (Date.now() > until) throw new Error(`${itemName}: not fanned out to ${count}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The Queue's consumer called directly, as the runtime would: which messages it acked or retried. */
async function consume(bodies: unknown[]) {
  const batch = createMessageBatch(
    'ffr-presse-alerts-local',
    bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: Date.now(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  const started = Date.now();
  await worker.queue(batch, env);
  return { ...(await getQueueResult(batch, ctx)), ms: Date.now() - started };
}

const item = (id: number) => `post:${id}`;

/**
 * A post of the local content, fanned out to its `followers` straight from the store (no Queue
 * behind it), at the site's instant, as the consumer records it.
 */
async function fannedOut(title: string, followers: number) {
  const { post } = await upstream.publish({ create: { title, categorySlug: 'xv-de-france' } });
  const at = Date.parse(env.SITE_NOW);
  await store.putItem(
    item(post.id),
    { title, standfirst: '', url: `http://presse.test/a/${post.slug}`, imageUrl: null, imageAlt: '', date: env.SITE_NOW, label: '' },
    at,
  );
  expect(await store.fanOut(item(post.id), [XV], at)).toHaveLength(followers);
  return post;
}

beforeEach(async () => {
  await upstream.reset();
  await relay.clear();
  await fetch(`${upstream.base}/__control/mail`, { method: 'DELETE' });
  await emptyAlertTables();
});
afterAll(async () => {
  await relay.clear();
  await upstream.reset();
  await emptyAlertTables();
});

describe('a relay’s refusal suspends only the address it names', () => {
  // One batch of two journalists against each answer; then the relay is itself again and the
  // Queue redelivers what it was told to retry. `sentTwice` is always 0; only RCPT 550 5.1.1
  // suspends, and only its one address.
  const cases: { name: string; fault: { at: string; reply?: string }; suspended: 0 | 1 }[] = [
    { name: 'MAIL FROM 550 5.7.1 (sender not allowed)', fault: { at: 'sender', reply: '550 5.7.1 Sender denied' }, suspended: 0 },
    { name: 'RCPT TO 550 5.1.1 (no such mailbox)', fault: { at: 'recipient', reply: '550 5.1.1 Mailbox does not exist' }, suspended: 1 },
    { name: 'RCPT TO 550 5.7.1 (relaying denied)', fault: { at: 'recipient', reply: '550 5.7.1 Relaying denied' }, suspended: 0 },
    { name: 'RCPT TO 452 4.5.3 (too many recipients)', fault: { at: 'recipient', reply: '452 4.5.3 Too many recipients' }, suspended: 0 },
    { name: '552 5.3.4 after the data (too big)', fault: { at: 'message', reply: '552 5.3.4 Message too big' }, suspended: 0 },
    { name: '554 5.6.0 after the data (content)', fault: { at: 'message', reply: '554 5.6.0 Message content rejected' }, suspended: 0 },
    {
      name: '421 at MAIL FROM, then the connection closed',
      fault: { at: 'sender', reply: '421 4.3.2 Service temporarily unavailable' },
      suspended: 0,
    },
    { name: 'a reset in the middle of the data', fault: { at: 'reset-in-data' }, suspended: 0 },
    { name: 'a greeting that never comes', fault: { at: 'greeting' }, suspended: 0 },
  ];

  for (const { name, fault, suspended } of cases) {
    it(name, { timeout: 60_000 }, async () => {
      const first = uniqueEmail('premiere');
      const second = uniqueEmail('seconde');
      const a = await journalist(first, [XV]);
      const b = await journalist(second, [XV]);
      const post = await fannedOut(`Relais : ${name}`, 2);
      const sends = [a, b].map((s) => ({ kind: 'send', item: item(post.id), subscriber: s.id }));
      await relay.fault(fault);

      const faulted = await consume(sends);
      // Within the batch's budget: a relay that stays silent or closes is never waited on for long.
      expect(faulted.ms).toBeLessThan(30_000);
      const suspendedNow = [(await store.byId(a.id))!.suspendedAt, (await store.byId(b.id))!.suspendedAt].filter((t) => t !== null);
      expect(suspendedNow).toHaveLength(suspended);
      expect(faulted.retryMessages).toHaveLength(suspended ? 0 : 2);

      // The Queue's redelivery of everything (retried or not) once the relay is itself again.
      await relay.clear();
      await consume(sends);
      const got = [(await received(first, item(post.id))).length, (await received(second, item(post.id))).length];
      expect(got.toSorted()).toEqual(suspended ? [0, 1] : [1, 1]);
    });
  }

  it('tells the journalist why, and logs no address', async () => {
    const to = uniqueEmail('inconnue');
    const s = await journalist(to, [XV]);
    const post = await fannedOut('Adresse refusée', 1);
    await relay.fault({ at: 'recipient', reply: '550 5.1.1 Mailbox does not exist' });
    const logged: string[] = [];
    const original = console.log;
    const capture = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    console.log = console.warn = console.error = capture;
    try {
      await consume([{ kind: 'send', item: item(post.id), subscriber: s.id }]);
    } finally {
      console.log = original;
      console.warn = original;
      console.error = original;
    }
    expect((await store.byId(s.id))!.suspendedReason).toBe('550 5.1.1 Mailbox does not exist');
    expect(logged.join('\n')).toContain('alerts.address_suspended');
    expect(logged.join('\n')).not.toContain(to.split('@')[0]!);
  });
});

describe('exactly once, as the mailbox counts', () => {
  it('draft → publish → update → back to draft → publish again: one mail', async () => {
    const to = uniqueEmail('une-fois');
    await journalist(to, [XV]);
    const created = await upstream.publish({ create: { title: 'Le groupe pour le Tournoi', categorySlug: 'xv-de-france' } });
    expect((await signedPurge(created.purge)).status).toBe(200);
    await fanned(item(created.post.id), 1);
    expect(await received(to, item(created.post.id))).toHaveLength(1);
    const updated = await upstream.publish({ id: created.post.id, title: 'Le groupe pour le Tournoi (mis à jour)' });
    expect((await signedPurge(updated.purge)).status).toBe(200);
    const draft = await upstream.publish({ id: created.post.id, status: 'draft' });
    expect((await signedPurge(draft.purge)).status).toBe(200);
    const again = await upstream.publish({ id: created.post.id, status: 'publish' });
    expect((await signedPurge(again.purge)).status).toBe(200);
    // The fan-out of the second publish runs behind its purge, on the Queue (batches of up to 2 s).
    await new Promise((r) => setTimeout(r, 3000));
    expect(await received(to, item(created.post.id))).toHaveLength(1);
  });

  it('a send message redelivered after its mail went, and two consumers at once: one mail', async () => {
    const to = uniqueEmail('redelivre');
    const s = await journalist(to, [XV]);
    const post = await fannedOut('Une seule fois', 1);
    const send = { kind: 'send', item: item(post.id), subscriber: s.id };
    await Promise.all([consume([send]), consume([send])]);
    expect(await consume([send])).toMatchObject({ retryMessages: [] });
    expect(await received(to, item(post.id))).toHaveLength(1);
  });

  it('an invocation that dies after the relay took a mail: that mail is not sent again', async () => {
    const first = uniqueEmail('avant');
    const second = uniqueEmail('apres');
    const a = await journalist(first, [XV]);
    const b = await journalist(second, [XV]);
    const post = await fannedOut('Interrompu', 2);
    const config = readConfig(env);
    const door = alertsDoor(config, env);
    // The first mail handed over and recorded, then the invocation ends (CPU limit, eviction).
    const dying = {
      ...door,
      send: (mails: Parameters<typeof door.send>[0], accepted: Parameters<typeof door.send>[1]) =>
        door.send(mails.slice(0, 1), accepted).then(() => Promise.reject(new Error('invocation ended'))),
    };
    const batch = createMessageBatch(
      'ffr-presse-alerts-local',
      [a, b].map((s) => ({
        id: crypto.randomUUID(),
        timestamp: Date.now(),
        attempts: 1,
        body: { kind: 'send', item: item(post.id), subscriber: s.id },
      })),
    );
    await expect(handleAlertBatch(batch, dying, config)).rejects.toThrow('invocation ended');
    // Its hold expires (15 minutes); the hourly run hands out what it held.
    await env.ALERTS_DB.prepare(`UPDATE deliveries SET claimed_at = claimed_at - 16 * 60000 WHERE state = 'sending'`).run();
    await hourly(nextParisRun(env.SITE_NOW, (h) => h !== 7));
    expect(await received(first, item(post.id))).toHaveLength(1);
    expect(await received(second, item(post.id))).toHaveLength(1);
  });
});

describe('a post taken back is sent to nobody', () => {
  it('withdrawn after its fan-out, with its notice: the digest goes without it', async () => {
    const to = uniqueEmail('matin');
    await journalist(to, [XV], 'digest');
    const kept = await upstream.publish({ create: { title: 'Article maintenu', categorySlug: 'xv-de-france' } });
    const mistake = await upstream.publish({ create: { title: 'Communiqué publié par erreur', categorySlug: 'xv-de-france' } });
    expect((await signedPurge(kept.purge)).status).toBe(200);
    expect((await signedPurge(mistake.purge)).status).toBe(200);
    await fanned(item(mistake.post.id), 1);
    await fanned(item(kept.post.id), 1);
    expect((await states(item(mistake.post.id))).map((r) => r.state)).toEqual(['digest']);
    const withdrawn = await upstream.publish({ id: mistake.post.id, status: 'draft' });
    expect((await signedPurge(withdrawn.purge)).status).toBe(200);
    // The consumer drops what waited for it (the purge only hands it to the Queue).
    const until = Date.now() + 20_000;
    while ((await states(item(mistake.post.id))).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await states(item(mistake.post.id))).toEqual([]);
    await hourly(nextParisRun(env.SITE_NOW, (h) => h === 7));
    const [digest, ...more] = await received(to, item(kept.post.id));
    expect(more).toHaveLength(0);
    expect(digest!.raw).not.toContain('par erreur');
  });

  it('withdrawn in WordPress with no notice reaching the site: the send checks first; a later real publish alerts once', async () => {
    const to = uniqueEmail('embargo');
    const s = await journalist(to, [XV]);
    const post = await fannedOut('Communiqué sous embargo', 1);
    await upstream.publish({ id: post.id, status: 'draft' });
    expect(await consume([{ kind: 'send', item: item(post.id), subscriber: s.id }])).toMatchObject({ retryMessages: [] });
    expect(await states(item(post.id))).toEqual([]);
    expect(await mails(to)).toHaveLength(0);
    const live = await upstream.publish({ id: post.id, status: 'publish' });
    expect((await signedPurge(live.purge)).status).toBe(200);
    await fanned(item(post.id), 1);
    expect(await received(to, item(post.id))).toHaveLength(1);
  });
});

describe('the mail itself', () => {
  it('folds a long subject into RFC 2047 words, caps the title, and says it is automatic, from a list, answered by the press office', async () => {
    const to = uniqueEmail('entetes');
    const s = await journalist(to, [XV]);
    const title = `Très long titre ${'é'.repeat(120)} ${'mot '.repeat(30)}`.trim();
    const post = await fannedOut(title, 1);
    await consume([{ kind: 'send', item: item(post.id), subscriber: s.id }]);
    const [mail] = await received(to, item(post.id));
    const head = mail!.raw.split('\r\n\r\n')[0]!;
    // RFC 5322 §2.1.1: no line over 998 characters, and the subject's folded lines within 78.
    for (const line of head.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    const subject = /^Subject: .*(?:\r\n[ \t].*)*/m.exec(head)![0];
    expect(subject.split('\r\n').length).toBeGreaterThan(1);
    for (const line of subject.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    for (const word of head.match(/=\?UTF-8\?B\?[^?]*\?=/g) ?? []) expect(word.length).toBeLessThanOrEqual(75);
    expect([...mail!.subject].length).toBeLessThanOrEqual(140);
    expect(mail!.subject).toMatch(/…$/);
    const header = (name: string) => mail!.headers.find((h) => h.key === name)?.value;
    expect(header('auto-submitted')).toBe('auto-generated');
    expect(header('list-id')).toBe('Alertes FFR Presse <alertes.presse.test>');
    expect(header('reply-to')).toBe('presse@ffr.fr');
  });

  it('an address carrying a second command never reaches the relay: the journalist is suspended instead', async () => {
    const intruder = uniqueEmail('intrus');
    const s = await journalist(`victime@redaction.example>\r\nRCPT TO:<${intruder}`, [XV]);
    const post = await fannedOut('Injection', 1);
    await consume([{ kind: 'send', item: item(post.id), subscriber: s.id }]);
    expect(await received(intruder, item(post.id))).toHaveLength(0);
    expect((await store.byId(s.id))!.suspendedReason).toBe('Adresse e-mail invalide');
  });
});

describe('the hourly run holds', () => {
  it('a missed 7 h digest is caught up at the next run, once', async () => {
    const to = uniqueEmail('rattrapage');
    await journalist(to, [XV], 'digest');
    const post = await fannedOut('Article du soir', 1);
    // The 7 h run never came (a failed cron); the 8 h one sees what was recorded before 7 h.
    const seven = nextParisRun(env.SITE_NOW, (h) => h === 7);
    await hourly(new Date(seven.getTime() + 3_600_000));
    expect(await received(to, item(post.id))).toHaveLength(1);
    await hourly(new Date(seven.getTime() + 2 * 3_600_000));
    expect(await received(to, item(post.id))).toHaveLength(1);
  });

  it('deliveries whose message was lost are queued again an hour on; one the Queue gave up on ends failed, not queued', async () => {
    const lost = uniqueEmail('perdu');
    const given = uniqueEmail('abandon');
    const a = await journalist(lost, [XV]);
    const b = await journalist(given, [XV]);
    const { post } = await upstream.publish({ create: { title: 'Message perdu', categorySlug: 'xv-de-france' } });
    const payload = {
      title: 'Message perdu',
      standfirst: '',
      url: 'http://presse.test/a',
      imageUrl: null,
      imageAlt: '',
      date: env.SITE_NOW,
      label: '',
    };
    await store.putItem(item(post.id), payload, Date.now());
    // Recorded two hours ago, never enqueued (the fan-out stopped in between).
    await store.fanOut(item(post.id), [XV], Date.parse(env.SITE_NOW) - 2 * 3_600_000);
    // The dead-letter queue's consumer, for b's message after its five tries.
    const dlq = createMessageBatch('ffr-presse-alerts-local-dlq', [
      { id: crypto.randomUUID(), timestamp: Date.now(), attempts: 5, body: { kind: 'send', item: item(post.id), subscriber: b.id } },
    ]);
    await worker.queue(dlq, env);
    expect((await states(item(post.id))).find((r) => r.subscriber === b.id)?.state).toBe('failed');
    await hourly(nextParisRun(env.SITE_NOW, (h) => h !== 7));
    expect(await received(lost, item(post.id))).toHaveLength(1);
    expect(await received(given, item(post.id))).toHaveLength(0);
    expect(a.id).not.toBe(b.id);
  });

  it('an event whose announcement stopped after its deliveries were recorded is announced at the next run, once', async () => {
    const to = uniqueEmail('annonce');
    const s = await journalist(to, ['accreditations']);
    const events = await upstream.json<{ id: number; slug: string; accreditation: { deadline: string } | null }[]>(
      `/wp-json/ffr/v1/future_events?ends_after=${encodeURIComponent(env.SITE_NOW.slice(0, 10))}T00:00:00`,
    );
    const run = nextParisRun(env.SITE_NOW, (h) => h !== 7);
    // Still open to accreditation after both runs, and not yet within its 48-hour reminder.
    const open = events.find((e) => e.accreditation && parseWpDate(e.accreditation.deadline)!.getTime() > run.getTime() + 50 * 3_600_000);
    expect(open, 'an event open to accreditation in the local content').toBeTruthy();
    // The first run recorded the deliveries, then stopped before the item (« announced ») was written.
    await store.fanOut(`event:${open!.id}`, ['accreditations'], Date.parse(env.SITE_NOW));
    await hourly(run);
    await hourly(new Date(run.getTime() + 3_600_000));
    const got = await received(to, `event:${open!.id}`);
    // Every event open to accreditation is announced to this follower; this one, once.
    expect(got.filter((m) => m.text.includes(`/evenements/${open!.slug}`))).toHaveLength(1);
    expect((await states(`event:${open!.id}`)).map((r) => [r.subscriber, r.state])).toEqual([[s.id, 'sent']]);
  });
});

describe('the provider’s signed events (Mailgun’s webhook)', () => {
  const made = async (input: Record<string, unknown>) => {
    const res = await fetch(`${upstream.base}/__control/mail/events`, { method: 'POST', body: JSON.stringify(input) });
    return ((await res.json()) as { body: string }).body;
  };
  const deliver = (body: string) => site('/api/mail/events', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('a mail taken by the relay, then bounced for good: the address is suspended, once, and a replay does nothing', async () => {
    const to = `rebond-${crypto.randomUUID().slice(0, 8)}@rebond.example`;
    const s = await journalist(to, [XV]);
    const post = await fannedOut('Rebond', 1);
    await consume([{ kind: 'send', item: item(post.id), subscriber: s.id }]);
    // The relay said 250: the mail is sent as far as SMTP knows.
    expect(await received(to, item(post.id))).toHaveLength(1);
    expect((await store.byId(s.id))!.suspendedAt).toBeNull();
    // Then the receiving server refused it, and the provider says so.
    const [bounce] = await upstream.json<unknown[]>('/__control/mail/events');
    const body = JSON.stringify(bounce);
    const res = await deliver(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 'bounced', changed: 1 });
    expect((await store.byId(s.id))!.suspendedReason).toMatch(/^Adresse refusée par la messagerie du destinataire/);
    // The same event again (a replay, or the provider's own retry): 406, which stops its retries.
    const replayed = await deliver(body);
    expect(replayed.status).toBe(406);
    expect(await replayed.json()).toMatchObject({ error: 'replayed' });
  });

  it('a temporary failure changes nothing; a complaint deletes every row of that address', async () => {
    const to = uniqueEmail('plainte');
    const s = await journalist(to, [XV]);
    expect((await deliver(await made({ event: 'failed', severity: 'temporary', recipient: to }))).status).toBe(200);
    expect((await store.byId(s.id))!.suspendedAt).toBeNull();
    const complaint = await deliver(await made({ event: 'complained', recipient: to.toUpperCase() }));
    expect(await complaint.json()).toEqual({ received: 'complained', changed: 1 });
    expect(await store.byId(s.id)).toBeNull();
  });

  it('refuses a bad signature (401), an event older than the provider’s retries (406), a token used before under another event (406), and a malformed body (400)', async () => {
    const to = uniqueEmail('forge');
    const s = await journalist(to, [XV]);
    const genuine = JSON.parse(await made({ event: 'delivered', recipient: to })) as {
      signature: { signature: string };
      'event-data': Record<string, unknown>;
    };
    const forged = { ...genuine, signature: { ...genuine.signature, signature: 'a'.repeat(64) } };
    expect((await deliver(JSON.stringify(forged))).status).toBe(401);
    const old = await made({ event: 'failed', severity: 'permanent', recipient: to, timestamp: Math.floor(Date.now() / 1000) - 10 * 3600 });
    expect((await deliver(old)).status).toBe(406);
    // The signature covers the timestamp and the token, not the event: taken once, a token cannot
    // carry a bounce someone else wrote.
    expect((await deliver(JSON.stringify(genuine))).status).toBe(200);
    const swapped = { ...genuine, 'event-data': { ...genuine['event-data'], event: 'failed', severity: 'permanent' } };
    expect((await deliver(JSON.stringify(swapped))).status).toBe(406);
    expect((await store.byId(s.id))!.suspendedAt).toBeNull();
    const malformed = await deliver('{"signature":{}}');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'invalid_body', message: expect.any(String) });
  });
});

describe('the answer to an accreditation request', () => {
  it('WordPress tells the site the press office validated a request: one French mail, once; a pending one sends nothing; a new address is followed', async () => {
    const to = uniqueEmail('accreditee');
    const s = await journalist(to, [XV]);
    const notice = (accreditations: Record<string, unknown>[], email = to) =>
      sign({ type: 'account', action: 'update', account: { id: s.account, journaliste: 'oui', optin_mail: true, email, accreditations } });
    const match = { event_id: 7001, status: 'valide', title: 'France – Irlande, Tournoi des Six Nations', date: '2027-02-06T21:10:00' };
    const pending = { event_id: 7002, status: 'attente', title: 'Écosse – France', date: '2027-02-21T16:40:00' };
    expect(await (await signedPurge(await notice([match, pending]))).json()).toEqual({ account: 'kept' });
    // The plugin tells the whole list again at the next change: the answer already mailed is not.
    expect((await signedPurge(await notice([match, pending]))).status).toBe(200);
    const [mail, ...more] = await received(to, 'accreditation:7001:valide');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Accréditation validée\u202f: France – Irlande, Tournoi des Six Nations');
    expect(mail!.text).toMatch(
      /Le service de presse a validé votre demande d’accréditation pour «\u202fFrance – Irlande, Tournoi des Six Nations\u202f»/,
    );
    expect(mail!.text).toContain('http://presse.test/espace-presse#mes-accreditations');
    expect(mail!.text).not.toContain('parce que vous suivez');
    expect(await states('accreditation:7002:attente')).toEqual([]);
    // A refusal of another request, told to the address WordPress now has.
    const moved = uniqueEmail('nouvelle-adresse');
    await signedPurge(await notice([match, { ...pending, status: 'refuse' }], moved));
    const [refusal, ...others] = await received(moved, 'accreditation:7002:refuse');
    expect(others).toHaveLength(0);
    expect(refusal!.subject).toBe('Accréditation refusée\u202f: Écosse – France');
    expect((await store.byId(s.id))!.email).toBe(moved);
    expect(await mails(to)).toHaveLength(1);
  });
});
