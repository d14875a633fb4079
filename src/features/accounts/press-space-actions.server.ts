import type { Context } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../../app-env';
import { verifyCsrf } from '../../auth/csrf.server';
import { endSession, readSession } from '../../auth/session.server';
import { tokenRefused } from '../../data/user.server';
import { favoriteIds, withFavorite } from './reading-list';
import { log } from '../../observability/log.server';
import { forgetAlerts, saveAlerts } from '../alerts/settings.server';

// POST /espace-presse: what the press space's buttons do where their islands are not live (no
// JavaScript, or before the script): a favourite removed, the subscriptions saved. The same
// profile updates as the islands' (SPEC §4, §7 user_prefs), then back to the press space with the
// outcome in its address (POST, redirect, GET: a reload sends nothing twice).

const csrfToken = z.string().min(1).max(200);
const ActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('retirer-favori'), id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), csrfToken }),
  z.object({
    action: z.literal('abonnements'),
    optin_mail: z.literal('on').optional(),
    optin_whatsapp: z.literal('on').optional(),
    csrfToken,
  }),
  // Its boxes (several `suivi`) are read from the form itself (alerts/settings.server.ts).
  z.object({ action: z.literal('alertes'), csrfToken }).loose(),
]);

/** What the press space says after a sending (its `?fait=`), in the words of the islands' snack bar. */
export const PRESS_SPACE_OUTCOMES = {
  'favori-retire': { ok: true, text: 'Article retiré de vos favoris.' },
  alertes: { ok: true, text: 'Vos alertes ont été enregistrées.' },
  'alertes-consentement': {
    ok: false,
    text: 'Pour recevoir des alertes, acceptez d’abord les e-mails du service de presse dans «\u00a0Mes abonnements\u00a0».',
  },
  'alertes-adresse': {
    ok: false,
    text: 'Votre adresse e-mail ne permet pas d’envoyer des alertes\u00a0: corrigez-la dans votre espace personnel, puis enregistrez à nouveau.',
  },
  abonnements: { ok: true, text: 'Vos préférences ont été enregistrées.' },
  echec: {
    ok: false,
    text: 'Nous avons rencontré un problème lors de la mise à jour de votre profil. Merci de réessayer dans quelques instants.',
  },
} as const;
export type PressSpaceOutcome = keyof typeof PRESS_SPACE_OUTCOMES;

const back = (c: Context<AppEnv>, outcome: PressSpaceOutcome) => c.redirect(`/espace-presse?fait=${outcome}`, 303);

export async function pressSpaceAction(c: Context<AppEnv>): Promise<Response> {
  const session = await readSession(c);
  if (!session || session.error || !session.access_token) {
    return c.redirect(
      `/connexion?${new URLSearchParams({ callbackUrl: '/espace-presse', error: session ? 'RefreshAccessTokenError' : 'SessionRequired' })}`,
      303,
    );
  }
  // A handful of fields; the body was bounded before (security/requests.server.ts).
  const form = await c.req.formData().catch(() => null);
  const parsed = ActionSchema.safeParse(form ? Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) : null);
  if (!parsed.success || !(await verifyCsrf(c, parsed.data.csrfToken))) return back(c, 'echec');
  const user = c.get('user');
  const token = session.access_token;
  const account = session.sub ?? '';
  try {
    const prefs = await user.prefs(token, true);
    const sent = parsed.data;
    if (sent.action === 'alertes') return back(c, account ? await saveAlerts(c, account, prefs, form!) : 'echec');
    if (sent.action === 'retirer-favori') {
      const ids = favoriteIds(prefs);
      if (ids.includes(sent.id)) await user.updatePrefs(token, 'favoris', withFavorite(ids, sent.id, false));
      return back(c, 'favori-retire');
    }
    // Only what changed is sent: each choice is its own update in WordPress.
    const wanted = { optin_mail: sent.optin_mail === 'on', optin_whatsapp: sent.optin_whatsapp === 'on' };
    if (wanted.optin_mail !== !!prefs.journaliste_optin_mail) await user.updatePrefs(token, 'optin_mail', wanted.optin_mail);
    if (!wanted.optin_mail && account) await forgetAlerts(c, account);
    if (wanted.optin_whatsapp !== !!prefs.journaliste_optin_whatsapp)
      await user.updatePrefs(token, 'optin_whatsapp', wanted.optin_whatsapp);
    return back(c, 'abonnements');
  } catch (error) {
    if (tokenRefused(error)) {
      endSession(c);
      return c.redirect(`/connexion?${new URLSearchParams({ callbackUrl: '/espace-presse', error: 'RefreshAccessTokenError' })}`, 303);
    }
    log.warn('press_space.update_failed', { error: log.describe(error) });
    return back(c, 'echec');
  }
}
