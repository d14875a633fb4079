import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDevVars, root } from '../../scripts/lib/stack.mjs';
import { smoke } from '../../scripts/smoke.mjs';
import { siteUrl } from './browser';

// npm run smoke, the check CI runs against staging after each deploy and against each production
// version before it takes traffic (docs/deploy.md), here against the local stack.
const secrets = async () => parseDevVars(await readFile(`${root}.dev.vars`, 'utf8'));

describe('npm run smoke', () => {
  it('passes every check on a working site, the purge and the health details included', async () => {
    const { HEALTH_TOKEN, PURGE_SECRET } = await secrets();
    const results = await smoke({ url: siteUrl(), env: { HEALTH_TOKEN, PURGE_SECRET } });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.map((r) => r.name)).toEqual([
      'accueil',
      'scripts et feuilles de style de l’accueil',
      'une catégorie',
      'un article',
      'la recherche',
      'l’état de santé',
      'la connexion mène au fournisseur d’identité',
      'une purge signée',
    ]);
    expect(results.find((r) => r.name === 'une purge signée')?.detail).toMatch(/^effective à /);
    expect(results.find((r) => r.name === 'l’état de santé')?.detail).toBe('7 sondes');
  });

  it('fails, and says which check, when the purge is refused', () => {
    const run = spawnSync(process.execPath, [`${root}scripts/smoke.mjs`, '--url', siteUrl()], {
      encoding: 'utf8',
      env: { ...process.env, PURGE_SECRET: 'pas-le-secret-du-site-0123456789', HEALTH_TOKEN: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('✘ une purge signée — statut 401 invalid_signature');
    expect(run.stdout).toContain('✘ 1 contrôle en échec');
  });
});
