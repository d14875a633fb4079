// npm run monitor -- --url https://presse.ffr.fr [--service ffr-presse] [--minutes 10]
// The team's alerts, as code: .github/workflows/monitor.yml runs this every five minutes from
// outside Cloudflare, and opens (or updates) an « Alerte » issue when it exits 1 (docs/operations.md).
//   1. uptime: GET /__health with HEALTH_TOKEN answers 200 `ok` within 10 s, every probe up;
//   2. with CLOUDFLARE_API_TOKEN (Workers Observability read) and CLOUDFLARE_ACCOUNT_ID, the last
//      minutes of Workers Logs: any `worker.unhandled`, `config.invalid`, `purge.not_stored`,
//      `purge.not_visible_in_time` (the purge object too slow to acknowledge), `purge.alerts_not_queued` or `alerts.dead_letter` (a press alert given up), `alerts.relay_refused`
//      (the mail relay refusing the sender, the login or the message: every alert waits),
//      and more than 1 % of answers in 5xx (over at least 100 requests).
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const HEALTH_MS = 10_000;
/** Below this many requests in the window, a share of 5xx says nothing (three errors at night). */
const MIN_REQUESTS = 100;
const MAX_5XX_SHARE = 0.01;
/** Events that are an alert at their first occurrence (docs/operations.md, the event table). */
export const ALERT_EVENTS = [
  'worker.unhandled',
  'config.invalid',
  'purge.not_stored',
  'purge.not_visible_in_time',
  'zone_purge.failed',
  'purge.alerts_not_queued',
  'alerts.dead_letter',
  'alerts.relay_refused',
];

/**
 * The body of one Workers Observability query, POST …/workers/observability/telemetry/query
 * (Cloudflare's API reference, and its client's types in cloudflare/cloudflare-typescript
 * src/resources/workers/observability/telemetry.ts): counts of the worker's own JSON log lines,
 * grouped by their `event` and `status` fields, over the window, in the default datasets. `dry`:
 * the query is run, not saved.
 */
export function telemetryQuery({ service, now, minutes }) {
  return {
    queryId: `${service}-monitor`,
    timeframe: { from: now - minutes * 60_000, to: now },
    view: 'calculations',
    dry: true,
    parameters: {
      filters: [{ key: '$metadata.service', operation: 'eq', type: 'string', value: service }],
      filterCombination: 'and',
      calculations: [{ operator: 'count', alias: 'lines' }],
      groupBys: [
        { type: 'string', value: 'event' },
        { type: 'number', value: 'status' },
      ],
      limit: 1000,
    },
  };
}

/** From the query's answer: each event's count, and the request lines' total and 5xx. */
export function countsFrom(result) {
  const counts = { events: {}, requests: 0, errors5xx: 0 };
  for (const aggregate of result?.calculations?.[0]?.aggregates ?? []) {
    const group = Object.fromEntries((aggregate.groups ?? []).map((g) => [g.key, g.value]));
    const n = Number(aggregate.value ?? aggregate.count ?? 0);
    if (typeof group.event !== 'string') continue;
    counts.events[group.event] = (counts.events[group.event] ?? 0) + n;
    if (group.event === 'request') {
      counts.requests += n;
      if (Number(group.status) >= 500) counts.errors5xx += n;
    }
  }
  return counts;
}

/** The French alerts the team gets, from what the checks saw; none when all is well. */
export function alertsFrom({ health, counts, minutes }) {
  const alerts = [];
  if (health && !health.ok) alerts.push(`le site ne répond pas « ok » à /__health : ${health.problem}`);
  if (counts) {
    for (const event of ALERT_EVENTS)
      if (counts.events[event] > 0) alerts.push(`${counts.events[event]} × ${event} dans les ${minutes} dernières minutes`);
    const share = counts.requests ? counts.errors5xx / counts.requests : 0;
    if (counts.requests >= MIN_REQUESTS && share > MAX_5XX_SHARE)
      alerts.push(
        `${(share * 100).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} % de réponses 5xx (${counts.errors5xx} sur ${counts.requests}) dans les ${minutes} dernières minutes`,
      );
  }
  return alerts;
}

async function checkHealth(origin, token) {
  try {
    const res = await fetch(`${origin}/__health`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(HEALTH_MS),
    });
    const body = await res.json().catch(() => ({}));
    const failing = (body.checks ?? []).filter((c) => !c.ok).map((c) => `${c.name} (${c.error})`);
    if (res.status === 200 && body.status === 'ok') return { ok: true };
    return { ok: false, problem: `${res.status} ${body.status ?? ''} ${failing.join(', ')}`.trim() };
  } catch (error) {
    return { ok: false, problem: error.name === 'TimeoutError' ? `pas de réponse en ${HEALTH_MS / 1000} s` : error.message };
  }
}

async function queryTelemetry({ service, minutes, env, apiBase }) {
  const res = await fetch(`${apiBase}/accounts/${env.CLOUDFLARE_ACCOUNT_ID}/workers/observability/telemetry/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.CLOUDFLARE_API_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(telemetryQuery({ service, now: Date.now(), minutes })),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || body.success === false)
    throw new Error(`Workers Observability : ${res.status} ${(body.errors ?? []).map((e) => e.message).join(', ')}`);
  return countsFrom(body.result);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, service: { type: 'string', default: 'ffr-presse' }, minutes: { type: 'string', default: '10' } },
  });
  const minutes = Number(values.minutes);
  if (!values.url || !URL.canParse(values.url) || !(minutes >= 1 && minutes <= 60)) {
    console.error('npm run monitor -- --url https://… [--service ffr-presse] [--minutes 1–60]');
    process.exit(2);
  }
  const env = process.env;
  const health = await checkHealth(new URL(values.url).origin, env.HEALTH_TOKEN);
  let counts = null;
  if (env.CLOUDFLARE_API_TOKEN && env.CLOUDFLARE_ACCOUNT_ID) {
    const apiBase = env.CLOUDFLARE_API_BASE_URL ?? 'https://api.cloudflare.com/client/v4';
    try {
      counts = await queryTelemetry({ service: values.service, minutes, env, apiBase });
    } catch (error) {
      // Observability unreachable is not the site down: said, not alerted on.
      console.log(`· journaux non lus : ${error.message}`);
    }
  }
  const alerts = alertsFrom({ health, counts, minutes });
  if (counts) console.log(`· ${counts.requests} requêtes, ${counts.errors5xx} en 5xx, dans les ${minutes} dernières minutes`);
  for (const alert of alerts) console.log(`✘ ${alert}`);
  if (alerts.length === 0) console.log('✔ rien à signaler');
  process.exit(alerts.length ? 1 : 0);
}
