import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { safeCallbackPath } from '../../auth/callback-url';
import { AUTH_BASE_PATH, PROVIDER_ID } from '../../auth/config.server';
import { authErrorMessage } from '../../auth/errors';
import { csrfFor, signInReturnPath, startSignIn } from '../../auth/auth-js.server';
import { cacheControl } from '../../http/cache-control';
import { withinLimit } from '../../http/rate-limit.server';
import { fr } from '../../lib/format/typography';

// /connexion and /connexion/erreur — Auth.js's pages, in French — and /connexion/compte-ffr, the
// one step the site's « Connexion » links take.

export async function signInPage(c: Context<AppEnv>, options: { errorPage?: boolean } = {}) {
  const url = new URL(c.req.url);
  // Auth.js's error page names no callbackUrl: the sign-in under way knows where it was going.
  const asked = url.searchParams.get('callbackUrl');
  const callbackUrl = asked === null ? signInReturnPath(c) : safeCallbackPath(asked, url.origin);
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
      <p>{fr`Journalistes, licenciés et partenaires : connectez-vous avec votre compte de la Fédération française de rugby pour accéder à votre espace et à vos demandes d’accréditation.`}</p>
      <form method="post" action={`${AUTH_BASE_PATH}/signin/${PROVIDER_ID}`}>
        <input type="hidden" name="csrfToken" value={csrf.token} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <button className="button" type="submit">
          Se connecter avec mon compte FFR
        </button>
      </form>
      <p className="account-page__help">{fr`Pas encore de compte ? Il se crée à la première connexion, depuis la page du compte FFR.`}</p>
    </div>,
    {
      head: { title: options.errorPage ? 'Erreur de connexion' : 'Connexion', noindex: true },
      tracking: { page_type: 'connexion' },
      cache: 'never',
      returnTo: callbackUrl,
      // Its address carries where the reader was going (an embargo's signed link among them).
      thirdParties: false,
    },
  );
  for (const cookie of csrf.setCookie) res.headers.append('set-cookie', cookie);
  return res;
}

/**
 * GET /connexion/compte-ffr?callbackUrl=…: straight to the provider, back to the page left. Auth.js
 * starts an OAuth sign-in only on a POST with its CSRF token (@auth/core lib/actions/signin), which
 * a cached page cannot carry: the worker makes that POST itself, with a token it has just issued,
 * and hands the browser Auth.js's redirect and cookies (state, PKCE, callback URL). A third party
 * can at most send someone to the provider's own sign-in page.
 */
export async function signInStart(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const callbackUrl = safeCallbackPath(url.searchParams.get('callbackUrl'), url.origin);
  if (!(await withinLimit(c, 'SIGNIN_LIMITER')))
    return c.redirect(`/connexion?${new URLSearchParams({ callbackUrl, error: 'RateLimited' })}`, 303);
  const csrf = await csrfFor(c);
  const cookie = [c.req.header('cookie'), ...csrf.setCookie.map((set) => set.split(';')[0])].filter(Boolean).join('; ');
  const answer = await startSignIn(
    c,
    new Request(`${url.origin}${AUTH_BASE_PATH}/signin/${PROVIDER_ID}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken: csrf.token, callbackUrl }),
    }),
  );
  const headers = new Headers(answer.headers);
  for (const set of csrf.setCookie) headers.append('set-cookie', set);
  headers.set('cache-control', cacheControl.personal);
  return new Response(answer.body, { status: answer.status, headers });
}
