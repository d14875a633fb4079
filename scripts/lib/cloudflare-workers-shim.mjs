// Stand-in for the runtime-only module `cloudflare:workers`, for bundles run in plain Node
// (bench:cpu aliases the import here, and bench:cpu:workerd for its in-isolate harness).
// Deliberately minimal: only what the worker imports from it, the Durable Object base class, which
// stores its state and env as workerd's does (the benches run the purge marks' object on it, in
// memory: scripts/lib/memory-durable-object.mjs).
export class DurableObject {
  constructor(ctx, env) {
    this.ctx = ctx;
    this.env = env;
  }
}
