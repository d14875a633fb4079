// bench:alerts' relay-fault table (issue 49): the production bundle's Queue consumer, in workerd
// (Miniflare), hands two journalists' mails to the local upstream's real SMTP relay while it
// answers one documented refusal (dev/mail/smtp.ts, POST /__control/mail/faults); then the relay is
// itself again and the Queue redelivers what the consumer asked to retry, as it would. Counted in
// the mailbox: who was suspended, which messages were retried, which address got a mail twice, and
// the longest consumer invocation.
import { readdir } from 'node:fs/promises';
import { applyMigration } from './d1-sqlite.mjs';
import { performance } from 'node:perf_hooks';
import { ensureDevVars, root, siteUrl, startUpstreamProcess, stopAll, upstreamUrl, waitFor, withUpstreamPort, sitePort } from './stack.mjs';
import { startProductionWorker } from './worker-build.mjs';

/** Each answer the issue names, as a relay gives it. */
export const RELAY_FAULTS = [
  { name: 'MAIL FROM 550 5.7.1', fault: { at: 'sender', reply: '550 5.7.1 Sender denied' } },
  { name: 'RCPT TO 550 5.1.1', fault: { at: 'recipient', reply: '550 5.1.1 Mailbox does not exist' } },
  { name: 'DATA 552 5.3.4', fault: { at: 'message', reply: '552 5.3.4 Message too big' } },
  { name: '554 après les données', fault: { at: 'message', reply: '554 5.6.0 Message content rejected' } },
  { name: '421 puis fermeture', fault: { at: 'sender', reply: '421 4.3.2 Service temporarily unavailable' } },
  { name: 'RCPT TO 452', fault: { at: 'recipient', reply: '452 4.5.3 Too many recipients' } },
  { name: 'accueil qui ne vient jamais', fault: { at: 'greeting' } },
  { name: 'coupure au milieu des données', fault: { at: 'reset-in-data' } },
];

const QUEUE = 'ffr-presse-alerts-local';

const control = async (path, init) => {
  const res = await fetch(`${upstreamUrl}/__control${path}`, init);
  if (!res.ok) throw new Error(`${path} → ${res.status}`);
  return res.status === 204 ? null : res.json();
};
const post = (path, body) => control(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export async function measureRelayFaults() {
  const vars = await ensureDevVars();
  startUpstreamProcess(vars, { quiet: true, env: { UPSTREAM_QUIET: '1' } });
  const rows = [];
  try {
    await waitFor(`${upstreamUrl}/`, { timeoutMs: 120_000 });
    const served = await startProductionWorker({ port: sitePort, bindings: { ...withUpstreamPort(vars), PUBLIC_ORIGIN: siteUrl } });
    try {
      const db = await served.mf.getD1Database('ALERTS_DB');
      for (const file of (await readdir(`${root}migrations`)).filter((f) => f.endsWith('.sql')).sort())
        await applyMigration(db, `${root}migrations/${file}`);
      const worker = await served.mf.getWorker();
      for (const [i, { name, fault }] of RELAY_FAULTS.entries()) {
        await post('/reset', {});
        await control('/mail/faults', { method: 'DELETE' });
        const { post: published } = await post('/publish', {
          notify: false,
          create: { title: `Relais ${i}`, categorySlug: 'xv-de-france' },
        });
        const item = `post:${published.id}`;
        const subscribers = [0, 1].map((k) => ({ id: `relais${i}${k}`.padEnd(22, 'x'), email: `relais-${i}-${k}@redaction.example` }));
        await db.batch([
          db.prepare('DELETE FROM deliveries'),
          db.prepare('DELETE FROM subscribers'),
          db.prepare('DELETE FROM items'),
          db.prepare('INSERT INTO items (item, payload, created_at) VALUES (?1, ?2, ?3)').bind(
            item,
            JSON.stringify({
              title: `Relais ${i}`,
              standfirst: '',
              url: `${siteUrl}/a`,
              imageUrl: null,
              imageAlt: '',
              date: new Date().toISOString(),
              label: '',
            }),
            Date.now(),
          ),
          ...subscribers.flatMap((s) => [
            db
              .prepare(
                `INSERT INTO subscribers (id, account, email, first_name, frequency, created_at, updated_at) VALUES (?1, ?1, ?2, 'Claire', 'immediate', 0, 0)`,
              )
              .bind(s.id, s.email),
            db
              .prepare(
                `INSERT INTO deliveries (item, subscriber_id, state, via_digest, reason, created_at) VALUES (?1, ?2, 'queued', 0, 'all', ?3)`,
              )
              .bind(item, s.id, Date.now()),
          ]),
        ]);
        const messages = subscribers.map((s) => ({
          id: crypto.randomUUID(),
          timestamp: new Date(),
          attempts: 1,
          body: { kind: 'send', item, subscriber: s.id },
        }));
        await post('/mail/faults', fault);
        const t0 = performance.now();
        const faulted = await worker.queue(QUEUE, messages);
        const faultedMs = Math.round(performance.now() - t0);
        const suspended = (await db.prepare('SELECT count(*) AS n FROM subscribers WHERE suspended_at IS NOT NULL').first()).n;
        await control('/mail/faults', { method: 'DELETE' });
        const retriedIds = new Set((faulted.retryMessages ?? []).map((m) => m.msgId));
        const t1 = performance.now();
        // The Queue's redelivery: only the messages the consumer asked to retry come back.
        const again = messages.filter((m) => retriedIds.has(m.id)).map((m) => ({ ...m, attempts: 2 }));
        if (again.length > 0) await worker.queue(QUEUE, again);
        const retryMs = Math.round(performance.now() - t1);
        const received = await Promise.all(subscribers.map((s) => control(`/mail?to=${encodeURIComponent(s.email)}`)));
        const row = {
          name,
          fault,
          suspended,
          retried: retriedIds.size,
          sentTwice: received.filter((m) => m.length > 1).length,
          delivered: received.filter((m) => m.length === 1).length,
          longestInvocationMs: Math.max(faultedMs, retryMs),
          // BATCH_BUDGET_MS in src/upstream/smtp.server.ts: a batch's sending never runs past it.
          budgetMs: 60_000,
        };
        rows.push(row);
        console.log(
          `${name.padEnd(32)} suspendus ${row.suspended} · réessayés ${row.retried} · envoyés deux fois ${row.sentTwice} · remis ${row.delivered}/2 · invocation la plus longue ${row.longestInvocationMs} ms`,
        );
      }
    } finally {
      await served.dispose();
    }
  } finally {
    stopAll();
  }
  return rows;
}
