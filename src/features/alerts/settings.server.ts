import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Prefs } from '../../schemas/prefs';
import { deadline } from '../../lib/deadline';
import { log } from '../../observability/log.server';
import type { Subscriber } from '../../data/alerts.server';
import { FrequencySchema, isPlainMailbox, MAX_TOPICS, type Topic, TopicSchema } from '../../schemas/alerts';
import { type Catalogue, catalogue } from './topics';

// The press space's « Mes alertes » (features/accounts/press-space.page.tsx): what the journalist
// follows, read for the page and saved by its form (POST /espace-presse, action=alertes), with or
// without JavaScript. Only a journalist (journaliste: oui) who accepted the press office's e-mails
// may follow anything; without both, their rows are deleted on sight.

export type AlertsSection =
  | { state: 'unavailable' }
  | { state: 'needs-consent' }
  | { state: 'ready'; catalogue: Catalogue; subscriber: Subscriber | null };

const eligible = (prefs: Prefs) => prefs.journaliste === 'oui' && prefs.journaliste_optin_mail;

/** For the page. `account` is the session's subject (the identity provider's id, WordPress's id_sso). */
export async function alertsSection(c: Context<AppEnv>, account: string, prefs: Prefs): Promise<AlertsSection> {
  const store = c.get('alerts').store;
  if (!eligible(prefs)) {
    // Behind the answer: the page does not wait for a deletion it does not show.
    c.executionCtx.waitUntil(
      store.forgetAccount(account).catch((error: unknown) => log.warn('alerts.settings_unavailable', { error: log.describe(error) })),
    );
    return { state: 'needs-consent' };
  }
  try {
    const content = c.get('content');
    const [categories, teams, subscriber] = await Promise.all([
      content.categories(),
      content.page('equipes-de-france').then((p) => p.liste_enfants),
      // D1 answers from its primary, maybe far away: no longer than any upstream call.
      deadline(store.byAccount(account), c.get('config').UPSTREAM_TIMEOUT_MS),
    ]);
    return { state: 'ready', catalogue: catalogue(categories, teams), subscriber };
  } catch (error) {
    log.warn('alerts.settings_unavailable', { error: log.describe(error) });
    return { state: 'unavailable' };
  }
}

export type AlertsSaved = 'alertes' | 'alertes-consentement' | 'alertes-adresse' | 'echec';

/** The form's fields, bounded before anything is read: at most MAX_TOPICS choices, each a known shape. */
export async function saveAlerts(c: Context<AppEnv>, account: string, prefs: Prefs, form: FormData): Promise<AlertsSaved> {
  const chosen = form.getAll('suivi');
  if (chosen.length > MAX_TOPICS) return 'echec';
  const topics = TopicSchema.array().safeParse(chosen);
  const frequency = FrequencySchema.safeParse(form.get('frequence'));
  if (!topics.success || !frequency.success) return 'echec';
  const store = c.get('alerts').store;
  if (!eligible(prefs) || !prefs.email) {
    await store.forgetAccount(account);
    return 'alertes-consentement';
  }
  // It goes into RCPT TO and To: as it is (deliveries.server.ts checks it again before each send).
  if (!isPlainMailbox(prefs.email)) return 'alertes-adresse';
  // « Toute l’actualité » covers every category: the others would only repeat it.
  const unique = [...new Set<Topic>(topics.data)];
  const followed = unique.includes('all') ? unique.filter((t) => !t.startsWith('category:')) : unique;
  await store.save({ account, email: prefs.email, firstName: prefs.first_name, frequency: frequency.data, topics: followed }, Date.now());
  return 'alertes';
}

/** The mail consent withdrawn from the press space: the alerts go with it. */
export const forgetAlerts = (c: Context<AppEnv>, account: string) => c.get('alerts').store.forgetAccount(account);
