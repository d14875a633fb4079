import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { TestAccount } from '../content/types';
import type { ContentStore } from '../content/store';
import { accountPrefs, type Prefs } from './accounts-state';
import { invalidParam, wpError } from './errors';

// user_prefs and user_newsroom: the signed-in user's profile, read and written with the access
// token the federation's identity provider issued (verified against that provider).

export type TokenVerifier = { verifyAccessToken(token: string): Promise<TestAccount | null> };

const PREF_ACTIONS: Record<string, string> = {
  profil: '', // value: partial profile object
  optin_whatsapp: 'journaliste_optin_whatsapp',
  optin_mail: 'journaliste_optin_mail',
  favoris: 'favorite_newsroom_post_ids',
  contenus_visites: 'journaliste_contenus_visites',
  accreditations_events: 'journaliste_accreditations_events',
  journaliste_media: 'journaliste_media',
};

export function createUserRoutes(store: ContentStore, idp: TokenVerifier) {
  const app = new Hono<{ Variables: { account: TestAccount } }>();

  const prefsOf = (account: TestAccount): Prefs => accountPrefs(store, account);

  // Only the user's own routes ask for the token: any other path under ffr/v1 is WordPress's
  // rest_no_route 404, which its REST server answers before any permission check
  // (wp-includes/rest-api/class-wp-rest-server.php, match_request_to_handler then dispatch).
  const signedIn: MiddlewareHandler<{ Variables: { account: TestAccount } }> = async (c, next) => {
    const auth = c.req.header('authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    const account = token ? await idp.verifyAccessToken(token) : null;
    if (!account) return wpError(c, 401, 'jwt_auth_invalid_token', 'Jeton d’accès absent, invalide ou expiré.');
    c.set('account', account);
    await next();
  };
  app.use('/user_prefs', signedIn);
  app.use('/user_newsroom', signedIn);

  const readValue = async (c: Context) => {
    try {
      const body = (await c.req.json()) as { value?: unknown };
      return body && typeof body === 'object' && 'value' in body ? { ok: true as const, value: body.value } : { ok: false as const };
    } catch {
      return { ok: false as const };
    }
  };

  app.get('/user_prefs', (c) => {
    const prefs = prefsOf(c.var.account);
    if (c.req.query('type') === 'complet') return c.json(prefs);
    const { first_name, last_name, email, logo, journaliste, identifie, id_sso } = prefs;
    return c.json({ first_name, last_name, email, logo, journaliste, identifie, id_sso });
  });

  app.post('/user_prefs', async (c) => {
    const action = c.req.query('action') ?? '';
    if (!(action in PREF_ACTIONS))
      return invalidParam(c, 'action', `action doit être l’une des valeurs : ${Object.keys(PREF_ACTIONS).join(', ')}.`);
    const body = await readValue(c);
    if (!body.ok) return invalidParam(c, 'value', 'value est obligatoire.');
    const prefs = prefsOf(c.var.account);
    const field = PREF_ACTIONS[action]!;
    if (field === '') {
      if (typeof body.value !== 'object' || body.value === null) return invalidParam(c, 'value', 'value doit être un objet.');
      const editable = [
        'birth_date',
        'birth_city',
        'phone_mobile',
        'first_name',
        'last_name',
        'journaliste_carte_presse',
        'journaliste_fonction',
        'journaliste_media_temporaire',
      ];
      for (const [k, v] of Object.entries(body.value)) if (editable.includes(k) && typeof v === 'string') prefs[k] = v;
    } else {
      prefs[field] = body.value;
    }
    return c.json(prefs);
  });

  app.post('/user_newsroom', async (c) => {
    const action = c.req.query('action') ?? '';
    if (action !== 'journalist_status_request' && action !== 'journalist_updated_profile') {
      return invalidParam(c, 'action', 'action doit être journalist_status_request ou journalist_updated_profile.');
    }
    const body = await readValue(c);
    if (!body.ok) return invalidParam(c, 'value', 'value est obligatoire.');
    // The flags live with the profile (GET user_prefs?type=complet shows them back): the site tells
    // from them that a request or the information asked for is on its way.
    // The status itself is the press office's to change, in WordPress: a request leaves it as it was.
    const prefs = prefsOf(c.var.account);
    prefs[action] = true;
    const data = {
      journalist_status_request: Boolean(prefs.journalist_status_request),
      journalist_updated_profile: Boolean(prefs.journalist_updated_profile),
    };
    return c.json(data);
  });

  return app;
}
