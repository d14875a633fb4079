import * as z from 'zod';

// Every variable and binding the worker needs, validated once per isolate. A missing or malformed
// one stops the request with its own name in the message instead of failing deep in a fetch.

const httpUrl = z
  .string({ error: 'manquant' })
  .trim()
  .refine((v) => /^https?:\/\/[^\s/]+/.test(v), 'doit être une adresse http(s) absolue')
  .transform((v) => v.replace(/\/+$/, ''));

const credentials = z.string({ error: 'manquant' }).regex(/^[^:\s]+:.+$/, 'doit avoir la forme «\u202futilisateur:mot de passe\u202f»');

const secret = z.string({ error: 'manquant' }).min(16, 'doit faire au moins 16 caractères');

const kvBinding = z.custom<KVNamespace>(
  (v) => typeof v === 'object' && v !== null && typeof (v as KVNamespace).getWithMetadata === 'function',
  'doit être un espace de noms Workers KV',
);
const fetcherBinding = z.custom<Fetcher>(
  (v) => typeof v === 'object' && v !== null && typeof (v as Fetcher).fetch === 'function',
  'doit être une liaison de ressources statiques',
);

export const EnvSchema = z
  .object({
    CACHE: kvBinding,
    ASSETS: fetcherBinding,
    ENVIRONMENT: z.enum(['development', 'staging', 'production']).default('development'),
    /** The one address the site answers at (scheme and host): canonical links, feeds, sign-in, index choice. */
    PUBLIC_ORIGIN: httpUrl.refine((v) => new URL(v).origin === v, 'doit être une origine, sans chemin (https://presse.ffr.fr)'),
    WP_API_URL: httpUrl,
    STATIC_LISTS_URL: httpUrl,
    STATIC_LISTS_VERSION: z
      .string()
      .regex(/^[\w.-]{1,64}$/)
      .default('1'),
    MIDDLEWARE_URL: httpUrl,
    MIDDLEWARE_TOKEN: z.string({ error: 'manquant' }).min(1, 'manquant'),
    WP_PREVIEW_CREDENTIALS: credentials,
    CF7_CREDENTIALS: credentials,
    ALGOLIA_APP_ID: z.string({ error: 'manquant' }).regex(/^[\w-]{1,64}$/, 'identifiant invalide'),
    ALGOLIA_SEARCH_KEY: z.string({ error: 'manquant' }).min(1, 'manquant'),
    ALGOLIA_HOST: httpUrl.optional(),
    OIDC_ISSUER: httpUrl,
    OIDC_CLIENT_ID: z.string({ error: 'manquant' }).min(1, 'manquant'),
    OIDC_CLIENT_SECRET: z.string({ error: 'manquant' }).min(1, 'manquant'),
    AUTH_SECRET: secret,
    PURGE_SECRET: secret,
    /**
     * The zone whose cache WordPress's JSON is read through and purged by tag (decision 024), and
     * an API token with the zone's « Cache Purge » permission. Both, or the tier is off.
     */
    CF_ZONE_ID: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'doit être l’identifiant de zone (32 caractères hexadécimaux)')
      .optional(),
    CF_PURGE_TOKEN: z.string().min(20, 'doit faire au moins 20 caractères').optional(),
    /** Cloudflare's API (the local upstream emulates its purge in development). */
    CF_API_URL: httpUrl.default('https://api.cloudflare.com/client/v4'),
    /** During a rotation, the secret WordPress may still sign with (docs/operations.md); removed afterwards. */
    PURGE_SECRET_PREVIOUS: secret.optional(),
    /** Signs the links to unpublished posts, shared with the WordPress plugin (features/previews/signed-link.ts). */
    PREVIEW_SECRET: z.string({ error: 'manquant' }).min(32, 'doit faire au moins 32 caractères'),
    /** During a rotation, the secret links already handed out were signed with (docs/operations.md). */
    PREVIEW_SECRET_PREVIOUS: z.string().min(32, 'doit faire au moins 32 caractères').optional(),
    /**
     * Signs the identity of each accreditation request the site sends to Contact Form 7, shared
     * with the WordPress plugin, which refuses one without it (features/forms/accreditation-signature.ts).
     */
    FORMS_SECRET: z.string({ error: 'manquant' }).min(32, 'doit faire au moins 32 caractères'),
    /**
     * Signs the press alerts' unsubscribe links (features/alerts/unsubscribe-token.server.ts): a key
     * of their own, so that rotating AUTH_SECRET signs readers out without retiring the links in inboxes.
     */
    ALERTS_LINK_SECRET: z.string({ error: 'manquant' }).min(32, 'doit faire au moins 32 caractères'),
    /** During a rotation, the key the links of mails already sent were signed with (docs/operations.md). */
    ALERTS_LINK_SECRET_PREVIOUS: z.string().min(32, 'doit faire au moins 32 caractères').optional(),
    /** Opens GET /__health's details (each upstream probed): the team's uptime check sends it as a Bearer token. */
    HEALTH_TOKEN: secret.optional(),
    GTM_CONTAINER_ID: z
      .string()
      .regex(/^(GTM-[A-Z0-9]{4,12})?$/, 'doit avoir la forme GTM-XXXXXXX')
      .optional()
      .transform((v) => v || null),
    IMAGE_RESIZING: z.enum(['on', 'off']).default('off'),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    CONTENT_FRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    HTML_FRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** How long an isolate remembers a KV read of a page (0: not at all). */
    KV_MEMO_MS: z.coerce.number().int().min(0).max(30_000).default(1000),
    /**
     * The purge bound (ms): a purge takes effect everywhere this long after it is stored, and is
     * acknowledged then; an isolate whose copy of the marks is older than that (the purge object
     * failing) judges with its last-known marks (cache/tags.server.ts, decision 016). 3 s: with the
     * object's round trip and the re-render, a publish is visible everywhere within 5 s.
     * 0 in tests: every request reads the marks, and a purge takes effect at once.
     */
    PURGE_BOUND_MS: z.coerce.number().int().min(0).max(5_000).default(3000),
    /**
     * How long after its last request an isolate keeps its copy of the purge marks current, behind
     * the answers (cache/tags.server.ts): an isolate with a request every few seconds then never
     * waits for them. At most 25 s (a request's waitUntil lasts 30 s); 0: refreshed on requests only.
     */
    PURGE_KEEP_WARM_MS: z.coerce.number().int().min(0).max(25_000).default(20_000),
    /**
     * How long an isolate gathers its copies' lease claims before asking the purge object for them
     * in one call (cache/tags.server.ts): between once and eight times this, drawn per batch, so that
     * the isolates a purge sets off together do not all call in the same second; releases wait four
     * to eight times as long to travel with claims. The object's limit counts requests, not keys. Readers
     * wait for none of it. 0 (the CPU bench): each claim at once.
     */
    PURGE_LEASE_BATCH_MS: z.coerce.number().int().min(0).max(1000).default(1000),
    /**
     * The site's calendar stands still at this instant (ISO 8601 with a zone): what « today » is for
     * the pages (news sitemap, events, deadlines, new posts, the footer's year). Tests pin it beside
     * the local upstream's clock; refused outside development (docs/decisions/014-calendar-clock.md).
     */
    SITE_NOW: z.iso.datetime({ offset: true }).optional(),
    /**
     * Where press alerts are handed over (upstream/smtp.server.ts, decision 023): smtps:// (TLS from
     * the first byte, Mailgun's smtp.eu.mailgun.org:465) or smtp:// (the local
     * upstream's SMTP server).
     */
    SMTP_URL: z
      .string({ error: 'manquant' })
      .trim()
      .refine((v) => /^smtps?:\/\/[^\s/:]+:\d{1,5}$/.test(v), 'doit avoir la forme smtps://hôte:port'),
    SMTP_USERNAME: z.string().min(1).optional(),
    /** The sending domain's SMTP password (Mailgun); absent for a local server that asks none. */
    SMTP_PASSWORD: z.string().min(1).optional(),
    /** The alerts' sender, on the domain onboarded for sending. */
    ALERTS_FROM: z.email({ error: 'doit être une adresse e-mail' }).default('alertes@presse.ffr.fr'),
    /**
     * The mail provider's HTTP webhook signing key (Mailgun, decision 023): its bounce and complaint
     * events are checked with it. Absent: the events route answers 503.
     */
    MAIL_WEBHOOK_KEY: z.string().min(16).optional(),
    /** Where a journalist's reply to an alert goes: the press office, not the sending address. */
    ALERTS_REPLY_TO: z.email({ error: 'doit être une adresse e-mail' }).default('presse@ffr.fr'),
  })
  .refine((env) => env.SITE_NOW === undefined || env.ENVIRONMENT === 'development', {
    path: ['SITE_NOW'],
    message: 'n’est permis qu’en développement (ENVIRONMENT=development)',
  })
  .superRefine((env, ctx) => {
    // Credentials and content travel to these addresses: in clear only on a developer's machine.
    if (env.ENVIRONMENT === 'development') return;
    for (const name of HTTPS_OUTSIDE_DEVELOPMENT) {
      const value = env[name];
      if (value !== undefined && !value.startsWith('https://'))
        ctx.addIssue({ code: 'custom', path: [name], message: 'doit être en https hors développement' });
    }
    // The sending token crosses the network: over TLS outside a developer's machine.
    if (!env.SMTP_URL.startsWith('smtps://'))
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'doit être en smtps hors développement' });
  });

/** The variables set with `wrangler secret put`, never in wrangler.jsonc (npm run deploy:check, docs/deploy.md). */
export const SECRET_NAMES = [
  'MIDDLEWARE_TOKEN',
  'WP_PREVIEW_CREDENTIALS',
  'CF7_CREDENTIALS',
  'ALGOLIA_SEARCH_KEY',
  'OIDC_CLIENT_SECRET',
  'AUTH_SECRET',
  'PURGE_SECRET',
  'CF_PURGE_TOKEN',
  'PREVIEW_SECRET',
  'FORMS_SECRET',
  'HEALTH_TOKEN',
  'SMTP_PASSWORD',
  'MAIL_WEBHOOK_KEY',
  'ALERTS_LINK_SECRET',
] as const;
/** Secrets set only while one of the above is being replaced. */
export const ROTATION_SECRET_NAMES = ['PURGE_SECRET_PREVIOUS', 'PREVIEW_SECRET_PREVIOUS', 'ALERTS_LINK_SECRET_PREVIOUS'] as const;

/** The public origin and every upstream the worker sends a credential or reads content from. */
const HTTPS_OUTSIDE_DEVELOPMENT = [
  'PUBLIC_ORIGIN',
  'WP_API_URL',
  'STATIC_LISTS_URL',
  'MIDDLEWARE_URL',
  'OIDC_ISSUER',
  'ALGOLIA_HOST',
  'CF_API_URL',
] as const;

export type Config = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide\u202f: ${problems.join('\u202f; ')}`);
    this.name = 'ConfigError';
  }
}

const parsed = new WeakMap<object, Config>();

export function readConfig(env: object): Config {
  const known = parsed.get(env);
  if (known) return known;
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  }
  parsed.set(env, result.data);
  return result.data;
}
