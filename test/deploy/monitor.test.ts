import { describe, expect, it } from 'vitest';
import { ALERT_EVENTS, alertsFrom, countsFrom, telemetryQuery } from '../../scripts/monitor.mjs';

// npm run monitor: the alerts the team gets (docs/operations.md), from the health check and from
// a Workers Observability query of the worker's own log lines.
const NOW = Date.UTC(2026, 10, 28, 6, 0, 0);
const aggregate = (event: string, status: number | null, value: number) => ({
  count: value,
  value,
  interval: 0,
  sampleInterval: 1,
  groups: [{ key: 'event', value: event }, ...(status === null ? [] : [{ key: 'status', value: status }])],
});

describe('the monitor', () => {
  it('asks Workers Observability for the window’s log lines of one worker, by event and status', () => {
    const body = telemetryQuery({ service: 'ffr-presse', now: NOW, minutes: 10 });
    expect(body.timeframe).toEqual({ from: NOW - 600_000, to: NOW });
    expect(body.view).toBe('calculations');
    expect(body.parameters.filters).toEqual([{ key: '$metadata.service', operation: 'eq', type: 'string', value: 'ffr-presse' }]);
    expect(body.parameters.groupBys.map((g) => g.value)).toEqual(['event', 'status']);
  });

  it('stays quiet on a normal window, and on a few 5xx at night', () => {
    const quiet = countsFrom({
      calculations: [
        { aggregates: [aggregate('request', 200, 5000), aggregate('request', 503, 20), aggregate('cache.write_failed', null, 3)] },
      ],
    });
    expect(quiet).toEqual({ events: { request: 5020, 'cache.write_failed': 3 }, requests: 5020, errors5xx: 20 });
    expect(alertsFrom({ health: { ok: true }, counts: quiet, minutes: 10 })).toEqual([]);
    const night = countsFrom({ calculations: [{ aggregates: [aggregate('request', 200, 40), aggregate('request', 500, 3)] }] });
    expect(alertsFrom({ health: { ok: true }, counts: night, minutes: 10 })).toEqual([]);
  });

  it('alerts on the first unhandled error, invalid configuration or unstored purge, on 5xx above 1 %, and on a failing health check', () => {
    for (const event of ALERT_EVENTS) {
      const counts = countsFrom({ calculations: [{ aggregates: [aggregate('request', 200, 1000), aggregate(event, null, 1)] }] });
      expect(alertsFrom({ health: { ok: true }, counts, minutes: 10 })).toEqual([`1 × ${event} dans les 10 dernières minutes`]);
    }
    const failing = countsFrom({ calculations: [{ aggregates: [aggregate('request', 200, 980), aggregate('request', 502, 20)] }] });
    expect(alertsFrom({ health: { ok: true }, counts: failing, minutes: 10 })).toEqual([
      '2 % de réponses 5xx (20 sur 1000) dans les 10 dernières minutes',
    ]);
    expect(alertsFrom({ health: { ok: false, problem: '503 degraded wordpress (timeout)' }, counts: null, minutes: 10 })).toEqual([
      'le site ne répond pas « ok » à /__health : 503 degraded wordpress (timeout)',
    ]);
  });
});
