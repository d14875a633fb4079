import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUrl, upstreamUrl } from './browser';

// npm run freshness:live on the running stack: the local upstream publishes a new title and
// delivers the signed purge as the WordPress plugin does, the script reads the page as readers do.

type Summary = { id: number; title: string; link: string; date: string; redirection: string };
type Report = {
  mode: string;
  post: { id: number; path: string; title: string };
  restored: { ok: boolean };
  runs: Array<{
    marker: string;
    visible: boolean;
    publishToAckMs: number;
    publishToVisibleMs: number;
    purge: { status?: number; error?: string } | null;
    polls: { article: Array<{ status?: number; marker: boolean }> };
  }>;
};

const root = fileURLToPath(new URL('../..', import.meta.url));
const articles = async () => (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Summary[];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'freshness-live-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/freshness-live.mjs', ...args], {
      cwd: root,
      // No WordPress credentials: the script must take the local upstream's path.
      env: { ...process.env, WP_USER: '', WP_APP_PASSWORD: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run freshness:live', () => {
  it('publishes through the local upstream twice, sees the new title on the article page, then restores the title', async () => {
    // Other tests take the newest posts: the fifth that stays on the site is left to this one.
    const post = (await articles()).filter((a) => !a.redirection).sort((a, b) => b.date.localeCompare(a.date))[4]!;
    const out = join(dir, 'freshness-live.json');
    const { code, output } = await run([
      '--site',
      siteUrl(),
      '--wordpress',
      upstreamUrl(),
      '--post',
      String(post.id),
      '--runs',
      '2',
      '--out',
      out,
    ]);
    expect(code, output).toBe(0);

    const report = JSON.parse(await readFile(out, 'utf8')) as Report;
    expect(report.mode).toBe('emulator');
    expect(report.post).toMatchObject({ id: post.id, path: post.link, title: post.title });
    expect(report.runs).toHaveLength(2);
    for (const r of report.runs) {
      expect(r.visible).toBe(true);
      expect(r.publishToVisibleMs).toBeGreaterThan(0);
      expect(r.publishToVisibleMs).toBeLessThanOrEqual(15_000);
      expect(r.publishToAckMs).toBeGreaterThan(0);
      expect(r.purge).toEqual({ status: 200 });
      expect(r.polls.article.at(-1)).toMatchObject({ status: 200, marker: true });
    }
    expect(new Set(report.runs.map((r) => r.marker)).size).toBe(2);

    // The content is as it was, in WordPress and on the site.
    expect(report.restored.ok).toBe(true);
    expect((await articles()).find((a) => a.id === post.id)?.title).toBe(post.title);
    const page = await (await fetch(`${siteUrl()}${post.link}`, { headers: { accept: 'text/html' } })).text();
    for (const r of report.runs) expect(page).not.toContain(r.marker);
  });

  it('refuses bad arguments with exit code 2', async () => {
    const { code, output } = await run(['--site', 'not a url', '--wordpress', upstreamUrl()]);
    expect(code).toBe(2);
    expect(output).toContain('--site is not a URL');
  });
});
