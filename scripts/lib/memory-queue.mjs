// A Queue producer binding in memory, for the benches that run the worker in Node: what the purge
// hands to the press alerts' Queue is kept (and counted), never consumed. The alerts' own costs
// are measured by npm run bench:alerts.
export function memoryQueue() {
  const sent = [];
  return {
    sent,
    send: async (body) => void sent.push(body),
    sendBatch: async (messages) => void sent.push(...messages.map((m) => m.body)),
  };
}
