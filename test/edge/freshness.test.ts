import { describe, expect, it } from 'vitest';
import { simulate, standardDurationMs, standardScenario } from '../../scripts/lib/edge-sim.mjs';

// A publish reaches every location within the purge bound, and old text never comes back: the
// worker's production bundle on three simulated Cloudflare locations (scripts/lib/edge-sim.mjs),
// KV writes reaching them after 0, 10 and 120 s. `npm run freshness` runs ten locations.

const LOCATIONS = [
  { name: 'CDG', kvDelayMs: 0 },
  { name: 'FRA', kvDelayMs: 10_000 },
  { name: 'NRT', kvDelayMs: 120_000 },
];

describe('a publish on every Cloudflare location (issue 31)', () => {
  it('is served everywhere within 5 s of its acknowledgement, with no resurrection, no lost purge, no older copy over a newer one', async () => {
    const report = await simulate({ locations: LOCATIONS, posts: 50, durationMs: standardDurationMs(120_000), scenario: standardScenario });
    expect(report.examples).toMatchObject({ late: [], lost: [], violations: [] });
    expect(report.boundMs).toBeLessThanOrEqual(5000);
    expect(report.resurrections).toBe(0);
    expect(report.lostPurges).toBe(0);
    expect(report.storeViolations).toBe(0);
    expect(report.serverErrors).toBe(0);
    // Once every publish has settled, every page at every location is served from the cache again.
    expect(report.uncachedAtEnd).toBe(0);
    // Every publish was acknowledged (the cut-off location's on WordPress's retry), 50 of them at once.
    expect(report.acknowledged).toBe(report.publishes);
    expect(report.publishes).toBe(54);
  }, 600_000);

  it('sees the old text stay when a purge names the wrong post (the measure can fail)', async () => {
    const report = await simulate({
      locations: LOCATIONS.slice(0, 2),
      posts: 2,
      durationMs: 20_000,
      scenario: (plan) => plan.publishMisnamed(plan.start + 5000, plan.posts[0], plan.posts[1], plan.locations[0]),
    });
    expect(report.acknowledged).toBe(1);
    expect(report.lostPurges).toBe(1);
    expect(report.boundMs).toBeGreaterThan(10_000);
  }, 120_000);
});
