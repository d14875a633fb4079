import type { Context } from 'hono';
import { renderToString } from 'react-dom/server.edge';
import type { AppEnv } from '../app-env';
import { ConfigError } from '../config/env.server';
import { cacheControl } from '../http/cache-control';

// Last resort when a page cannot be built at all. No shell (its data may be what failed), no stack
// trace; programs asking for JSON get JSON.

export function serverErrorResponse(c: Context<AppEnv>, error: unknown): Response {
  const misconfigured = error instanceof ConfigError;
  const status = 503;
  const wantsJson = c.req.path.startsWith('/api/') || (c.req.header('accept') ?? '').includes('application/json');
  if (wantsJson) {
    return c.json(
      misconfigured
        ? { error: 'configuration', message: 'Le service est mal configuré.' }
        : { error: 'unavailable', message: 'Le service est momentanément indisponible.' },
      status,
    );
  }
  const html = renderToString(
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Service momentanément indisponible — FFR Presse</title>
        <style>
          {'body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0c1a3a}a{color:#002a5c}'}
        </style>
      </head>
      <body>
        <h1>Un problème est survenu</h1>
        <p>
          {misconfigured
            ? 'Le site est en cours de maintenance. Merci de réessayer dans quelques minutes.'
            : 'Nous n’avons pas pu afficher cette page. Merci de rafraîchir la page dans quelques instants.'}
        </p>
        <p>
          <a href="/">Retour à l’accueil</a>
        </p>
      </body>
    </html>,
  );
  return c.html(`<!DOCTYPE html>${html}`, status, { 'cache-control': cacheControl.never, 'retry-after': '30' });
}
