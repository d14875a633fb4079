import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDevVars, root } from '../../scripts/lib/stack.mjs';
import { siteUrl } from './browser';

// GET /__health on the whole local stack (wrangler dev and the local upstream), as the team's
// uptime check calls it, with HEALTH_TOKEN (docs/operations.md). Its failures are tested in workerd
// (test/worker/observability.test.ts).
describe('GET /__health', () => {
  it('answers anyone 200 and a status alone, never cached', async () => {
    const res = await fetch(`${siteUrl()}/__health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(Object.keys((await res.json()) as object).sort()).toEqual(['checkedAt', 'status']);
  });

  it('with the token: 200, the configuration valid and every upstream and binding reachable', async () => {
    const { HEALTH_TOKEN } = parseDevVars(await readFile(`${root}.dev.vars`, 'utf8'));
    const res = await fetch(`${siteUrl()}/__health`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
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
