import { readdir } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyMigration, sqliteD1 } from '../../scripts/lib/d1-sqlite.mjs';
import type { Topic } from '../schemas/alerts';
import { alertStore, type ItemPayload } from './alerts-store.server';

// The alerts' exactly-once guards (alerts-store.server.ts), on the real migrations over Node's
// SQLite: each statement as D1 runs it, without a worker around it. test/worker/alerts.test.ts
// holds the same through the worker and the mailbox, in workerd.

const MIGRATIONS = new URL('../../migrations/', import.meta.url);
const T0 = Date.parse('2026-11-20T09:00:00Z');
const payload = { kind: 'post', title: 'Le XV de France à Marcoussis' } as unknown as ItemPayload;
const XV: Topic[] = ['category:3' as Topic];

let store: ReturnType<typeof alertStore>;
beforeEach(async () => {
  const { db } = await sqliteD1();
  for (const file of (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort())
    await applyMigration(db, new URL(file, MIGRATIONS).pathname);
  store = alertStore(db);
  await store.save({ account: 'julie', email: 'julie.martin@example.fr', firstName: 'Julie', frequency: 'immediate', topics: XV }, T0);
  await store.save({ account: 'paul', email: 'paul.durand@example.fr', firstName: 'Paul', frequency: 'digest', topics: XV }, T0);
  await store.putItem('post:1', payload, T0);
});
const subscriberOf = async (account: string) => (await store.byAccount(account))!.id;

describe('one delivery per post and follower (fanOut)', () => {
  it('records each follower once: a second publish, a retried purge or a redelivered message add nothing', async () => {
    const first = await store.fanOut('post:1', XV, T0);
    expect(first.map((f) => f.state).sort()).toEqual(['digest', 'queued']);
    // Without « OR IGNORE », the primary key refuses the second insert and the whole fan-out fails.
    await expect(store.fanOut('post:1', XV, T0 + 1000)).resolves.toEqual([]);
    await expect(store.fanOut('post:1', [...XV, 'all' as Topic], T0 + 2000)).resolves.toEqual([]);
    expect(await store.queuedOf('post:1')).toEqual([await subscriberOf('julie')]);
  });

  it('records nothing for a suspended follower', async () => {
    await store.suspend(await subscriberOf('julie'), 'bounced', T0);
    expect((await store.fanOut('post:1', XV, T0)).map((f) => f.state)).toEqual(['digest']);
  });
});

describe('one send per delivery (claim)', () => {
  it('gives a delivery to one consumer only, and never again once sent', async () => {
    await store.fanOut('post:1', XV, T0);
    const pair = { item: 'post:1', subscriber: await subscriberOf('julie') };
    const a = { id: 'consumer-a', now: T0 + 1000 };
    const b = { id: 'consumer-b', now: T0 + 2000 };
    expect((await store.claim([pair], a)).map((s) => s.email)).toEqual(['julie.martin@example.fr']);
    // The same message redelivered to another consumer while the first sends it.
    expect(await store.claim([pair], b)).toEqual([]);
    await store.settle([pair], a, 'sent');
    // Sent: no consumer takes it again, not even long after (a message redelivered a day later).
    expect(await store.claim([pair], { id: 'consumer-c', now: T0 + 86_400_000 })).toEqual([]);
    expect(await store.claim([pair], a)).toEqual([]);
  });

  it('takes back a delivery whose consumer never finished, after 15 minutes only', async () => {
    await store.fanOut('post:1', XV, T0);
    const pair = { item: 'post:1', subscriber: await subscriberOf('julie') };
    expect(await store.claim([pair], { id: 'a', now: T0 })).toHaveLength(1);
    expect(await store.claim([pair], { id: 'b', now: T0 + 15 * 60_000 })).toEqual([]);
    expect(await store.claim([pair], { id: 'b', now: T0 + 15 * 60_000 + 1 })).toHaveLength(1);
    // A digest's delivery is never taken as an immediate one.
    const digest = { item: 'post:1', subscriber: await subscriberOf('paul') };
    expect(await store.claim([digest], { id: 'c', now: T0 + 3_600_000 })).toEqual([]);
  });

  it('sends nothing to a follower suspended between the fan-out and the send', async () => {
    await store.fanOut('post:1', XV, T0);
    const julie = await subscriberOf('julie');
    await store.suspend(julie, 'bounced', T0 + 500);
    expect(await store.claim([{ item: 'post:1', subscriber: julie }], { id: 'a', now: T0 + 1000 })).toEqual([]);
  });

  it('does not take back, for a follower suspended since, a delivery its consumer never finished', async () => {
    await store.fanOut('post:1', XV, T0);
    const julie = await subscriberOf('julie');
    const pair = { item: 'post:1', subscriber: julie };
    expect(await store.claim([pair], { id: 'a', now: T0 })).toHaveLength(1);
    // Her address refused meanwhile (a bounce of another mail): what was being sent stays « sending ».
    await store.suspend(julie, 'bounced', T0 + 60_000);
    expect(await store.claim([pair], { id: 'b', now: T0 + 16 * 60_000 })).toEqual([]);
  });

  it('takes a withdrawn post’s deliveries away before they are sent', async () => {
    await store.fanOut('post:1', XV, T0);
    expect(await store.withdraw('post:1')).toBe(2);
    expect(await store.claim([{ item: 'post:1', subscriber: await subscriberOf('julie') }], { id: 'a', now: T0 + 1000 })).toEqual([]);
    expect(await store.claimDigest(await subscriberOf('paul'), { id: 'b', now: T0 + 1000 })).toMatchObject({ items: [] });
  });
});

describe('one morning digest (claimDigest)', () => {
  it('gives the waiting items to one consumer, once', async () => {
    await store.fanOut('post:1', XV, T0);
    const paul = await subscriberOf('paul');
    const a = { id: 'a', now: T0 + 3_600_000 };
    expect((await store.claimDigest(paul, a))?.items.map((i) => i.item)).toEqual(['post:1']);
    expect((await store.claimDigest(paul, { id: 'b', now: a.now + 1000 }))?.items).toEqual([]);
    await store.settle([{ item: 'post:1', subscriber: paul }], a, 'sent');
    expect((await store.claimDigest(paul, { id: 'c', now: a.now + 86_400_000 }))?.items).toEqual([]);
  });
});

describe('one answer per accreditation request (recordFor)', () => {
  it('records the press office’s answer once', async () => {
    const julie = await subscriberOf('julie');
    expect(await store.recordFor('julie', 'accreditation:42:accepted', payload, T0)).toBe(julie);
    expect(await store.recordFor('julie', 'accreditation:42:accepted', payload, T0 + 1000)).toBeNull();
    expect(await store.recordFor('nobody', 'accreditation:43:accepted', payload, T0)).toBeNull();
  });
});
