import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every event the worker logs is one the team can look up: docs/operations.md's table names each
// (its alerts are set on these names), and names nothing the code no longer writes.
const root = fileURLToPath(new URL('../../', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('log events', () => {
  it('are all in docs/operations.md’s event table, and the table names no other', () => {
    const written = new Set(
      sources(join(root, 'src')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\blog\.(?:info|warn|error)\)?\(\s*'([a-z0-9_.]+)'/g)].map((m) => m[1]!),
      ),
    );
    expect(written.size).toBeGreaterThan(10);
    const doc = readFileSync(join(root, 'docs/operations.md'), 'utf8');
    const table = new Set(
      [...doc.matchAll(/^\s*\| `([^|]+)` \|/gm)].flatMap((m) => [...m[1]!.matchAll(/([a-z0-9_]+\.[a-z0-9_.]+)/g)].map((n) => n[1]!)),
    );
    expect([...written].filter((name) => !table.has(name)).sort(), 'logged but not in the table').toEqual([]);
    expect([...table].filter((name) => !written.has(name) && name !== 'request').sort(), 'in the table but never logged').toEqual([]);
  });
});
