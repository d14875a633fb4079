import { WorkerMailer } from 'worker-mailer';
import type { Config } from '../config/env.server';

// The one door to the mail provider (docs/decisions/023): SMTP over a Workers TCP socket
// (cloudflare:sockets, through worker-mailer). In production, Cloudflare Email Service's relay
// (smtp.mx.cloudflare.net:465, TLS from the first byte, the sending token as password); locally,
// the upstream's real SMTP server (dev/mail/smtp.ts). One connection carries a whole batch.

export type OutgoingMail = {
  to: string;
  from: { email: string; name: string };
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

/**
 * What became of one mail. SMTP says it in its reply code (RFC 5321 §4.2.1): 2yz accepted, 4yz
 * « transient negative » (try again later), 5yz « permanent negative » (do not repeat as is).
 */
export type Handover = { ok: true } | { ok: false; permanent: boolean; reply: string };

const CONNECT_MS = 10_000;

export function classify(error: unknown): Handover {
  const reply = error instanceof Error ? error.message : String(error);
  // worker-mailer puts the server's reply in its message (« Invalid RCPT TO: <…> 550 5.1.1 … »).
  const code = /\b([245])\d\d(?:[ -]|$)/.exec(reply.replace(/^.*?>\s*/, ''))?.[1];
  return { ok: false, permanent: code === '5', reply: reply.slice(0, 300) };
}

/** Hands the mails over on one connection, in order; a failed connection fails them all as temporary. */
export async function sendOverSmtp(config: Config, mails: OutgoingMail[]): Promise<Handover[]> {
  if (mails.length === 0) return [];
  const url = new URL(config.SMTP_URL.replace(/^smtp/, 'http'));
  let mailer: WorkerMailer;
  try {
    mailer = await WorkerMailer.connect({
      host: url.hostname,
      port: Number(url.port),
      secure: config.SMTP_URL.startsWith('smtps://'),
      startTls: false,
      ...(config.SMTP_PASSWORD
        ? { credentials: { username: config.SMTP_USERNAME ?? '', password: config.SMTP_PASSWORD }, authType: ['plain', 'login'] as const }
        : {}),
      socketTimeoutMs: CONNECT_MS,
      responseTimeoutMs: CONNECT_MS,
      logLevel: 4,
    });
  } catch (error) {
    const failed = classify(error);
    // A refused login or greeting is the relay's problem, not the recipients': never permanent for them.
    return mails.map(() => ({ ...failed, permanent: false }) as Handover);
  }
  const results: Handover[] = [];
  try {
    for (const mail of mails) {
      try {
        await mailer.send({ from: mail.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers });
        results.push({ ok: true });
      } catch (error) {
        results.push(classify(error));
      }
    }
  } finally {
    await mailer.close().catch(() => undefined);
  }
  return results;
}
