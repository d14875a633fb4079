// Cores and threads for the benches that pin workerd (bench, bench:cpu:workerd): taskset, the
// request thread alone on its core, and what /proc says each process and thread did.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { aptInstall } from './apt.mjs';

/** util-linux's taskset, installed with apt-get when it is missing (sudo only when not root). */
export function ensureTaskset() {
  const has = () => {
    try {
      execFileSync('taskset', ['-V'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (has()) return;
  try {
    aptInstall(['util-linux'], 'taskset absent');
  } catch {}
  if (!has()) {
    console.error(
      'taskset (util-linux) est introuvable et n’a pas pu être installé. Installez « util-linux » (apt-get install util-linux) puis relancez.',
    );
    process.exit(1);
  }
}

/** Every thread of `pid` (and what it starts afterwards) on `core`. */
export function pin(pid, core) {
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' });
}

/**
 * workerd's request thread (its main thread, which runs the isolate) alone on the server core; its
 * helper threads (V8's background GC and compiler, the I/O runtime) on the other. On one core they
 * took turns with the request thread, which then waited for the core 8–10 % of the time; at
 * Cloudflare they run on other cores too, and only the request thread's time is the worker's CPU.
 */
export function pinWorkerd(pid, { serverCore, clientCore }) {
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    execFileSync('taskset', ['-p', '-c', String(Number(tid) === pid ? serverCore : clientCore), tid], { stdio: 'ignore' });
  }
}

// USER_HZ: the unit of /proc/<pid>/stat's times, 100 on every Linux the project runs on.
export const CLK_TCK = 100;

/** Busy and total ticks of each core (/proc/stat: busy = all but idle and iowait). */
export function coreTicks() {
  const ticks = {};
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const m = /^cpu(\d+) (.*)$/.exec(line);
    if (!m) continue;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = m[2].trim().split(/\s+/).map(Number);
    const busy = user + nice + system + irq + softirq + (steal ?? 0);
    ticks[m[1]] = { busy, total: busy + idle + iowait };
  }
  return ticks;
}

/** user + system ticks of a process, all its threads (/proc/<pid>/stat, fields 14 and 15), or of one of its threads. */
export function processTicks(pid, tid) {
  try {
    const stat = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Nanoseconds a thread spent runnable but waiting for a core (/proc/<pid>/task/<tid>/schedstat,
 * second field): on a shared machine, what other processes took.
 */
export function runQueueWaitNs(pid, tid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
  } catch {
    return null;
  }
}

/** The workerd process Miniflare started (a child of this one; a new one after each reload). */
export function findWorkerd() {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === 'workerd' && ppid === process.pid) return Number(name);
    } catch {}
  }
  throw new Error('processus workerd introuvable (enfant de ce processus).');
}

export function threadCount(pid) {
  try {
    return Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return null;
  }
}

/**
 * Nanoseconds a thread has run (/proc/<pid>/task/<tid>/schedstat, first field: the scheduler's
 * own count, exact once the thread has left its core, unlike the tick-sampled times of stat).
 */
export function threadRunNs(pid, tid) {
  return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
}
