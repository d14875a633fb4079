import * as z from 'zod';

// What a journalist can follow and how often (features/alerts, docs/alerts.md). A national team is
// followed through its category: a post about the XV de France is filed under « XV de France » or
// one of its sub-categories, and WordPress lists every ancestor in the post's `categories`.

export type Topic = `category:${number}` | 'accreditations' | 'all';

export const TopicSchema = z.union([
  z.string().regex(/^category:[1-9]\d{0,9}$/) as z.ZodType<`category:${number}`>,
  z.literal('accreditations'),
  z.literal('all'),
]);

export const FrequencySchema = z.enum(['immediate', 'digest']);
export type Frequency = z.infer<typeof FrequencySchema>;

/** A journalist follows at most this many topics: more than the site has categories. */
export const MAX_TOPICS = 64;

/** What an alert shows of a post or an event (data/alerts-store.server.ts keeps it, the e-mail shows it). */
export type AlertItem = {
  /** Already plain text. */
  title: string;
  /** Plain text, may be ''. */
  standfirst: string;
  /** Absolute https URL of the article or event. */
  url: string;
  imageUrl: string | null;
  imageAlt: string;
  /** ISO 8601 instant of publication (or of the event). */
  date: string;
  /** Category or kind shown above the title: « XV de France ». */
  label: string;
};

/**
 * An address mail can go to as it is: one plain mailbox (zod's e-mail rule: no display name, no
 * spaces, no control characters, no « < > »), at most 254 characters (RFC 5321 §4.5.3.1). Checked
 * when a journalist's choices are saved and again before each send, since it goes into `RCPT TO`
 * and `To:` as it is.
 */
export const MailboxSchema = z.email().max(254);
export const isPlainMailbox = (address: string) => MailboxSchema.safeParse(address).success;
