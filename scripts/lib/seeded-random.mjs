// mulberry32: a small seeded generator of numbers in [0, 1), for simulations and tests that must
// give the same figures on every run (scripts/lib/edge-sim.mjs, test/deploy/version-router.mjs).
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
