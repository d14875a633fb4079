import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { AUTH_BASE_PATH } from '../../auth/config.server';
import { csrfFor } from '../../auth/auth-js.server';
import { readSession } from '../../auth/session.server';

// /deconnexion — « Se déconnecter » where the island is not live (without JavaScript, or before
// its script): Auth.js signs out on a POST with its CSRF token only (@auth/core lib/actions/signout),
// and its own page is in English. This one asks in French and posts that form; the sign-out then
// ends the provider's session too (auth/auth-js.server.ts).

export async function signOutPage(c: Context<AppEnv>) {
  const session = await readSession(c);
  if (!session) return c.redirect('/', 302);
  const csrf = await csrfFor(c);
  const res = await c.render(
    <div className="container account-page">
      <h1>Se déconnecter</h1>
      <p>
        {session.name
          ? `Vous utilisez FFR Presse avec le compte FFR de ${session.name}.`
          : 'Vous utilisez FFR Presse avec votre compte FFR.'}
      </p>
      <form method="post" action={`${AUTH_BASE_PATH}/signout`} className="account-page__actions">
        <input type="hidden" name="csrfToken" value={csrf.token} />
        <input type="hidden" name="callbackUrl" value="/" />
        <button className="button" type="submit">
          Se déconnecter
        </button>
        <a className="button button--ghost" href="/">
          Rester connecté
        </a>
      </form>
    </div>,
    { head: { title: 'Se déconnecter', noindex: true }, tracking: { page_type: 'deconnexion' }, cache: 'never' },
  );
  for (const cookie of csrf.setCookie) res.headers.append('set-cookie', cookie);
  return res;
}
