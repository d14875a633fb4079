// Shared by `npm start`, the end-to-end tests and the benches: the local upstream and wrangler dev,
// started offline, stopped together.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { access, appendFile, copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const sitePort = Number(process.env.PORT ?? 8787);
export const upstreamPort = Number(process.env.UPSTREAM_PORT ?? 8790);
export const siteUrl = `http://127.0.0.1:${sitePort}`;
export const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;

/**
 * `.dev.vars` from `.dev.vars.example` when missing; a variable the example gained since is added
 * to an existing copy (with the example's local value), so that a checkout keeps starting after a
 * pull. Returns its variables.
 */
export async function ensureDevVars() {
  const file = `${root}.dev.vars`;
  const example = await readFile(`${root}.dev.vars.example`, 'utf8');
  try {
    await access(file);
  } catch {
    await copyFile(`${root}.dev.vars.example`, file);
    console.log('.dev.vars créé à partir de .dev.vars.example (amont local).');
  }
  const vars = parseDevVars(await readFile(file, 'utf8'));
  const missing = Object.entries(parseDevVars(example)).filter(([name]) => !(name in vars));
  if (missing.length > 0) {
    await appendFile(file, `\n${missing.map(([name, value]) => `${name}=${value}`).join('\n')}\n`);
    console.log(`.dev.vars complété depuis .dev.vars.example : ${missing.map(([name]) => name).join(', ')}.`);
    for (const [name, value] of missing) vars[name] = value;
  }
  return vars;
}

// wrangler dev reads .dev.vars with dotenv; Node's parser follows the same rules (quotes, comments,
// `export`, multi-line values), so the scripts see the values the worker gets.
export function parseDevVars(text) {
  return parseEnv(text);
}

/** The variables pointed at the chosen upstream port (the example names 8790). */
export function withUpstreamPort(vars) {
  return Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, movedToUpstreamPort(v, upstreamPort)]));
}

/** The example's addresses (the upstream on 8790, its SMTP server on 8792) moved beside an upstream on `port`. */
export function movedToUpstreamPort(value, port) {
  return value.replaceAll('127.0.0.1:8790', `127.0.0.1:${port}`).replaceAll('127.0.0.1:8792', `127.0.0.1:${port + 2}`);
}

export async function waitFor(url, { timeoutMs = 60_000, ok = (r) => r.status < 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (ok(r)) return r;
      last = `HTTP ${r.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} ne répond pas (${last})`);
}

const children = new Set();

function run(cmd, args, env, label, { quiet = false } = {}) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  // Quiet, the last lines are kept all the same: a part that dies says why.
  const last = [];
  const forward = (stream, out) =>
    stream.on('data', (d) => {
      for (const line of d.toString().split('\n')) {
        if (!line.trim()) continue;
        if (quiet) last.push(line) > 30 && last.shift();
        else out.write(`[${label}] ${line}\n`);
      }
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    // One part of the stack dying takes the rest down, instead of leaving a half-started site.
    if (!stopping && signal === null) {
      for (const line of last) console.error(`[${label}] ${line}`);
      console.error(`[${label}] s'est arrêté (code ${code}) : arrêt de tout.`);
      stopAll();
      process.exit(code || 1);
    }
  });
  return child;
}

export function startUpstreamProcess(vars, opts = {}) {
  const env = { ...vars, UPSTREAM_PORT: String(upstreamPort), PORT: String(sitePort), WORKER_URL: siteUrl, ...(opts.env ?? {}) };
  const args = ['--import', 'tsx', 'dev/main.ts', ...(opts.args ?? [])];
  return run(process.execPath, args, env, 'amont', opts);
}

export function startWrangler(vars, opts = {}) {
  const overrides = [
    ...Object.entries(withUpstreamPort(vars)).filter(([k, v]) => v !== vars[k]),
    // The site answers only at its public origin (PORT may move it).
    ['PUBLIC_ORIGIN', siteUrl],
    ...Object.entries(opts.vars ?? {}),
  ].flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  applyLocalMigrations(opts.persistTo ?? `${root}.wrangler/state`, opts.args ?? []);
  const args = [
    `${root}node_modules/wrangler/bin/wrangler.js`,
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(sitePort),
    '--persist-to',
    opts.persistTo ?? `${root}.wrangler/state`,
    '--show-interactive-dev-session=false',
    ...overrides,
    ...(opts.args ?? []),
  ];
  return run(
    process.execPath,
    args,
    {
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      NO_UPDATE_NOTIFIER: '1',
      ...(opts.env ?? {}),
    },
    'site',
    opts,
  );
}

/**
 * The alerts database's schema (migrations/) applied to the local D1 that `wrangler dev` will open:
 * `wrangler d1 migrations apply` is the one way the schema changes, here as in production.
 */
function applyLocalMigrations(persistTo, args) {
  const config = args.includes('--config') ? ['--config', args[args.indexOf('--config') + 1]] : [];
  execFileSync(
    process.execPath,
    [
      `${root}node_modules/wrangler/bin/wrangler.js`,
      'd1',
      'migrations',
      'apply',
      'ALERTS_DB',
      '--local',
      '--persist-to',
      persistTo,
      ...config,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_UPDATE_NOTIFIER: '1' },
    },
  );
}

let stopping = false;

export function stopAll() {
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
}

for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    stopAll();
    process.exit(130);
  });
process.on('exit', stopAll);

/**
 * Runs `start` while no other process of this machine runs its own (a lock folder holding the
 * holder's pid; taken over once that process is gone, or after `staleMs`). Two end-to-end lanes
 * start their stacks at once (scripts/test.mjs), and wrangler dev picks the ports of its internal
 * sockets as it starts: two starting together can pick the same one (« Address already in use
 * (socket "direct:1:default") »).
 */
export async function oneAtATime(name, start, { staleMs = 180_000 } = {}) {
  const lock = `${root}.wrangler/${name}.lock`;
  await mkdir(`${root}.wrangler`, { recursive: true });
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let said = false; ; ) {
    try {
      await mkdir(lock);
      await writeFile(`${lock}/pid`, String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number(await readFile(`${lock}/pid`, 'utf8').catch(() => '0'));
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      // A holder that died (Ctrl-C, a crash) leaves its folder: taken over at once.
      if ((holder > 0 && !alive(holder)) || since > staleMs) await rm(lock, { recursive: true, force: true });
      else {
        if (!said) console.log(`[stack] ${name} : un autre démarrage est en cours (pid ${holder || '?'}), attente…`);
        said = true;
        await new Promise((ok) => setTimeout(ok, 200));
      }
    }
  }
  const release = () => rmSync(lock, { recursive: true, force: true });
  // process.exit (a part of the stack died, Ctrl-C) skips the finally below.
  process.once('exit', release);
  try {
    return await start();
  } finally {
    process.off('exit', release);
    release();
  }
}
