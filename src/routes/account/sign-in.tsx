import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { safeCallbackPath } from '../../auth/callback-url';
import { AUTH_BASE_PATH, PROVIDER_ID } from '../../auth/config.server';
import { authErrorMessage } from '../../auth/errors';
import { csrfFor } from '../../auth/routes.server';

// /connexion and /connexion/erreur — Auth.js's pages, in French.

export async function signInPage(c: Context<AppEnv>, options: { errorPage?: boolean } = {}) {
  const url = new URL(c.req.url);
  const callbackUrl = safeCallbackPath(url.searchParams.get('callbackUrl'), url.origin);
  const error = authErrorMessage(url.searchParams.get('error'));
  const csrf = await csrfFor(c);
  const res = await c.render(
      <div className="container account-page">
        <h1>{options.errorPage ? 'La connexion n’a pas abouti' : 'Connexion'}</h1>
        {error ? (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        ) : null}
        <p>Journalistes, licenciés et partenaires : connectez-vous avec votre compte de la Fédération française de rugby pour accéder à votre espace et à vos demandes d’accréditation.</p>
        <form method="post" action={`${AUTH_BASE_PATH}/signin/${PROVIDER_ID}`}>
          <input type="hidden" name="csrfToken" value={csrf.token} />
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <button className="button" type="submit">
            Se connecter avec mon compte FFR
          </button>
        </form>
        <p className="account-page__help">
          Pas encore de compte ? Il se crée à la première connexion, depuis la page du compte FFR.
        </p>
      </div>,
    { head: { title: options.errorPage ? 'Erreur de connexion' : 'Connexion', noindex: true }, tracking: { page_type: 'connexion' }, cache: 'never' },
  );
  for (const cookie of csrf.setCookie) res.headers.append('set-cookie', cookie);
  return res;
}
