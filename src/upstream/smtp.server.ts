import { connect } from 'cloudflare:sockets';
import { Email } from 'worker-mailer';
import type { Config } from '../config/env.server';

// The one door to the mail provider (docs/decisions/023): SMTP over a Workers TCP socket
// (cloudflare:sockets). In production, Mailgun's EU relay (smtp.eu.mailgun.org:465, TLS from the
// first byte, the domain's SMTP login and password); locally, the upstream's real SMTP server
// (dev/mail/smtp.ts). One connection carries a whole batch.
//
// The session is ours; worker-mailer only writes the MIME message (its `Email`). Its own session
// (1.2.1) ignores a closed connection (`read()` loops on `done` at full CPU, its timeout never
// fires), runs its read timeout off the socket's, and says where a refusal happened only in
// its error text, with the address in it. Here every reply is read against a deadline, a closed
// connection is a fault, and each refusal carries the step it answered (RFC 5321 §4.2, §3.3).

export type OutgoingMail = {
  to: string;
  from: { email: string; name: string };
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

/** Where in the conversation an answer came (or did not). */
export type SmtpStep = 'connect' | 'greeting' | 'hello' | 'login' | 'sender' | 'recipient' | 'data' | 'message';

/** A refusal, a silence or a closed connection, at one step. `code` is null when no reply came. */
export type SmtpFault = {
  step: SmtpStep;
  code: number | null;
  /** RFC 3463's class.subject.detail, when the relay gave one. */
  enhanced: string | null;
  /** The relay's words, cut short; may name the address: for the journalist's own notice, never for logs. */
  reply: string;
};

/**
 * What became of one mail. `recipient: true` only when the relay refused this address for good
 * (suspend it); any other fault is the relay's, the sender's or the message's, and the mail is
 * tried again later with the rest of its batch (`untried` when the batch stopped before it).
 */
export type Handover = { ok: true } | ({ ok: false; recipient: boolean; untried: boolean } & SmtpFault);

/** One reply at most this long (the greeting, a login, a refusal). */
const REPLY_MS = 10_000;
/** The whole batch: past it, what is left is given back for a later try. Well inside a consumer's 15 minutes. */
export const BATCH_BUDGET_MS = 60_000;
/** A reply is a few lines (RFC 5321 §4.5.3.1.5: 512 octets a line); anything longer is not SMTP. */
const MAX_REPLY_BYTES = 16 * 1024;

/**
 * True when a refusal is about the recipient's address (RFC 3463): a 5yz reply to RCPT TO whose
 * enhanced status is X.1.x (addressing) or X.2.x (mailbox), or, without one, 550/551/553. A policy
 * refusal (X.7.x: relaying denied, sender not allowed) or a 4yz is the relay's: never the address's.
 */
export function blamesRecipient(fault: Pick<SmtpFault, 'step' | 'code' | 'enhanced'>): boolean {
  if (fault.step !== 'recipient' || fault.code === null || fault.code < 500 || fault.code > 599) return false;
  if (fault.enhanced) return /^5\.[12]\./.test(fault.enhanced);
  return fault.code === 550 || fault.code === 551 || fault.code === 553;
}

class Fault extends Error {
  constructor(readonly fault: SmtpFault) {
    super(`${fault.step}: ${fault.code ?? 'no reply'}`);
  }
}

type Reply = { code: number; enhanced: string | null; text: string };

/** One SMTP conversation: a reply read against a deadline, a closed connection a fault of the step. */
class Conversation {
  private buffered = '';
  private readonly decoder = new TextDecoder();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;

  constructor(
    private readonly socket: Socket,
    private readonly until: number,
  ) {
    this.reader = socket.readable.getReader();
    this.writer = socket.writable.getWriter();
    // A connection the relay cuts rejects these even when no one waits on them any more: observed
    // here, so that they never surface as unhandled rejections.
    socket.closed.catch(() => undefined);
    socket.opened.catch(() => undefined);
  }

  /** Waits for `promise` no later than REPLY_MS from now and the batch's deadline. */
  private async within<T>(promise: Promise<T>, step: SmtpStep): Promise<T> {
    const ms = Math.max(0, Math.min(REPLY_MS, this.until - Date.now()));
    // A read or write left behind by a timeout may still fail once the socket is closed.
    promise.catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Fault({ step, code: null, enhanced: null, reply: 'timeout' })), ms);
    });
    try {
      return await Promise.race([promise, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async opened(): Promise<void> {
    await this.within(this.socket.opened, 'connect').catch((error: unknown) => {
      throw error instanceof Fault ? error : new Fault({ step: 'connect', code: null, enhanced: null, reply: String(error).slice(0, 200) });
    });
  }

  /** The next complete reply (its last line « ddd text »), or a fault of `step`. */
  async reply(step: SmtpStep): Promise<Reply> {
    for (;;) {
      if (/^\d{3}(?: [^\r\n]*)?\r?\n/.test(this.finalLine())) return this.take(step);
      if (this.buffered.length > MAX_REPLY_BYTES) throw new Fault({ step, code: null, enhanced: null, reply: 'reply too long' });
      const { value, done } = await this.within(this.reader.read(), step).catch((error: unknown) => {
        throw error instanceof Fault ? error : new Fault({ step, code: null, enhanced: null, reply: 'connection reset' });
      });
      if (done) throw new Fault({ step, code: null, enhanced: null, reply: 'connection closed' });
      this.buffered += this.decoder.decode(value, { stream: true });
    }
  }

  /** The buffered text from the first line that is not a continuation (« ddd-… »). */
  private finalLine(): string {
    return this.buffered.replace(/^(?:\d{3}-[^\r\n]*\r?\n)*/, '');
  }

  private take(step: SmtpStep): Reply {
    const lines: string[] = [];
    for (;;) {
      const end = this.buffered.indexOf('\n');
      const line = this.buffered.slice(0, end).replace(/\r$/, '');
      this.buffered = this.buffered.slice(end + 1);
      lines.push(line);
      if (!/^\d{3}-/.test(line)) break;
    }
    const last = lines[lines.length - 1]!;
    const code = Number(last.slice(0, 3));
    if (!Number.isInteger(code)) throw new Fault({ step, code: null, enhanced: null, reply: 'not an SMTP reply' });
    const text = lines.map((l) => l.slice(4)).join(' ');
    const enhanced = /^([245]\.\d{1,3}\.\d{1,3})\b/.exec(last.slice(4))?.[1] ?? null;
    return { code, enhanced, text };
  }

  async write(text: string, step: SmtpStep): Promise<void> {
    await this.within(this.writer.write(new TextEncoder().encode(text)), step).catch((error: unknown) => {
      throw error instanceof Fault ? error : new Fault({ step, code: null, enhanced: null, reply: 'connection reset' });
    });
  }

  /** Sends a command and expects a reply whose first digit is in `expected`; otherwise a fault of `step`. */
  async command(line: string, step: SmtpStep, expected: string): Promise<Reply> {
    await this.write(`${line}\r\n`, step);
    return this.expect(step, expected);
  }

  async expect(step: SmtpStep, expected: string): Promise<Reply> {
    const reply = await this.reply(step);
    if (!expected.includes(String(reply.code)[0]!))
      throw new Fault({ step, code: reply.code, enhanced: reply.enhanced, reply: `${reply.code} ${reply.text}`.slice(0, 300) });
    return reply;
  }

  close(): void {
    this.reader.cancel().catch(() => undefined);
    this.writer.abort().catch(() => undefined);
    this.socket.close().catch(() => undefined);
  }
}

/** The message as the relay receives it after DATA: headers and both parts, dot-stuffed, ending « CRLF.CRLF ». */
function messageOf(mail: OutgoingMail): string {
  return new Email({
    from: mail.from,
    to: mail.to,
    reply: mail.replyTo,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    // Already RFC 2047 words, folded (encodeSubject): the library would write one long line.
    headers: { ...mail.headers, Subject: encodeSubject(mail.subject) },
  }).getEmailData();
}

/**
 * A subject as RFC 2047 encoded words of at most 64 characters each (§2), one per folded line
 * (RFC 5322 §2.2.3), whole UTF-8 characters in each; plain ASCII with short words is left as it is.
 */
export function encodeSubject(subject: string): string {
  if (/^[\x20-\x7e]*$/.test(subject) && subject.split(' ').every((w) => w.length <= 66)) return subject;
  const prefix = '=?UTF-8?B?';
  const suffix = '?=';
  // RFC 2047 §2: a line holding encoded words stays within 76 characters. « Subject: » (9) and
  // the markup (12) leave 55 of base64: 39 bytes of text (a multiple of 3 → 52 characters).
  const MAX_BYTES = 39;
  const words: string[] = [];
  let chunk = '';
  const encoder = new TextEncoder();
  const flush = () => {
    if (!chunk) return;
    const bytes = encoder.encode(chunk);
    words.push(`${prefix}${btoa(String.fromCharCode(...bytes))}${suffix}`);
    chunk = '';
  };
  for (const ch of subject) {
    if (encoder.encode(chunk + ch).length > MAX_BYTES) flush();
    chunk += ch;
  }
  flush();
  return words.join('\r\n ');
}

const noFault = (step: SmtpStep, reply: string): SmtpFault => ({ step, code: null, enhanced: null, reply });

/**
 * Hands the mails over on one connection, in order. `accepted(i)` runs after the relay took mail i
 * and before the next is sent, so that what is recorded as sent is at most one mail behind the
 * relay. A recipient refused for good is skipped (RSET) and the batch goes on; any other fault
 * (the connection, the login, the sender, the data, the message, a silence, the budget) stops it:
 * that mail and the rest come back unsent, to be tried again later.
 */
export async function sendOverSmtp(
  config: Config,
  mails: OutgoingMail[],
  accepted: (index: number) => Promise<void> = async () => undefined,
  budgetMs = BATCH_BUDGET_MS,
): Promise<Handover[]> {
  if (mails.length === 0) return [];
  const until = Date.now() + budgetMs;
  const url = new URL(config.SMTP_URL.replace(/^smtp/, 'http'));
  const results: Handover[] = [];
  // The mail that met the fault was tried; the ones after it were not.
  const failRest = (fault: SmtpFault) => {
    const first = results.length;
    for (let i = first; i < mails.length; i++) results.push({ ok: false, recipient: false, untried: i > first, ...fault });
  };
  let conversation: Conversation;
  try {
    const socket = connect(
      { hostname: url.hostname, port: Number(url.port) },
      { secureTransport: config.SMTP_URL.startsWith('smtps://') ? 'on' : 'off', allowHalfOpen: false },
    );
    conversation = new Conversation(socket, until);
  } catch (error) {
    failRest(noFault('connect', String(error).slice(0, 200)));
    return results;
  }
  try {
    await conversation.opened();
    await conversation.expect('greeting', '2');
    const hello = await conversation.command(`EHLO ${new URL(config.PUBLIC_ORIGIN).hostname}`, 'hello', '2');
    if (config.SMTP_PASSWORD) await login(conversation, hello.text, config.SMTP_USERNAME ?? '', config.SMTP_PASSWORD);
    for (const [i, mail] of mails.entries()) {
      if (Date.now() >= until) throw new Fault(noFault('message', 'batch budget spent'));
      await conversation.command(`MAIL FROM:<${mail.from.email}>`, 'sender', '2');
      try {
        await conversation.command(`RCPT TO:<${mail.to}>`, 'recipient', '2');
      } catch (error) {
        if (!(error instanceof Fault) || !blamesRecipient(error.fault)) throw error;
        results.push({ ok: false, recipient: true, untried: false, ...error.fault });
        await conversation.command('RSET', 'sender', '2');
        continue;
      }
      await conversation.command('DATA', 'data', '3');
      await conversation.write(messageOf(mail), 'message');
      await conversation.expect('message', '2');
      results.push({ ok: true });
      try {
        await accepted(i);
      } catch {
        // Not the relay's doing (the record failed): the rest waits for a later try, untried, and
        // the caller records this one again.
        for (let k = i + 1; k < mails.length; k++)
          results.push({ ok: false, recipient: false, untried: true, ...noFault('message', 'not recorded') });
        break;
      }
    }
    await conversation.write('QUIT\r\n', 'hello').catch(() => undefined);
  } catch (error) {
    failRest(error instanceof Fault ? error.fault : noFault('message', String(error).slice(0, 200)));
  } finally {
    conversation.close();
  }
  return results;
}

/** AUTH PLAIN, or LOGIN when that is all the relay offers (RFC 4954); a refusal is the relay's, never a recipient's. */
async function login(conversation: Conversation, capabilities: string, username: string, password: string): Promise<void> {
  const offered = /\bAUTH\b[ =]([^\r\n]*)/i.exec(capabilities)?.[1]?.toUpperCase() ?? 'PLAIN';
  if (/\bPLAIN\b/.test(offered) || !/\bLOGIN\b/.test(offered)) {
    await conversation.command(`AUTH PLAIN ${btoa(`\0${username}\0${password}`)}`, 'login', '2');
    return;
  }
  await conversation.command('AUTH LOGIN', 'login', '3');
  await conversation.command(btoa(username), 'login', '3');
  await conversation.command(btoa(password), 'login', '2');
}
