// The worker's source as it was at a commit, beside this checkout (so that node_modules resolve from
// here): `git archive <commit> src` into .bench/source-<commit>-<pid>/, with public/ (the client build's
// manifest) linked in. For comparing the code before a change with the code after it, in one run
// (npm run freshness's calibration, npm run bench:cpu with BENCH_CPU_BASELINE). Needs the
// repository's history: a shallow clone has none.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { root } from './stack.mjs';

/** Resolves with the directory (ending in /) holding src/ (and the other `paths`) at `commit`, and a way to remove it. */
export async function sourceAt(commit, paths = ['src']) {
  if (!/^[0-9a-f]{7,40}$/.test(commit)) throw new Error(`not a commit: ${commit}`);
  // One folder per process: `npm run freshness -- --history` extracts the same commit in several jobs at once.
  const dir = `${root}.bench/source-${commit}-${process.pid}/`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} ${paths.join(' ')} | tar -x -C "${dir}"`], { cwd: root });
  if (!existsSync(`${dir}public`)) await symlink(`${root}public`, `${dir}public`);
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
