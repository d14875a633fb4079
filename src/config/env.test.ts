import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './env.server';

const bindings = { CACHE: { getWithMetadata() {} }, ASSETS: { fetch() {} } };
const valid = {
  ...bindings,
  WP_API_URL: 'http://127.0.0.1:8790/wp-json/',
  STATIC_LISTS_URL: 'http://127.0.0.1:8790/wp-content/uploads/newsroom',
  MIDDLEWARE_URL: 'http://127.0.0.1:8790/middleware',
  MIDDLEWARE_TOKEN: 't',
  WP_PREVIEW_CREDENTIALS: 'preview:secret',
  CF7_CREDENTIALS: 'forms:secret',
  ALGOLIA_APP_ID: 'FFRLOCAL',
  ALGOLIA_SEARCH_KEY: 'k',
  OIDC_ISSUER: 'http://127.0.0.1:8790/oidc',
  OIDC_CLIENT_ID: 'ffr-presse',
  OIDC_CLIENT_SECRET: 's',
  AUTH_SECRET: '0123456789abcdef0123',
  PURGE_SECRET: '0123456789abcdef0123',
  PREVIEW_SECRET: '0123456789abcdef0123456789abcdef',
  FORMS_SECRET: 'fedcba9876543210fedcba9876543210',
  ALERTS_LINK_SECRET: 'fedcba9876543210fedcba9876543210',
  PUBLIC_ORIGIN: 'https://presse.ffr.fr',
  SMTP_URL: 'smtp://127.0.0.1:8792',
};

describe('configuration', () => {
  it('accepts a complete environment and normalises it', () => {
    const config = readConfig({ ...valid });
    expect(config.WP_API_URL).toBe('http://127.0.0.1:8790/wp-json');
    expect(config.UPSTREAM_TIMEOUT_MS).toBe(8000);
    expect(config.ENVIRONMENT).toBe('development');
    expect(config.PUBLIC_ORIGIN).toBe('https://presse.ffr.fr');
  });

  it('takes an origin only as PUBLIC_ORIGIN', () => {
    expect(() => readConfig({ ...valid, PUBLIC_ORIGIN: 'https://presse.ffr.fr/actualites' })).toThrow(
      /PUBLIC_ORIGIN doit être une origine/,
    );
    expect(readConfig({ ...valid, PUBLIC_ORIGIN: 'https://presse.ffr.fr/' }).PUBLIC_ORIGIN).toBe('https://presse.ffr.fr');
  });

  it('names every missing or malformed variable', () => {
    const { WP_API_URL: _, ...rest } = valid;
    try {
      readConfig({ ...rest, PURGE_SECRET: 'court', UPSTREAM_TIMEOUT_MS: 'beaucoup' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('WP_API_URL manquant');
      expect(message).toContain('PURGE_SECRET doit faire au moins 16 caractères');
      expect(message).toContain('UPSTREAM_TIMEOUT_MS');
    }
  });

  it('wants https for the public origin and every upstream outside development, and SITE_NOW only there', () => {
    expect(() => readConfig({ ...valid, ENVIRONMENT: 'production' })).toThrow(
      /WP_API_URL doit être en https hors développement.*OIDC_ISSUER doit être en https/,
    );
    const https = Object.fromEntries(
      Object.entries(valid).map(([k, v]) => [k, typeof v === 'string' ? v.replace('http://127.0.0.1:8790', 'https://api.ffr.fr') : v]),
    );
    expect(() => readConfig({ ...https, ENVIRONMENT: 'production' })).toThrow(/SMTP_URL doit être en smtps hors développement/);
    https.SMTP_URL = 'smtps://smtp.eu.mailgun.org:465';
    expect(readConfig({ ...https, ENVIRONMENT: 'production' }).WP_API_URL).toBe('https://api.ffr.fr/wp-json');
    expect(() => readConfig({ ...https, ENVIRONMENT: 'production', SITE_NOW: '2026-11-22T08:00:00Z' })).toThrow(
      /SITE_NOW n’est permis qu’en développement/,
    );
    expect(readConfig({ ...valid, SITE_NOW: '2026-11-22T08:00:00Z' }).SITE_NOW).toBe('2026-11-22T08:00:00Z');
  });

  it('refuses a KV binding that is not one', () => {
    expect(() => readConfig({ ...valid, CACHE: 'oops' })).toThrow(/CACHE doit être un espace de noms Workers KV/);
  });
});
