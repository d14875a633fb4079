import { Hono } from 'hono';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import * as z from 'zod';
import { BOUNCING_DOMAIN, MailEventInputSchema, postMailEvent, signedMailEvent } from './events';

// A real SMTP server (nodemailer's smtp-server) where the worker hands its press alerts over in
// development and in the tests, as it does to Mailgun's SMTP in production
// (docs/decisions/023). What it accepts is kept, raw, and shown parsed under /__control/mail.
//
// Two test domains answer as receiving servers do (RFC 5321 §4.2.2, reply codes): a 5xx refusal is
// permanent (the worker suspends the address), a 4xx one temporary (the Queue tries again later).
//
// And the relay's own refusals, at each step, set by the tests (POST /__control/mail/faults), as
// a relay answers them (RFC 5321 §4.2, RFC 3463; relays refuse at every step, not only at RCPT TO): a greeting that never comes or refuses, MAIL FROM refused
// (`550 5.7.1`, a sender not allowed), RCPT TO refused or deferred, the message refused after
// its data (`552 5.3.4` too big, `554` content), `421` then the connection closed, and a
// connection reset in the middle of the data.

export const REFUSING_DOMAIN = 'refuse.example';
export const DEFERRING_DOMAIN = 'plus-tard.example';

/** Enough for any test run; the oldest go first beyond it. */
const KEPT = 500;
/** A press alert is a few tens of KiB: anything near this is not one. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export type ReceivedMail = { envelope: { from: string; to: string[] }; raw: string; receivedAt: string };

export const RelayFaultSchema = z.object({
  /** The step that answers: the greeting, MAIL FROM, RCPT TO, the end of the data, or a reset during it. */
  at: z.enum(['greeting', 'sender', 'recipient', 'message', 'reset-in-data']),
  /** « 550 5.7.1 Sender denied »; none at the greeting: it never comes. A 421 closes the connection. */
  reply: z
    .string()
    .regex(/^[45]\d\d [ -~]{1,200}$/)
    .optional(),
  /** How many times it answers so; then the relay is itself again. */
  times: z.number().int().positive().max(1000).default(1),
});
export type RelayFault = z.infer<typeof RelayFaultSchema>;

export type MailBox = {
  port: number;
  mails: ReceivedMail[];
  /** The provider's signed events, as sent to the site (newest last). */
  events: string[];
  faults: RelayFault[];
  /** Commands and sessions the relay saw, by step: what a test counts. */
  seen: Record<'sessions' | 'sender' | 'recipient' | 'message', number>;
  clearFaults: () => void;
  close: () => Promise<void>;
};

export type MailEvents = { signingKey: string; workerUrl: string };

export async function startSmtp(port: number, host: string, quiet = true, provider?: MailEvents): Promise<MailBox> {
  const mails: ReceivedMail[] = [];
  const events: string[] = [];
  const faults: RelayFault[] = [];
  const seen = { sessions: 0, sender: 0, recipient: 0, message: 0 };
  const silent = new Set<() => void>();
  const address = (a: SMTPServerAddress | false) => (a ? a.address : '');
  /** The first fault set for this step, used up once. */
  const fault = (at: RelayFault['at']): RelayFault | undefined => {
    const i = faults.findIndex((f) => f.at === at);
    if (i < 0) return undefined;
    const found = faults[i]!;
    if (--found.times === 0) faults.splice(i, 1);
    return found;
  };
  const refusal = (reply: string) => Object.assign(new Error(reply.slice(4)), { responseCode: Number(reply.slice(0, 3)) });
  const server: SMTPServer = new SMTPServer({
    // The worker speaks plain SMTP to it on the loopback; TLS and AUTH are the production relay's.
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    // Each refusal carries its own RFC 3463 code in its text, as set: none added by the server.
    hideENHANCEDSTATUSCODES: true,
    logger: false,
    banner: 'FFR Presse — serveur SMTP local',
    onConnect(_session, done) {
      seen.sessions++;
      const f = fault('greeting');
      if (!f) return done();
      if (f.reply) return done(refusal(f.reply));
      // Silence: no greeting until the client gives up (or the faults are cleared).
      silent.add(() => done(new Error('fin du silence')));
    },
    onMailFrom(_address, _session, done) {
      seen.sender++;
      const f = fault('sender');
      done(f?.reply ? refusal(f.reply) : undefined);
    },
    onRcptTo(rcpt, _session, done) {
      seen.recipient++;
      const f = fault('recipient');
      if (f?.reply) return done(refusal(f.reply));
      const domain = rcpt.address.split('@').pop()?.toLowerCase();
      if (domain === REFUSING_DOMAIN) return done(refusal('550 5.1.1 Mailbox does not exist'));
      if (domain === DEFERRING_DOMAIN) return done(refusal('451 4.2.1 Try again later'));
      done();
    },
    onData(stream, session, done) {
      seen.message++;
      const reset = fault('reset-in-data');
      const after = fault('message');
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (reset) return connectionOf(server, session)?.destroy();
        chunks.push(chunk);
      });
      stream.on('end', () => {
        if (reset) return;
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) return done(refusal('552 5.3.4 Message too big'));
        if (after?.reply) return done(refusal(after.reply));
        mails.push({
          envelope: { from: address(session.envelope.mailFrom), to: session.envelope.rcptTo.map((r) => r.address) },
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        if (mails.length > KEPT) mails.splice(0, mails.length - KEPT);
        if (!quiet) console.log(`[smtp] ${session.envelope.rcptTo.map((r) => r.address).join(', ')}`);
        // Taken, then refused by the receiving server: the provider's signed « failed » event.
        // (Read before done(): the server empties the envelope when it answers.)
        for (const rcpt of session.envelope.rcptTo)
          if (provider && rcpt.address.split('@').pop()?.toLowerCase() === BOUNCING_DOMAIN) {
            const body = signedMailEvent(provider.signingKey, {
              event: 'failed',
              severity: 'permanent',
              reason: 'bounce',
              recipient: rcpt.address,
            });
            events.push(body);
            setTimeout(() => void postMailEvent(provider.workerUrl, body), 200);
          }
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const clearFaults = () => {
    faults.length = 0;
    for (const end of silent) end();
    silent.clear();
  };
  return {
    port,
    mails,
    events,
    faults,
    seen,
    clearFaults,
    close: () =>
      new Promise<void>((resolve) => {
        clearFaults();
        server.close(() => resolve());
      }),
  };
}

/** The socket of the session that is sending its data: a reset is the connection cut under it. */
function connectionOf(server: SMTPServer, session: SMTPServerSession): { destroy: () => void } | undefined {
  const connections = (server as unknown as { connections: Set<{ session: SMTPServerSession; _socket: { destroy: () => void } }> })
    .connections;
  for (const connection of connections) if (connection.session === session) return connection._socket;
  return undefined;
}

/** /__control/mail: what the server accepted, newest last, each parsed by a real MIME parser (postal-mime). */
export function createMailControl(box: MailBox, provider?: MailEvents) {
  const app = new Hono();
  app.get('/', async (c) => {
    const to = c.req.query('to')?.toLowerCase();
    const kept = box.mails.filter((m) => !to || m.envelope.to.some((r) => r.toLowerCase() === to));
    return c.json(
      await Promise.all(
        kept.map(async (m) => {
          const parsed = await PostalMime.parse(m.raw);
          return {
            envelope: m.envelope,
            receivedAt: m.receivedAt,
            subject: parsed.subject ?? '',
            from: parsed.from,
            to: parsed.to,
            headers: parsed.headers,
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            raw: m.raw,
          };
        }),
      ),
    );
  });
  app.delete('/', (c) => {
    box.mails.length = 0;
    box.events.length = 0;
    return c.body(null, 204);
  });
  // The provider's signed events (events.ts): those sent so far, and one made on demand (a bounce,
  // a complaint, a replayed token, an old timestamp), given back and, with notify, sent to the site.
  app.get('/events', (c) => c.json(box.events.map((body) => JSON.parse(body) as unknown)));
  app.post('/events', async (c) => {
    const parsed = MailEventInputSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_event', issues: parsed.error.issues }, 400);
    if (!provider) return c.json({ error: 'no_signing_key' }, 503);
    const { notify, ...input } = parsed.data;
    const body = signedMailEvent(provider.signingKey, input);
    box.events.push(body);
    return c.json({ body, delivered: notify ? await postMailEvent(provider.workerUrl, body) : null });
  });
  // The relay's refusals, one step at a time (RelayFaultSchema); GET says what it saw since.
  app.post('/faults', async (c) => {
    const parsed = RelayFaultSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_fault', issues: parsed.error.issues }, 400);
    box.faults.push(parsed.data);
    return c.json({ faults: box.faults });
  });
  app.get('/faults', (c) => c.json({ faults: box.faults, seen: box.seen }));
  app.delete('/faults', (c) => {
    box.clearFaults();
    for (const key of Object.keys(box.seen) as (keyof MailBox['seen'])[]) box.seen[key] = 0;
    return c.body(null, 204);
  });
  return app;
}
