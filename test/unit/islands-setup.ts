import { provideIslands } from '../../src/ui/Island';
import { islands } from '../../src/islands/registry';

// Components rendered on their own in Node render their islands as the worker does (src/index.ts).
provideIslands(islands);

// The Workers runtime's scheduler.wait, which the cache code's deadlines use (cache/tags.server.ts).
(globalThis as { scheduler?: { wait: (ms: number) => Promise<void> } }).scheduler ??= {
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
