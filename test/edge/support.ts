import type { simulate } from '../../scripts/lib/edge-sim.mjs';

// What the edge simulation's test files share.

/** What a fault is given (edge-sim.mjs's plan). */
export type Plan = {
  start: number;
  objectSlow: (from: number, to: number, ms: number) => void;
  objectDown: (from: number, to: number) => void;
  purgeApiDown: (from: number, to: number) => void;
  objectRestart: (at: number) => void;
};

export const report = (r: Awaited<ReturnType<typeof simulate>>) => ({
  resurrections: r.resurrections,
  lostPurges: r.lostPurges,
  serverErrors: r.serverErrors,
  examples: r.examples,
});
