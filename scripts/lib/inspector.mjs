// The user worker's V8 heap through wrangler dev's inspector (Chrome DevTools Protocol): a forced
// garbage collection, then the bytes still in use. Unlike the process's resident memory, which
// also holds wrangler's proxy, Miniflare's KV store and allocator slack, this is what our code keeps.

import WebSocket from 'ws';

export async function connectInspector(port = Number(process.env.INSPECTOR_PORT ?? 9229)) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  // wrangler's inspector proxy only answers clients that name a local origin.
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl, { headers: { origin: 'http://127.0.0.1' } });
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const pending = new Map();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer from the inspector in 30 s`)), 30_000);
      pending.set(n, (msg) => {
        clearTimeout(timer);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result);
      });
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return {
    /**
     * Bytes of JS heap still reachable after a full collection. V8 runs the collection as a task
     * of the isolate, which workerd only runs while it serves something: `poke` sends the worker a
     * small request, repeated until the collection has answered.
     */
    async retainedHeap(poke) {
      let done = false;
      const collected = send('HeapProfiler.collectGarbage').finally(() => (done = true));
      for (let i = 0; !done && i < 100; i++) {
        await poke();
        await send('Runtime.getHeapUsage');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await collected;
      const { usedSize } = await send('Runtime.getHeapUsage');
      return usedSize;
    },
    close: () => ws.close(),
  };
}
