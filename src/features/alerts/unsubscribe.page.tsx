import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { cacheControl } from '../../http/cache-control';
import { log } from '../../observability/log.server';
import { subscriberOf } from './unsubscribe-token.server';

// /alertes/desabonnement?jeton=… — the link of every alert, in its List-Unsubscribe header and in
// its footer. RFC 8058: a GET never unsubscribes (mail scanners follow links); a POST with
// `List-Unsubscribe=One-Click` does, without a session, a cookie or a page. The signed token is
// the only credential (unsubscribe-token.server.ts); it opens nothing else.

const PAGE = {
  head: { title: 'Se désabonner des alertes', noindex: true },
  tracking: { page_type: 'desabonnement' },
  cache: 'never',
  thirdParties: false,
} as const;

const Invalid = () => (
  <div className="container account-page">
    <h1>Lien de désabonnement invalide</h1>
    <p>
      Ce lien n’est pas complet, ou il a expiré. Vous pouvez gérer vos alertes, ou les arrêter toutes, depuis votre{' '}
      <a href="/espace-presse#mes-alertes">espace presse</a>.
    </p>
  </div>
);

const Done = () => (
  <div className="container account-page">
    <h1>Vous êtes désabonné</h1>
    <p role="status">Vous ne recevrez plus d’alertes de FFR Presse. Tout ce que nous gardions pour vous les envoyer a été effacé.</p>
    <p>
      Vous pourrez en choisir de nouveau à tout moment dans votre <a href="/espace-presse#mes-alertes">espace presse</a>.
    </p>
  </div>
);

export async function unsubscribePage(c: Context<AppEnv>) {
  const id = await subscriberOf(linkSecrets(c), c.req.query('jeton'));
  if (!id) return c.render(<Invalid />, { ...PAGE, status: 404 });
  return c.render(
    <div className="container account-page">
      <h1>Se désabonner des alertes</h1>
      <p>Vous ne recevrez plus aucune alerte de FFR Presse par e-mail.</p>
      <form method="post" className="account-page__actions">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button className="button" type="submit">
          Me désabonner
        </button>
        <a className="button button--ghost" href="/espace-presse#mes-alertes">
          Choisir mes alertes
        </a>
      </form>
    </div>,
    PAGE,
  );
}

/** The one-click POST (a mail client's, or the page's button): JSON for the first, a page for a browser. */
export async function unsubscribeAction(c: Context<AppEnv>) {
  const id = await subscriberOf(linkSecrets(c), c.req.query('jeton'));
  const browser = (c.req.header('accept') ?? '').includes('text/html');
  const body = await c.req.parseBody().catch(() => null);
  const oneClick = body?.['List-Unsubscribe'] === 'One-Click';
  if (!id || !oneClick) {
    if (browser) return c.render(<Invalid />, { ...PAGE, status: 404 });
    return c.json(
      {
        error: id ? 'invalid_body' : 'invalid_token',
        message: id ? 'Le corps doit être List-Unsubscribe=One-Click (RFC 8058).' : 'Lien de désabonnement invalide.',
      },
      400,
      { 'cache-control': cacheControl.never },
    );
  }
  try {
    const forgotten = await c.get('alerts').store.forgetId(id);
    log.info('alerts.unsubscribed', { found: forgotten });
  } catch (error) {
    log.error('alerts.unsubscribe_failed', { error: log.describe(error) });
    const message = 'Le désabonnement n’a pas pu être enregistré. Réessayez dans quelques instants.';
    if (browser)
      return c.render(
        <div className="container account-page">
          <h1>Désabonnement impossible pour le moment</h1>
          <p>{message}</p>
        </div>,
        { ...PAGE, status: 503 },
      );
    return c.json({ error: 'unavailable', message }, 503, { 'cache-control': cacheControl.never });
  }
  // Whether there was anything left or not, the answer is the same: the link reveals nothing.
  if (browser) return c.render(<Done />, PAGE);
  return c.json({ unsubscribed: true }, 200, { 'cache-control': cacheControl.never });
}

/** The key that signs the links now, and the one of older mails during a rotation. */
const linkSecrets = (c: Context<AppEnv>) => [c.get('config').ALERTS_LINK_SECRET, c.get('config').ALERTS_LINK_SECRET_PREVIOUS];
