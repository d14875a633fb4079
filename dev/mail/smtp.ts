import { Hono } from 'hono';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

// A real SMTP server (nodemailer's smtp-server) where the worker hands its press alerts over in
// development and in the tests, as it does to Cloudflare Email Service's SMTP in production
// (docs/decisions/023). What it accepts is kept, raw, and shown parsed under /__control/mail.
//
// Two test domains answer as receiving servers do (RFC 5321 §4.2.2, reply codes): a 5xx refusal is
// permanent (the worker suspends the address), a 4xx one temporary (the Queue tries again later).

export const REFUSING_DOMAIN = 'refuse.example';
export const DEFERRING_DOMAIN = 'plus-tard.example';

/** Enough for any test run; the oldest go first beyond it. */
const KEPT = 500;
/** A press alert is a few tens of KiB: anything near this is not one. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export type ReceivedMail = { envelope: { from: string; to: string[] }; raw: string; receivedAt: string };

export type MailBox = { port: number; mails: ReceivedMail[]; close: () => Promise<void> };

export async function startSmtp(port: number, host: string, quiet = true): Promise<MailBox> {
  const mails: ReceivedMail[] = [];
  const address = (a: SMTPServerAddress | false) => (a ? a.address : '');
  const server = new SMTPServer({
    // The worker speaks plain SMTP to it on the loopback; TLS and AUTH are the production relay's.
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'FFR Presse — serveur SMTP local',
    onRcptTo(rcpt, _session, done) {
      const domain = rcpt.address.split('@').pop()?.toLowerCase();
      if (domain === REFUSING_DOMAIN) return done(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
      if (domain === DEFERRING_DOMAIN) return done(Object.assign(new Error('4.2.1 Try again later'), { responseCode: 451 }));
      done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded)
          return done(Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 }));
        mails.push({
          envelope: { from: address(session.envelope.mailFrom), to: session.envelope.rcptTo.map((r) => r.address) },
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        if (mails.length > KEPT) mails.splice(0, mails.length - KEPT);
        if (!quiet) console.log(`[smtp] ${session.envelope.rcptTo.map((r) => r.address).join(', ')}`);
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** /__control/mail: what the server accepted, newest last, each parsed by a real MIME parser (postal-mime). */
export function createMailControl(box: MailBox) {
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
    return c.body(null, 204);
  });
  return app;
}
