// Stand-in for the runtime-only module `cloudflare:workers`, for bundles run in plain Node
// (scripts/bench-cpu.mjs aliases the import here). Deliberately minimal: only what the worker
// imports from it, the Durable Object base class, which stores its state and env as workerd's does.
// No Durable Object is ever instantiated by the routes the bench measures.
export class DurableObject {
  constructor(ctx, env) {
    this.ctx = ctx;
    this.env = env;
  }
}
