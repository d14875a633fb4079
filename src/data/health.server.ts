import * as z from 'zod';
import type { Bindings } from '../app-env';
import { EnvSchema, type Config } from '../config/env.server';
import { createSearchClient } from '../upstream/algolia.server';
import { requestJson } from '../upstream/http.server';
import { createStaticListsClient } from '../upstream/static-lists.server';
import { newsroomMedias } from '../upstream/user.server';
import { createWordPressClient } from '../upstream/wordpress.server';
import { marksState } from '../cache/tags.server';
import { zoneCacheState } from '../upstream/zone-cache.server';

// What GET /__health answers (routes/health.ts). Anyone gets the public status: the configuration
// valid and the purge marks current, from what this isolate already knows, so that it costs no
// upstream call. The team's uptime check and the smoke tests, with HEALTH_TOKEN, get the details:
// the names of the variables at fault (never a value), each upstream and each binding probed,
// with its latency. Never cached; the details are remembered ten seconds per isolate, so that
// calling them in a loop costs the upstreams (a billed Algolia search among them) one round of
// calls every ten seconds at most.

type Probe = { name: string; ok: boolean; ms: number; error?: string };
export type Health = {
  status: 'ok' | 'degraded' | 'error';
  checkedAt: string;
  config: { valid: boolean; problems?: string[] };
  checks: Probe[];
  /** This isolate's copy of the purge marks: not current means pages are judged with last-known marks. */
  purgeMarks?: ReturnType<typeof marksState>;
  /** Cloudflare's tiers in front of WordPress (decision 024): the zone's purge, and the last copy a tier gave. */
  zoneCache?: ReturnType<typeof zoneCacheState>;
};

const REMEMBER_MS = 10_000;
/** A monitor wants an answer within seconds, even when an upstream hangs. */
const PROBE_TIMEOUT_MS = 3000;
let last: { at: number; health: Promise<Health> } | null = null;

async function probe(name: string, check: () => Promise<unknown>): Promise<Probe> {
  const started = Date.now();
  const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS));
  try {
    await Promise.race([check(), deadline]);
    return { name, ok: true, ms: Date.now() - started };
  } catch (error) {
    // The kind of failure only: an upstream's message may carry an address or a token.
    const kind =
      error instanceof Error
        ? error.name === 'UpstreamError'
          ? error.message.split(' on ')[0]!
          : error.message === 'timeout'
            ? 'timeout'
            : error.name
        : 'error';
    return { name, ok: false, ms: Date.now() - started, error: kind };
  }
}

function checks(env: Bindings, config: Config): Promise<Probe[]> {
  const marks = env.PURGE_MARKS;
  return Promise.all([
    probe('wordpress', () => createWordPressClient(config).settings()),
    probe('static-lists', () => createStaticListsClient(config).lastPosts()),
    probe('middleware', () => newsroomMedias(config)),
    probe('algolia', () =>
      createSearchClient(config).search(
        { query: '', tag: '', category: '', sort: 'recent', page: 1 },
        new URL(config.PUBLIC_ORIGIN).hostname,
      ),
    ),
    probe('identity-provider', () =>
      requestJson(`${config.OIDC_ISSUER}/.well-known/openid-configuration`, z.object({ issuer: z.string() }).loose(), {
        timeoutMs: PROBE_TIMEOUT_MS,
      }),
    ),
    probe('kv', () => env.CACHE.get('health:probe')),
    probe('purge-marks', () => marks.get(marks.idFromName('marks')).read()),
  ]);
}

export type PublicHealth = Pick<Health, 'status' | 'checkedAt'>;

/** What anyone may know, computed from this isolate alone: no upstream is called. */
export function publicHealth(env: Bindings): PublicHealth {
  const parsed = EnvSchema.safeParse(env);
  const checkedAt = new Date().toISOString();
  if (!parsed.success) return { status: 'error', checkedAt };
  return { status: marksState(parsed.data.PURGE_BOUND_MS).failingSince === null ? 'ok' : 'degraded', checkedAt };
}

/** True when the request carries HEALTH_TOKEN as a Bearer token; compared as SHA-256 digests, in constant time. */
export async function holdsHealthToken(env: Bindings, authorization: string | undefined): Promise<boolean> {
  const token = (env as { HEALTH_TOKEN?: string }).HEALTH_TOKEN;
  const sent = authorization?.match(/^Bearer ([\x21-\x7e]{1,256})$/)?.[1];
  if (!token || !sent) return false;
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(token), digest(sent)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** The configuration's faults, or each upstream and binding probed (remembered ten seconds per isolate). */
export async function checkHealth(env: Bindings): Promise<Health> {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = [...new Set(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`))];
    return { status: 'error', checkedAt: new Date().toISOString(), config: { valid: false, problems }, checks: [] };
  }
  const now = Date.now();
  if (!last || now - last.at >= REMEMBER_MS) {
    const checkedAt = new Date(now).toISOString();
    last = {
      at: now,
      health: checks(env, parsed.data).then((results) => {
        const purgeMarks = marksState(parsed.data.PURGE_BOUND_MS);
        const fine = results.every((r) => r.ok) && purgeMarks.failingSince === null;
        return {
          status: fine ? 'ok' : 'degraded',
          checkedAt,
          config: { valid: true },
          checks: results,
          purgeMarks,
          zoneCache: zoneCacheState(parsed.data),
        };
      }),
    };
  }
  return last.health;
}
