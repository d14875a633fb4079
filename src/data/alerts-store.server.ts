import { toBase64Url } from '../lib/base64url';
import type { AlertItem, Frequency, Topic } from '../schemas/alerts';

// The alerts' tables in D1 (migrations/0001_press_alerts.sql), behind one typed client. (A bound
// parameter after a word is written in parentheses: the French typography check reads « x ?1 » as
// a space before a question mark.) Every
// statement is bound (never built from input), and a list travels as one JSON parameter read with
// json_each, so that no statement grows with the number of followers (D1 binds at most 100).

export type Subscriber = {
  id: string;
  account: string;
  email: string;
  firstName: string;
  frequency: Frequency;
  topics: Topic[];
  suspendedAt: number | null;
  suspendedReason: string | null;
};

/** What an alert shows of a post or an event, kept once per item; an accreditation's deadline with it. */
export type ItemPayload = AlertItem & { deadline?: string };

export type Fanned = { subscriber: string; state: 'queued' | 'digest' };
export type PendingSend = { item: string; subscriber: string; email: string; firstName: string; reason: string; payload: ItemPayload };

/** Deliveries and items older than this are deleted by the hourly run (docs/alerts.md). */
export const KEEP_DAYS = 90;

/** A consumer's hold on deliveries it is sending: a whole invocation at most (15 minutes). */
const CLAIM_MS = 15 * 60_000;

/** One consumer's hold: a random id, and when it was taken. */
export type Claim = { id: string; now: number };

const newId = () => toBase64Url(crypto.getRandomValues(new Uint8Array(16)));

type SubscriberRow = {
  id: string;
  account: string;
  email: string;
  first_name: string;
  frequency: Frequency;
  suspended_at: number | null;
  suspended_reason: string | null;
  topics: string | null;
};

const SUBSCRIBER = `SELECT s.id, s.account, s.email, s.first_name, s.frequency, s.suspended_at, s.suspended_reason,
  (SELECT group_concat(topic, ' ') FROM follows f WHERE f.subscriber_id = s.id) AS topics FROM subscribers s`;

const toSubscriber = (r: SubscriberRow): Subscriber => ({
  id: r.id,
  account: r.account,
  email: r.email,
  firstName: r.first_name,
  frequency: r.frequency,
  topics: (r.topics ? r.topics.split(' ') : []) as Topic[],
  suspendedAt: r.suspended_at,
  suspendedReason: r.suspended_reason,
});

export function alertStore(db: D1Database) {
  return {
    async byAccount(account: string): Promise<Subscriber | null> {
      const row = await db.prepare(`${SUBSCRIBER} WHERE s.account = ?1`).bind(account).first<SubscriberRow>();
      return row ? toSubscriber(row) : null;
    },

    async byId(id: string): Promise<Subscriber | null> {
      const row = await db.prepare(`${SUBSCRIBER} WHERE s.id = ?1`).bind(id).first<SubscriberRow>();
      return row ? toSubscriber(row) : null;
    },

    /**
     * The journalist's choices, replacing the previous ones; saving again lifts a suspension (they
     * saw the notice and confirmed their address). No topic: the row goes, nothing is kept.
     */
    async save(
      input: { account: string; email: string; firstName: string; frequency: Frequency; topics: Topic[] },
      now: number,
    ): Promise<void> {
      if (input.topics.length === 0) return this.forgetAccount(input.account);
      const id =
        (await db.prepare('SELECT id FROM subscribers WHERE account = ?1').bind(input.account).first<{ id: string }>())?.id ?? newId();
      await db.batch([
        db
          .prepare(
            `INSERT INTO subscribers (id, account, email, first_name, frequency, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
             ON CONFLICT (account) DO UPDATE SET email = excluded.email, first_name = excluded.first_name, frequency = excluded.frequency,
               suspended_at = NULL, suspended_reason = NULL, updated_at = excluded.updated_at`,
          )
          .bind(id, input.account, input.email, input.firstName, input.frequency, now),
        db.prepare('DELETE FROM follows WHERE subscriber_id = ?1').bind(id),
        db
          .prepare('INSERT INTO follows (subscriber_id, topic) SELECT (?1), value FROM json_each(?2)')
          .bind(id, JSON.stringify(input.topics)),
      ]);
    },

    /**
     * The address WordPress now has for this account (an account notice): the alerts go there.
     * A new address lifts a suspension: the refused one is gone.
     */
    async changeEmail(account: string, email: string, now: number): Promise<boolean> {
      const { meta } = await db
        .prepare(
          'UPDATE subscribers SET email = ?2, suspended_at = NULL, suspended_reason = NULL, updated_at = ?3 WHERE account = ?1 AND email <> ?2',
        )
        .bind(account, email, now)
        .run();
      return meta.changes > 0;
    },

    /**
     * One mail to one account about one item (the press office's answer to its accreditation
     * request), recorded once: the same answer told again adds nothing. The subscriber it goes
     * to, or null (no alerts set up, suspended, or already told).
     */
    async recordFor(account: string, item: string, payload: ItemPayload, now: number): Promise<string | null> {
      const [, inserted] = await db.batch<{ subscriber: string }>([
        db
          .prepare(
            'INSERT INTO items (item, payload, created_at) VALUES (?1, ?2, ?3) ON CONFLICT (item) DO UPDATE SET payload = excluded.payload',
          )
          .bind(item, JSON.stringify(payload), now),
        db
          .prepare(
            `INSERT OR IGNORE INTO deliveries (item, subscriber_id, state, via_digest, reason, created_at)
             SELECT (?1), id, 'queued', 0, 'accreditation', (?2) FROM subscribers WHERE account = ?3 AND suspended_at IS NULL
             RETURNING subscriber_id AS subscriber`,
          )
          .bind(item, now, account),
      ]);
      return inserted!.results[0]?.subscriber ?? null;
    },

    /** Consent withdrawn, journalist status lost, account deleted: every row of theirs goes (cascade). */
    async forgetAccount(account: string): Promise<void> {
      await db.prepare('DELETE FROM subscribers WHERE account = ?1').bind(account).run();
    },

    /** One-click unsubscribe: the subscriber and everything about them. True when there was one. */
    async forgetId(id: string): Promise<boolean> {
      const { meta } = await db.prepare('DELETE FROM subscribers WHERE id = ?1').bind(id).run();
      return meta.changes > 0;
    },

    /** Nothing more goes to a refused address: what waited for it (the digest, other mails) is refused too. */
    async suspend(id: string, reason: string, now: number): Promise<void> {
      await db.batch([
        db
          .prepare('UPDATE subscribers SET suspended_at = ?2, suspended_reason = ?3 WHERE id = ?1 AND suspended_at IS NULL')
          .bind(id, now, reason.slice(0, 300)),
        db.prepare(`UPDATE deliveries SET state = 'refused' WHERE subscriber_id = ?1 AND state IN ('queued', 'digest')`).bind(id),
      ]);
    },

    async hasItem(item: string): Promise<boolean> {
      return (await db.prepare('SELECT 1 AS found FROM items WHERE item = ?1').bind(item).first<{ found: number }>()) !== null;
    },

    async putItem(item: string, payload: ItemPayload, now: number): Promise<void> {
      await db
        .prepare(
          // Its age is its last fan-out's: the re-publish guard (the deliveries) lasts KEEP_DAYS after that.
          'INSERT INTO items (item, payload, created_at) VALUES (?1, ?2, ?3) ON CONFLICT (item) DO UPDATE SET payload = excluded.payload, created_at = excluded.created_at',
        )
        .bind(item, JSON.stringify(payload), now)
        .run();
    },

    /**
     * One delivery per follower of any of the topics, recorded before anything is sent: the primary
     * key (item, subscriber) makes a second publish, a retried purge or a redelivered message add
     * nothing. Only the new ones come back. `immediate` overrides the digest (a deadline reminder).
     */
    async fanOut(item: string, topics: Topic[], now: number, immediate = false): Promise<Fanned[]> {
      const { results } = await db
        .prepare(
          `INSERT OR IGNORE INTO deliveries (item, subscriber_id, state, via_digest, reason, created_at)
           SELECT (?1), s.id, CASE WHEN s.frequency = 'digest' AND (?4) = 0 THEN 'digest' ELSE 'queued' END,
             s.frequency = 'digest' AND (?4) = 0, group_concat(f.topic, ' '), ?2
           FROM follows f JOIN subscribers s ON s.id = f.subscriber_id
           WHERE f.topic IN (SELECT value FROM json_each(?3)) AND s.suspended_at IS NULL
           GROUP BY s.id
           RETURNING subscriber_id AS subscriber, state`,
        )
        .bind(item, now, JSON.stringify(topics), immediate ? 1 : 0)
        .all<Fanned>();
      return results;
    },

    /** The subscribers whose delivery of this item is recorded but not sent yet. */
    async queuedOf(item: string): Promise<string[]> {
      const { results } = await db
        .prepare(`SELECT subscriber_id AS id FROM deliveries WHERE item = ?1 AND state = 'queued'`)
        .bind(item)
        .all<{ id: string }>();
      return results.map((r) => r.id);
    },

    /**
     * Takes these deliveries for one consumer, in one transaction, and gives back what to send: only
     * those still to send (queued, or taken by a consumer that has not finished for CLAIM_MS), of a
     * subscriber neither suspended nor deleted. Two consumers handed the same delivery (a
     * redelivery, a fan-out tried again) cannot both take it: checking and taking are one UPDATE.
     */
    async claim(pairs: { item: string; subscriber: string }[], claim: Claim): Promise<PendingSend[]> {
      const [, taken] = await db.batch<Omit<PendingSend, 'payload'> & { payload: string }>([
        db
          .prepare(
            `UPDATE deliveries SET state = 'sending', claimed_by = ?2, claimed_at = ?3
             WHERE (item, subscriber_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))
               AND (state = 'queued' OR (state = 'sending' AND via_digest = 0 AND claimed_at < ?4))
               AND NOT EXISTS (SELECT 1 FROM subscribers s WHERE s.id = deliveries.subscriber_id AND s.suspended_at IS NOT NULL)`,
          )
          .bind(JSON.stringify(pairs.map((p) => [p.item, p.subscriber])), claim.id, claim.now, claim.now - CLAIM_MS),
        db
          .prepare(
            `SELECT d.item, d.subscriber_id AS subscriber, s.email, s.first_name AS firstName, d.reason, i.payload
             FROM deliveries d JOIN subscribers s ON s.id = d.subscriber_id JOIN items i ON i.item = d.item
             WHERE (d.item, d.subscriber_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))
               AND d.claimed_by = ?2 AND d.state = 'sending'`,
          )
          .bind(JSON.stringify(pairs.map((p) => [p.item, p.subscriber])), claim.id),
      ]);
      return taken!.results.map((r) => ({ ...r, payload: JSON.parse(r.payload) as ItemPayload }));
    },

    /** Takes a subscriber's items waiting for the morning, oldest first, as `claim` does. */
    async claimDigest(
      subscriber: string,
      claim: Claim,
    ): Promise<{ subscriber: Subscriber; items: { item: string; reason: string; payload: ItemPayload }[] } | null> {
      const who = await this.byId(subscriber);
      if (!who || who.suspendedAt !== null) return null;
      const [, taken] = await db.batch<{ item: string; reason: string; payload: string }>([
        db
          .prepare(
            `UPDATE deliveries SET state = 'sending', claimed_by = ?2, claimed_at = ?3
             WHERE subscriber_id = ?1 AND (state = 'digest' OR (state = 'sending' AND via_digest = 1 AND claimed_at < ?4))`,
          )
          .bind(subscriber, claim.id, claim.now, claim.now - CLAIM_MS),
        db
          .prepare(
            `SELECT d.item, d.reason, i.payload FROM deliveries d JOIN items i ON i.item = d.item
             WHERE d.subscriber_id = ?1 AND d.claimed_by = ?2 AND d.state = 'sending' ORDER BY d.created_at, d.item`,
          )
          .bind(subscriber, claim.id),
      ]);
      return { subscriber: who, items: taken!.results.map((r) => ({ ...r, payload: JSON.parse(r.payload) as ItemPayload })) };
    },

    /** Immediate deliveries whose consumer never settled them (claim older than CLAIM_MS). */
    async staleClaims(now: number): Promise<{ item: string; subscriber: string }[]> {
      const { results } = await db
        .prepare(
          `SELECT item, subscriber_id AS subscriber FROM deliveries
           WHERE state = 'sending' AND via_digest = 0 AND claimed_at < ?1`,
        )
        .bind(now - CLAIM_MS)
        .all<{ item: string; subscriber: string }>();
      return results;
    },

    /**
     * Subscribers with something waiting for the morning digest recorded before `before` (the
     * whole of it at 7 h; at another hour, what a missed 7 h run left), or a digest's claim left
     * behind by a consumer that died.
     */
    async digestsDue(now: number, before = Number.MAX_SAFE_INTEGER): Promise<string[]> {
      const { results } = await db
        .prepare(
          `SELECT subscriber_id AS id FROM deliveries WHERE state = 'digest' AND created_at < ?2
           UNION SELECT subscriber_id FROM deliveries WHERE state = 'sending' AND via_digest = 1 AND claimed_at < ?1`,
        )
        .bind(now - CLAIM_MS, before)
        .all<{ id: string }>();
      return results.map((r) => r.id);
    },

    /**
     * Immediate deliveries recorded before `before` and never taken: their message was lost (a
     * fan-out that stopped between recording and enqueueing). The Queue's own tries end within
     * about half an hour, so anything older is no one's.
     */
    async lostQueued(before: number): Promise<{ item: string; subscriber: string }[]> {
      const { results } = await db
        .prepare(`SELECT item, subscriber_id AS subscriber FROM deliveries WHERE state = 'queued' AND created_at < ?1 LIMIT 10000`)
        .bind(before)
        .all<{ item: string; subscriber: string }>();
      return results;
    },

    /**
     * The Queue gave up on these (dead-letter queue, after five tries): 'failed', counted and
     * alerted, never tried again by itself. A digest's whole waiting list goes with it.
     */
    async fail(delivery: { item: string; subscriber: string } | { digestOf: string }): Promise<number> {
      const { meta } =
        'digestOf' in delivery
          ? await db
              .prepare(
                `UPDATE deliveries SET state = 'failed', claimed_by = NULL WHERE subscriber_id = ?1 AND state IN ('digest', 'sending') AND via_digest = 1`,
              )
              .bind(delivery.digestOf)
              .run()
          : await db
              .prepare(
                `UPDATE deliveries SET state = 'failed', claimed_by = NULL WHERE item = ?1 AND subscriber_id = ?2 AND state IN ('queued', 'sending')`,
              )
              .bind(delivery.item, delivery.subscriber)
              .run();
      return meta.changes;
    },

    /**
     * A post left publication (unpublished, scheduled again, private, trashed, deleted): what waits
     * for it is dropped, so that nothing of it goes and a later real publish alerts again, once.
     * Mails already sent stay recorded (they are the re-publish guard); one being sent is stopped by
     * the send's own check (deliveries.server.ts).
     */
    async withdraw(item: string): Promise<number> {
      const { meta } = await db.prepare(`DELETE FROM deliveries WHERE item = ?1 AND state IN ('queued', 'digest')`).bind(item).run();
      return meta.changes;
    },

    /** Deliveries this claim took that must not go (their post was withdrawn): dropped, as `withdraw` does. */
    async drop(pairs: { item: string; subscriber: string }[], claim: Claim): Promise<void> {
      if (pairs.length === 0) return;
      await db
        .prepare(
          `DELETE FROM deliveries WHERE (item, subscriber_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))
             AND claimed_by = ?2 AND state = 'sending'`,
        )
        .bind(JSON.stringify(pairs.map((p) => [p.item, p.subscriber])), claim.id)
        .run();
    },

    /**
     * The provider said an address failed for good (a hard bounce, a suppressed address): every
     * subscriber at it is suspended as for a refusal at RCPT TO, and what waited for them is
     * refused. The number of subscribers changed.
     */
    async suspendAddress(email: string, reason: string, now: number): Promise<number> {
      const [suspended] = await db.batch([
        db
          .prepare(
            'UPDATE subscribers SET suspended_at = ?2, suspended_reason = ?3 WHERE email = ?1 COLLATE NOCASE AND suspended_at IS NULL',
          )
          .bind(email, now, reason.slice(0, 300)),
        db
          .prepare(
            `UPDATE deliveries SET state = 'refused' WHERE state IN ('queued', 'digest')
               AND subscriber_id IN (SELECT id FROM subscribers WHERE email = ?1 COLLATE NOCASE)`,
          )
          .bind(email),
      ]);
      return suspended!.meta.changes;
    },

    /** The recipient marked an alert as spam, or unsubscribed at the provider: every row of theirs goes. */
    async forgetAddress(email: string): Promise<number> {
      // RETURNING: the subscribers themselves (D1's changes count the cascade's rows too).
      const { results } = await db.prepare('DELETE FROM subscribers WHERE email = ?1 COLLATE NOCASE RETURNING id').bind(email).all();
      return results.length;
    },

    /**
     * True when this account notice is newer than any taken before for the account (and records
     * it): one delivered late by a retry after a newer one is not.
     */
    async newerNotice(account: string, changedAt: number): Promise<boolean> {
      const { results } = await db
        .prepare(
          `INSERT INTO account_notices (account, changed_at) VALUES (?1, ?2)
           ON CONFLICT (account) DO UPDATE SET changed_at = excluded.changed_at WHERE excluded.changed_at > account_notices.changed_at
           RETURNING account`,
        )
        .bind(account, changedAt)
        .all();
      return results.length === 1;
    },

    /** True the first time this provider event token is seen (kept a day: longer than any event is accepted). */
    async firstUse(token: string, now: number): Promise<boolean> {
      const { results } = await db
        .prepare('INSERT OR IGNORE INTO mail_event_tokens (token, seen_at) VALUES (?1, ?2) RETURNING token')
        .bind(token, now)
        .all();
      return results.length === 1;
    },

    /** What became of the deliveries this claim took: sent, refused, or given back for a later try. */
    async settle(pairs: { item: string; subscriber: string }[], claim: Claim, outcome: 'sent' | 'refused' | 'released'): Promise<void> {
      if (pairs.length === 0) return;
      const state = outcome === 'released' ? `CASE via_digest WHEN 1 THEN 'digest' ELSE 'queued' END` : `'${outcome}'`;
      await db
        .prepare(
          `UPDATE deliveries SET state = ${state}, sent_at = CASE WHEN (?3) = 'sent' THEN (?4) ELSE sent_at END, claimed_by = NULL
           WHERE (item, subscriber_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))
             AND claimed_by = ?2 AND state = 'sending'`,
        )
        .bind(JSON.stringify(pairs.map((p) => [p.item, p.subscriber])), claim.id, outcome, claim.now)
        .run();
    },

    /** What is older than KEEP_DAYS goes: the deliveries (the re-publish guard lasts that long) and the items. */
    async prune(now: number): Promise<void> {
      const before = now - KEEP_DAYS * 86_400_000;
      // Through the items (one row per post): a delivery is found by its primary key, never by a
      // scan of the whole table (npm run bench:alerts). A digest still waiting stays, and its item.
      await db.batch([
        db
          .prepare(`DELETE FROM deliveries WHERE item IN (SELECT item FROM items WHERE created_at < ?1) AND state <> 'digest'`)
          .bind(before),
        db.prepare('DELETE FROM items WHERE created_at < ?1 AND item NOT IN (SELECT item FROM deliveries)').bind(before),
        db.prepare('DELETE FROM mail_event_tokens WHERE seen_at < ?1').bind(now - 86_400_000),
        // WP-Cron gives up on a notice long before: older ones can no longer arrive.
        db.prepare('DELETE FROM account_notices WHERE changed_at < ?1').bind(before),
      ]);
    },
  };
}
