// The load generator of `npm run bench`, in a process of its own so that it can be pinned to its own
// core (`taskset`) and its CPU counted apart from the bench's: autocannon, driven over the IPC
// channel of scripts/bench.mjs (spawned with `taskset -c <core> node load-generator.mjs`).
//   → { id, url, connections, seconds }
//   ← { id, requests, seconds, rps, p50, p90, p99, p999, max, bytes, non2xx, errors, cpuMs }
// Latencies are every 2xx response's time in milliseconds, sub-millisecond (autocannon's own
// histogram keeps whole milliseconds, too coarse at a few milliseconds per request).
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

if (!process.send) throw new Error('load-generator.mjs : à lancer par scripts/bench.mjs (canal IPC).');

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : null);
const round3 = (x) => (x === null ? null : Math.round(x * 1000) / 1000);

async function run({ url, connections, seconds }) {
  let times = new Float64Array(1 << 16);
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const instance = autocannon({ url, connections, duration: seconds });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status < 200 || status > 299) return;
    if (n === times.length) {
      const grown = new Float64Array(times.length * 2);
      grown.set(times);
      times = grown;
    }
    times[n++] = ms;
  });
  const result = await instance;
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const sorted = times.subarray(0, n).sort();
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: round3(percentile(sorted, 0.5)),
    p90: round3(percentile(sorted, 0.9)),
    p99: round3(percentile(sorted, 0.99)),
    p999: round3(percentile(sorted, 0.999)),
    max: round3(n ? sorted[n - 1] : null),
    bytes: result.throughput.total,
    // Anything but a 200 counts: a redirect would be a cheaper answer than the page.
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
  };
}

process.on('message', async (msg) => {
  try {
    process.send({ id: msg.id, ...(await run(msg)) });
  } catch (e) {
    process.send({ id: msg.id, error: String(e?.stack ?? e) });
  }
});
process.on('disconnect', () => process.exit(0));
