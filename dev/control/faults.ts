import type { IncomingMessage, ServerResponse } from 'node:http';

// Test hooks: per-route latency, errors, malformed JSON, timeouts and downtime, and per-route
// request counters so that tests can assert what the worker's cache saved.

export type FaultKind = 'latency' | 'status' | 'malformed' | 'timeout' | 'down';
/** `rate`: the share of matching calls the fault hits (0–1), picked at random; all of them by default. */
export type Fault = { path: string; kind: FaultKind; ms?: number; status?: number; times?: number; rate?: number };

/** One upstream call as the emulator saw it: enough to tell serial calls from parallel ones. */
export type LoggedRequest = { route: string; start: number; end: number };
const LOG_SIZE = 2000;

export class FaultBoard {
  faults: Fault[] = [];
  counters = new Map<string, number>();
  log: LoggedRequest[] = [];
  private hanging = new Set<ServerResponse>();

  count(req: IncomingMessage, res?: ServerResponse): void {
    const route = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
    this.counters.set(route, (this.counters.get(route) ?? 0) + 1);
    const start = performance.timeOrigin + performance.now();
    res?.once('close', () => {
      this.log.push({ route, start, end: performance.timeOrigin + performance.now() });
      if (this.log.length > LOG_SIZE) this.log.splice(0, this.log.length - LOG_SIZE);
    });
  }

  snapshot() {
    const routes = Object.fromEntries([...this.counters].sort(([a], [b]) => a.localeCompare(b)));
    return { total: [...this.counters.values()].reduce((a, b) => a + b, 0), routes };
  }

  reset(): void {
    this.faults = [];
    this.counters.clear();
    this.log = [];
    this.releaseHanging();
  }

  releaseHanging(): void {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }

  /** Applies the first matching fault. Returns true when the request was answered (or dropped). */
  async apply(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const fault = this.faults.find((f) => f.path === '*' || path.startsWith(f.path));
    if (!fault) return false;
    if (fault.rate !== undefined && Math.random() >= fault.rate) return false;
    if (fault.times !== undefined && --fault.times <= 0) this.faults = this.faults.filter((f) => f !== fault);
    switch (fault.kind) {
      case 'latency':
        await new Promise((r) => setTimeout(r, fault.ms ?? 1000));
        return false;
      case 'status': {
        const status = fault.status ?? 500;
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify({ code: 'internal_server_error', message: 'Erreur interne du serveur (injectée).', data: { status } }));
        return true;
      }
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.end('{"id": 1, "title": "Tronqu');
        return true;
      case 'timeout':
        // Never answer; the worker's deadline must fire. Dropped after five minutes at most.
        this.hanging.add(res);
        setTimeout(() => {
          this.hanging.delete(res);
          res.destroy();
        }, 300_000).unref();
        return true;
      case 'down':
        req.socket.destroy();
        return true;
    }
  }
}
