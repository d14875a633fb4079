import type { Config } from '../config/env.server';
import { createStaticListsClient } from '../upstream/static-lists.server';
import { UpstreamError } from '../upstream/http.server';
import { checkMailEvent } from '../upstream/mailgun.server';
import { type OutgoingMail, sendOverSmtp } from '../upstream/smtp.server';
import { createWordPressClient } from '../upstream/wordpress.server';
import { perConfig } from './per-config';
import { alertStore } from './alerts-store.server';

// The press alerts' door: their D1 tables and Queue (the bindings, given by the wiring), what they
// read of WordPress outside any request (the Queue consumer and the hourly run: straight from the
// upstreams, never from a reader's cache, so that an alert describes the post as WordPress has it
// now), and where they hand mail over.

const wordPressClient = perConfig(createWordPressClient);
const staticListsClient = perConfig(createStaticListsClient);

export type { Handover, OutgoingMail } from '../upstream/smtp.server';

export type AlertBindings = { ALERTS_DB: D1Database; ALERTS_QUEUE: Queue };

export function alertsDoor(config: Config, bindings: AlertBindings) {
  const wp = wordPressClient(config);
  const lists = staticListsClient(config);
  return {
    store: alertStore(bindings.ALERTS_DB),
    queue: bindings.ALERTS_QUEUE,
    /** The post as the public sees it, or null while it is not public (a draft, or scheduled: WordPress's public query lists only `publish`). */
    publicPost: (slug: string) =>
      wp.article(slug).catch((error: unknown) => {
        if (error instanceof UpstreamError && error.kind === 'not-found') return null;
        throw error;
      }),
    /** Whether the public can still read a post (by id): checked before its mails go. */
    isPublic: (id: number) => wp.isPublic(id),
    categories: () => lists.categories().catch(() => wp.categories()),
    /** The national teams' pages: the children of the teams' parent page. */
    teamPages: async () => (await wp.page('equipes-de-france')).liste_enfants,
    /** Events still to end after a Paris day (YYYY-MM-DD), soonest first. */
    upcomingEvents: (day: string) => wp.futureEvents(`${day}T00:00:00`),
    send: (mails: OutgoingMail[], accepted: (index: number) => Promise<void>) => sendOverSmtp(config, mails, accepted),
    /** The provider's event, checked against its signing key (null: no key configured). */
    mailEvent: (body: unknown, nowMs: number) => (config.MAIL_WEBHOOK_KEY ? checkMailEvent(config.MAIL_WEBHOOK_KEY, body, nowMs) : null),
  };
}
export type AlertsDoor = ReturnType<typeof alertsDoor>;
export type { Claim, ItemPayload, Subscriber } from './alerts-store.server';
