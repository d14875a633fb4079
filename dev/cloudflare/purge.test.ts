import { describe, expect, it } from 'vitest';
import { createZonePurgeApi } from './purge';

const ZONE = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const TOKEN = 'local-zone-purge-token-0123456789';

function api(now = () => 1_000_000) {
  const made = createZonePurgeApi({ zoneId: ZONE, token: TOKEN, now });
  const purge = (tags: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, zone = ZONE) =>
    made.api.request(`/zones/${zone}/purge_cache`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ tags }),
    });
  return { ...made, purge };
}

describe('the emulated zone purge API', () => {
  it('purges by tag with the zone’s token, in the v4 envelope, and lists what it purged', async () => {
    const { purge, control } = api();
    const answer = await purge(['ffr-presse:home', 'ffr-presse:post:un']);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: true, errors: [], messages: [], result: { id: ZONE } });
    expect(await (await control.request('/')).json()).toEqual([{ at: 1_000_000, tags: ['ffr-presse:home', 'ffr-presse:post:un'] }]);
  });

  it('refuses a missing header (400, 6003), another token or zone (403, 10000)', async () => {
    const { purge } = api();
    const missing = await purge(['a'], {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors[0]).toMatchObject({ code: 6003, error_chain: [{ code: 6111 }] });
    for (const answer of [await purge(['a'], { authorization: 'Bearer autre-jeton' }), await purge(['a'], undefined, 'f'.repeat(32))]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ success: false, errors: [{ code: 10000, message: 'Authentication error' }] });
    }
  });

  it('takes at most 100 tags a call, 1 024 characters and printable ASCII each', async () => {
    const { purge } = api();
    expect((await purge(Array.from({ length: 101 }, (_, i) => `t${i}`))).status).toBe(400);
    expect((await purge(Array.from({ length: 100 }, (_, i) => `t${i}`))).status).toBe(200);
    const long = await purge(['x'.repeat(1025)]);
    expect(long.status).toBe(200);
    expect(await long.json()).toMatchObject({ success: false, errors: [{ code: 1100 }] });
    expect(await (await purge(['é'])).json()).toMatchObject({ success: false, errors: [{ code: 1315 }] });
    expect((await purge([])).status).toBe(400);
  });

  it('answers 429 with retry-after past the Pro bucket (25, five a second), and refills', async () => {
    let t = 1_000_000;
    const { purge } = api(() => t);
    const statuses = [];
    for (let i = 0; i < 26; i++) statuses.push((await purge(['home'])).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    const limited = await purge(['home']);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({ success: false, errors: [{ code: 971 }] });
    t += 200;
    expect((await purge(['home'])).status).toBe(200);
    expect((await purge(['home'])).status).toBe(429);
  });
});
