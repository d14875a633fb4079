// The local upstream's settings. Defaults match .dev.vars.example, so the worker and the emulator
// agree on every credential without any setup.

export type UpstreamConfig = {
  host: string;
  port: number;
  origin: string;
  workerUrl: string;
  seed: number;
  articleCount: number;
  /** The instant the seeded timeline is written around (see contentAnchor). */
  now: Date;
  /** UPSTREAM_NOW was given: the emulator's clock stands still at `now`. */
  pinned: boolean;
  previewCredentials: string;
  cf7Credentials: string;
  middlewareToken: string;
  algoliaAppId: string;
  algoliaKeys: string[];
  oidcClientId: string;
  oidcClientSecret: string;
  purgeSecret: string;
  /** The zone the worker purges by tag (CF_ZONE_ID) and the API token it sends (CF_PURGE_TOKEN): dev/cloudflare/purge.ts. */
  zoneId: string;
  zonePurgeToken: string;
  /** The mail provider's webhook signing key, shared with the site (MAIL_WEBHOOK_KEY). */
  mailWebhookKey: string;
  /** The worker's FORMS_SECRET: the emulator refuses an unsigned accreditation request as the WordPress plugin does. */
  formsSecret: string;
  /** The worker's PREVIEW_SECRET: the emulator signs preview and embargo links as the WordPress plugin does. */
  previewSecret: string;
  accessTokenTtlSeconds: number;
  /** Characters of each access and refresh token the provider issues. */
  tokenLength: number;
  quiet: boolean;
  /** The local SMTP server's port (dev/mail/smtp.ts): the upstream's port + 2 unless SMTP_PORT says otherwise. */
  smtpPort: number;
};

/**
 * The seeded content is generated around an anchor: the latest 08:00 UTC at or before the real
 * current time, so the articles, events and the news sitemap are as fresh today as on the day the
 * generator was written, and the same all day (a run that spans 08:00 UTC sees one change).
 */
export function contentAnchor(at = Date.now()): Date {
  const day = Math.floor(at / 86_400_000) * 86_400_000 + 8 * 3_600_000;
  return new Date(day <= at ? day : day - 86_400_000);
}

export function readUpstreamConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<UpstreamConfig> = {},
): UpstreamConfig {
  const host = overrides.host ?? env.UPSTREAM_HOST ?? '127.0.0.1';
  const port = overrides.port ?? Number(env.UPSTREAM_PORT ?? 8790);
  const sitePort = env.PORT ?? '8787';
  return {
    host,
    port,
    origin: `http://${host}:${port}`,
    workerUrl: env.WORKER_URL ?? `http://127.0.0.1:${sitePort}`,
    seed: Number(env.UPSTREAM_SEED ?? 2026),
    articleCount: Number(env.UPSTREAM_ARTICLES ?? 160),
    now: env.UPSTREAM_NOW ? new Date(env.UPSTREAM_NOW) : contentAnchor(),
    pinned: Boolean(env.UPSTREAM_NOW),
    previewCredentials: env.WP_PREVIEW_CREDENTIALS ?? 'preview:apercu-brouillons-local',
    cf7Credentials: env.CF7_CREDENTIALS ?? 'formulaires:envoi-formulaires-local',
    middlewareToken: env.MIDDLEWARE_TOKEN ?? 'dev-middleware-token',
    algoliaAppId: env.ALGOLIA_APP_ID ?? 'FFRLOCAL',
    algoliaKeys: [env.ALGOLIA_SEARCH_KEY ?? 'local-search-only-key'],
    oidcClientId: env.OIDC_CLIENT_ID ?? 'ffr-presse',
    oidcClientSecret: env.OIDC_CLIENT_SECRET ?? 'ffr-presse-local-secret',
    purgeSecret: env.PURGE_SECRET ?? 'local-purge-secret-0123456789abcdef',
    zoneId: env.CF_ZONE_ID ?? '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    zonePurgeToken: env.CF_PURGE_TOKEN ?? 'local-zone-purge-token-0123456789',
    mailWebhookKey: env.MAIL_WEBHOOK_KEY ?? 'local-mail-webhook-key-0123456789abcdef',
    previewSecret: env.PREVIEW_SECRET ?? 'local-preview-secret-0123456789abcdef0123',
    formsSecret: env.FORMS_SECRET ?? 'local-forms-secret-0123456789abcdef01234567',
    accessTokenTtlSeconds: Number(env.UPSTREAM_ACCESS_TOKEN_TTL ?? 3600),
    tokenLength: Number(env.UPSTREAM_TOKEN_LENGTH ?? 1600),
    quiet: env.UPSTREAM_QUIET === '1',
    smtpPort: overrides.smtpPort ?? Number(env.SMTP_PORT ?? port + 2),
    ...overrides,
  };
}
