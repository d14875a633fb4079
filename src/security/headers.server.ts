import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders, type ContentSecurityPolicyOptionHandler } from 'hono/secure-headers';
import type { AppEnv } from '../app-env';
import type { Config } from '../config/env.server';

// Security headers on every response, and a Content-Security-Policy whose script nonce is new for
// each response. Only the scripts the site writes carry it (the renderer writes it, a cached copy
// gets this response's in place of its own: cache/html-cache.server.ts); with 'strict-dynamic',
// what they load (the islands' chunks, the tag manager after consent) is trusted through them,
// and nothing else — no host, no inline script from WordPress content — may run.

const origin = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
};

/**
 * Origins that depend on the configuration (the local upstream in development): worked out once per
 * configuration, not on every response.
 */
const fromConfig = (pick: (config: Config) => Array<string | undefined>): ContentSecurityPolicyOptionHandler => {
  const known = new WeakMap<Config, string>();
  return (c) => {
    const config = (c as Context<AppEnv>).get('config');
    if (!config) return "'self'";
    let value = known.get(config);
    if (value === undefined) known.set(config, (value = [...new Set(pick(config).map(origin).filter(Boolean))].join(' ') || "'self'"));
    return value;
  };
};

export const TAG_MANAGER = 'https://www.googletagmanager.com';
export const ALGOLIA = ['https://*.algolia.net', 'https://*.algolianet.com', 'https://*.algolia.io'];
export const VIDEO_FRAMES = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://www.dailymotion.com',
];

const withHeaders = (): MiddlewareHandler<AppEnv> =>
  secureHeaders({
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-site',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [], interestCohort: [] } as never,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      // 'self' and the tag manager's host only for browsers older than CSP 3, which ignore 'strict-dynamic'.
      scriptSrc: ["'strict-dynamic'", NONCE, "'self'", TAG_MANAGER],
      // Inline style attributes (banner backgrounds) are data, not code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:', fromConfig((config) => [config.WP_API_URL, config.STATIC_LISTS_URL])],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...ALGOLIA, TAG_MANAGER, fromConfig((config) => [config.ALGOLIA_HOST])],
      frameSrc: VIDEO_FRAMES,
      // The sign-in form posts to /api/auth, which redirects to the identity provider.
      formAction: ["'self'", fromConfig((config) => [config.OIDC_ISSUER])],
    },
  });

/**
 * A 304 carries no policy (decision 021). It updates the headers the browser stored with its copy
 * of the page, and that copy's scripts carry the nonce of the response it came from: Firefox takes a
 * 304's policy in place of the stored one, so a new nonce there blocked every island of a page
 * revalidated on a revisit or a reload. RFC 9110 §15.4.5 asks a 304 for the fields that guide the
 * cache only (ETag, Cache-Control, Vary…); without one, every engine keeps the policy it stored.
 */
export const securityHeaders = (): MiddlewareHandler<AppEnv> => {
  const headers = withHeaders();
  return async (c, next) => {
    await headers(c, next);
    if (c.res.status === 304) c.res.headers.delete('content-security-policy');
    // Staging carries production's content under another address: no search engine may list it,
    // even where a link to it leaks (robots.txt says the same, features/feeds).
    if (c.var.config.ENVIRONMENT === 'staging') c.res.headers.set('x-robots-tag', 'noindex, nofollow');
  };
};
