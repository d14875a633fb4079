import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig } from 'wrangler';
import { releasePlan, serving } from '../../scripts/release.mjs';

// npm run release: which releases may go through the canary (docs/decisions/022), and which
// commit each deployed version was built from.
const root = fileURLToPath(new URL('../../', import.meta.url));
const committed = () => experimental_readRawConfig({ config: `${root}wrangler.jsonc` }).rawConfig as Record<string, any>;

describe('releasePlan', () => {
  it('lets an ordinary release go through the canary', () => {
    expect(releasePlan(committed(), committed(), 'production')).toEqual({ mode: 'canary', reasons: [] });
  });

  it('refuses the canary to a first deploy, a Durable Object migration and a change of routes', () => {
    expect(releasePlan(null, committed(), 'production').mode).toBe('full');
    const migrated = committed();
    migrated.migrations.push({ tag: 'v2', new_sqlite_classes: ['Alertes'] });
    expect(releasePlan(committed(), migrated, 'production')).toEqual({
      mode: 'full',
      reasons: ['migration Durable Object v2 (versions upload la refuse : erreur 10211)'],
    });
    const moved = committed();
    moved.env.production.routes = [{ pattern: 'presse2.ffr.fr', custom_domain: true }];
    expect(releasePlan(committed(), moved, 'production').reasons).toEqual(['routes modifiées (versions upload ne les applique pas)']);
    // Staging's routes are not production's business.
    expect(releasePlan(committed(), moved, 'staging').mode).toBe('canary');
  });

  it('refuses the canary to a change of cron schedules or Queue consumers, which versions upload never applies', () => {
    const rescheduled = committed();
    rescheduled.env.production.triggers = { crons: ['5 * * * *', '0 6 * * *'] };
    expect(releasePlan(committed(), rescheduled, 'production').reasons).toEqual([
      'tâches planifiées (crons) modifiées (versions upload ne les applique pas)',
    ]);
    // The release that brought the press alerts: its consumer and its hourly run came with it.
    const before = committed();
    delete before.triggers;
    delete before.env.production.triggers;
    delete before.env.production.queues;
    expect(releasePlan(before, committed(), 'production')).toEqual({
      mode: 'full',
      reasons: [
        'tâches planifiées (crons) modifiées (versions upload ne les applique pas)',
        'consommateurs de files (Queues) modifiés (versions upload ne les applique pas)',
      ],
    });
    expect(releasePlan(committed(), committed(), 'production').mode).toBe('canary');
  });

  it('says so when a deployed migration was removed from the file', () => {
    const lost = committed();
    lost.migrations = [];
    expect(releasePlan(committed(), lost, 'production').reasons).toContain(
      'une migration déployée a disparu de wrangler.jsonc : à corriger avant tout déploiement',
    );
  });
});

describe('serving', () => {
  it('names each deployed version’s commit from its tag, and none for a version uploaded by hand', () => {
    const status = {
      versions: [
        { version_id: 'a', percentage: 90 },
        { version_id: 'b', percentage: 10 },
      ],
    };
    const views = { a: { annotations: { 'workers/tag': '0123456789ab' } }, b: { annotations: { 'workers/tag': 'à la main' } } };
    expect(serving(status, views)).toEqual([
      { id: 'a', percentage: 90, commit: '0123456789ab' },
      { id: 'b', percentage: 10, commit: null },
    ]);
  });
});

describe('npm run release -- plan', () => {
  it('reads wrangler.jsonc at both commits from git', () => {
    const run = spawnSync(
      process.execPath,
      [`${root}scripts/release.mjs`, 'plan', '--env', 'production', '--from', 'HEAD', '--to', 'HEAD'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, GITHUB_OUTPUT: '' },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Déploiement progressif possible');
  });
});
