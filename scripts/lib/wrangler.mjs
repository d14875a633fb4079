// wrangler as the scripts run it (deploy:check, release, rotate-secret): this checkout's pinned
// wrangler, under the Node running the script, without telemetry, banner or update check.
import { spawnSync } from 'node:child_process';
import { root } from './stack.mjs';

/**
 * Runs `wrangler …args`; `input` goes to its stdin through a pipe (never the terminal: a secret is
 * read from it without a prompt), `inherit` shows its output as it comes; `env` adds to the caller's.
 */
export function runWrangler(args, { input, inherit = false, cwd = root, env = {} } = {}) {
  return spawnSync(process.execPath, [`${root}node_modules/wrangler/bin/wrangler.js`, ...args], {
    cwd,
    input,
    encoding: 'utf8',
    stdio: inherit ? 'inherit' : 'pipe',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', NO_UPDATE_NOTIFIER: '1', ...env },
  });
}
