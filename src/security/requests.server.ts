import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import type { AppEnv } from '../app-env';
import { cacheControl } from '../http/cache-control';

// What a request that changes something must show before any work is done on it.

/**
 * Writes that carry their own signature instead: /api/purge is WordPress calling, server to
 * server; the alerts' one-click unsubscribe is a mail client's POST (RFC 8058), without an Origin,
 * carrying a signed token (features/alerts/unsubscribe.page.tsx); the mail provider's events are
 * signed by it (features/alerts/mail-events.server.ts).
 */
const SIGNED_WRITES = new Set(['/api/purge', '/alertes/desabonnement', '/api/mail/events']);

/**
 * It comes from a page of this site: the browser's `Sec-Fetch-Site: same-origin`, or its `Origin`
 * equal to PUBLIC_ORIGIN (Hono's csrf middleware; every browser sends one of them on a POST, with
 * or without JavaScript). A form on any other site — `*.ffr.fr` included, which is « same-site » —
 * cannot post a message, an accreditation, a sign-in or a profile change in a reader's name.
 */
export const sameOriginWrites = (): MiddlewareHandler<AppEnv> => {
  const guard = csrf({ origin: (origin, c) => origin === (c as Context<AppEnv>).get('config').PUBLIC_ORIGIN, secFetchSite: 'same-origin' });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || SIGNED_WRITES.has(c.req.path)) return next();
    try {
      await guard(c, async () => undefined);
    } catch {
      return refused(c);
    }
    return next();
  };
};

const REFUSED = 'Cette demande ne vient pas d’une page de FFR Presse\u202f: elle a été refusée. Revenez sur le site pour recommencer.';

function refused(c: Context<AppEnv>) {
  const wantsJson = c.req.path.startsWith('/api/') || (c.req.header('accept') ?? '').includes('application/json');
  if (wantsJson) return c.json({ error: 'forbidden_origin', message: REFUSED }, 403, { 'cache-control': cacheControl.never });
  return c.html(
    `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Demande refusée — FFR Presse</title></head><body><h1>Demande refusée</h1><p>${REFUSED}</p><p><a href="/">Retour à l’accueil</a></p></body></html>`,
    403,
    { 'cache-control': cacheControl.never },
  );
}

/**
 * The most a request body may weigh on each kind of route, checked while it arrives (a declared
 * length before reading, a chunked body as it streams). Forms check their own, finer limit
 * (features/forms/form-post.server.ts); the purge its own (cache/purge.server.ts).
 */
export const bodyLimits = (): MiddlewareHandler<AppEnv> => {
  const tooLarge = (c: Context<AppEnv>) =>
    c.json({ error: 'too_large', message: 'La requête dépasse la taille autorisée.' }, 413, { 'cache-control': cacheControl.never });
  const small = bodyLimit({ maxSize: 16 * 1024, onError: tooLarge });
  const profile = bodyLimit({ maxSize: 64 * 1024, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // Sign-in, sign-out, the client's log beacons and the press space's forms carry a few fields.
    if (c.req.path.startsWith('/api/auth/') || c.req.path === '/espace-presse' || c.req.path === '/alertes/desabonnement')
      return small(c, next);
    // The provider's events: one JSON event with a few headers of the mail.
    if (c.req.path.startsWith('/api/user/') || c.req.path === '/api/mail/events') return profile(c, next);
    return next();
  };
};
