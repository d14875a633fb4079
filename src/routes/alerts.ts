import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { mailEventRoute } from '../features/alerts/mail-events.server';
import { unsubscribeAction, unsubscribePage } from '../features/alerts/unsubscribe.page';

// The press alerts' own address: the unsubscribe link every alert carries (RFC 8058).

/** GET /alertes/desabonnement?jeton=…: asks, never unsubscribes. */
export const unsubscribeRoute = (c: Context<AppEnv>) => unsubscribePage(c);
/** POST /alertes/desabonnement?jeton=… with List-Unsubscribe=One-Click. */
export const unsubscribePostRoute = (c: Context<AppEnv>) => unsubscribeAction(c);
/** POST /api/mail/events: the mail provider's signed bounce, complaint and unsubscribe events. */
export const mailEventsRoute = (c: Context<AppEnv>) => mailEventRoute(c);
