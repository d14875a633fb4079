import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
// Issue 30, item 11: the site's own French, as written in its source. What the islands say only in
// the browser (windows, the search panel, snack bars) is never in a page the crawler reads
// (test/worker/typography.test.ts): every string, template and JSX text of src/ is read here. An
// ordinary space before « ? ! ; : » or after « is a fault; a sentence written with fr`…` is set
// when it is shown (lib/format/typography.ts) and is not one.

const ROOT = new URL('../../', import.meta.url).pathname;
const FAULT = /[\p{L}\p{N})»’.…] [?!;:»]|« \p{L}/u;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

type Node = { type: string; start: number; [key: string]: unknown };

function faults(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  const { program } = parseSync(path, source);
  const found: string[] = [];
  const lineOf = (at: number) => source.slice(0, at).split('\n').length;
  const check = (node: Node, text: string) => {
    if (FAULT.test(text)) found.push(`${relative(ROOT, path)}:${lineOf(node.start)}: « ${text.replace(/\s+/g, ' ').trim().slice(0, 80)} »`);
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    // fr`…` is set as it runs; a regular expression is code.
    if (n.type === 'TaggedTemplateExpression' && (n.tag as Node & { name?: string }).name === 'fr') return;
    if (n.type === 'Literal' && typeof n.value === 'string' && !n.regex) check(n, n.value);
    else if (n.type === 'TemplateElement') check(n, String((n.value as { cooked: string | null }).cooked ?? ''));
    else if (n.type === 'JSXText') check(n, String(n.value));
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && typeof value === 'object') visit(value);
  };
  visit(program);
  return found;
}

describe('French typography in the site’s own words (issue 30, item 11)', () => {
  it('no string of src/ has an ordinary space before « ? ! ; : » nor after «', () => {
    const files = sources(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(150);
    expect(files.flatMap(faults)).toEqual([]);
  });
});
