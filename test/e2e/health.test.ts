import { describe, expect, it } from 'vitest';
import { siteUrl } from './browser';

// GET /__health on the whole local stack (wrangler dev and the local upstream), as the team's
// monitor calls it after a deploy (docs/operations.md). Its failures are tested in workerd
// (test/worker/observability.test.ts).
describe('GET /__health', () => {
  it('answers 200, the configuration valid and every upstream and binding reachable, never cached', async () => {
    const res = await fetch(`${siteUrl()}/__health`);
    const body = (await res.json()) as {
      status: string;
      config: { valid: boolean };
      checks: Array<{ name: string; ok: boolean; ms: number }>;
    };
    expect(body.checks.filter((c) => !c.ok)).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(body).toMatchObject({ status: 'ok', config: { valid: true } });
    expect(body.checks.map((c) => c.name)).toEqual([
      'wordpress',
      'static-lists',
      'middleware',
      'algolia',
      'identity-provider',
      'kv',
      'purge-marks',
    ]);
  });
});
