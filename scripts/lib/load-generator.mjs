// The load generator of `npm run bench`, in a process of its own so that it can be pinned to its own
// core (`taskset`) and its CPU counted apart from the bench's: autocannon, driven over the IPC
// channel of scripts/bench.mjs (spawned with `taskset -c <core> node load-generator.mjs`).
//   → { id, url, connections, seconds }
//   ← { id, requests, seconds, rps, p50, p90, p99, p999, max, bytes, non2xx, errors, cpuMs,
//       servedDuringTail, connectionShare }
// Latencies are every 2xx response's time in milliseconds, sub-millisecond (autocannon's own
// histogram keeps whole milliseconds, too coarse at a few milliseconds per request).
// Where the tail comes from, told apart by what the other connections got meanwhile:
//   - servedDuringTail: for each response at or above p99, the responses the other connections
//     received while it was pending, ÷ what the run's mean rate gives in that time; the median.
//     Near 0, everything stopped (a pause: the runtime's garbage collector, or the client's); near
//     1, the server kept answering the others at full rate while this one waited its turn;
//   - connectionShare: the fewest and the most responses one connection received, ÷ an equal share.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

if (!process.send) throw new Error('load-generator.mjs : à lancer par scripts/bench.mjs (canal IPC).');

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : null);
const round3 = (x) => (x === null ? null : Math.round(x * 1000) / 1000);

async function run({ url, connections, seconds }) {
  let times = new Float64Array(1 << 16);
  let ends = new Float64Array(1 << 16);
  let n = 0;
  const perConnection = new Map();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const instance = autocannon({ url, connections, duration: seconds });
  instance.on('response', (client, status, _bytes, ms) => {
    if (status < 200 || status > 299) return;
    if (n === times.length) {
      times = grow(times);
      ends = grow(ends);
    }
    ends[n] = performance.now();
    times[n++] = ms;
    perConnection.set(client, (perConnection.get(client) ?? 0) + 1);
  });
  const result = await instance;
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const sorted = times.slice(0, n).sort();
  const p99 = percentile(sorted, 0.99);
  const shares = [...perConnection.values()].map((k) => (k * connections) / Math.max(1, n));
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: round3(percentile(sorted, 0.5)),
    p90: round3(percentile(sorted, 0.9)),
    p99: round3(p99),
    p999: round3(percentile(sorted, 0.999)),
    max: round3(n ? sorted[n - 1] : null),
    bytes: result.throughput.total,
    // Anything but a 200 counts: a redirect would be a cheaper answer than the page.
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
    servedDuringTail: round3(servedDuringTail(times.subarray(0, n), ends.subarray(0, n), p99, n / wallMs)),
    connectionShare: shares.length ? { min: round3(Math.min(...shares)), max: round3(Math.max(...shares)) } : null,
  };
}

function grow(array) {
  const grown = new Float64Array(array.length * 2);
  grown.set(array);
  return grown;
}

/** See the head of this file. `ends` is in the order responses came, so it is sorted. */
function servedDuringTail(times, ends, p99, perMs) {
  if (p99 === null || perMs <= 0) return null;
  // The first index whose end is after `t`.
  const after = (t) => {
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const ratios = [];
  for (let i = 0; i < times.length; i++) {
    if (times[i] < p99) continue;
    const others = after(ends[i]) - after(ends[i] - times[i]) - 1;
    ratios.push(others / (times[i] * perMs));
  }
  ratios.sort((a, b) => a - b);
  return percentile(ratios, 0.5);
}

process.on('message', async (msg) => {
  try {
    process.send({ id: msg.id, ...(await run(msg)) });
  } catch (e) {
    process.send({ id: msg.id, error: String(e?.stack ?? e) });
  }
});
process.on('disconnect', () => process.exit(0));
