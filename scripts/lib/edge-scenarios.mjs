// The locations, loads and faults the edge simulation (edge-sim.mjs) is run with: `npm run
// freshness` runs them all into bench/freshness.json, test/edge/freshness.test.ts a few on three
// locations. Figures from public sources, rounded:
//  - round trips to Western Europe, where the purge object is placed (locationHint `weur`,
//    tags.server.ts) and WordPress is hosted: Paris a few ms, London ~9, Madrid ~22, Washington
//    ~85, Johannesburg ~165, Singapore ~165, São Paulo ~195, Tokyo ~235, Sydney ~280, Auckland
//    ~290, Nouméa ~320 and Papeete ~400 (the federation's Pacific leagues, routed through Sydney or
//    Los Angeles: estimates) (submarine-cable latency maps; Cloudflare's own radar figures are of
//    the same order);
//  - an ordinary day: 100 M views a month is ~39 a second worldwide, most of them in France;
//  - match day: 5 000 requests a second over 300 locations (the figure), busy isolates at
//    100 views a second, quiet ones at one view every 3 s, 10 publishes in 5 minutes.

export const RTT = {
  CDG: 2,
  AMS: 8,
  LHR: 9,
  FRA: 10,
  MRS: 12,
  MAD: 22,
  LIS: 30,
  IAD: 85,
  DXB: 120,
  JNB: 165,
  SIN: 165,
  GRU: 195,
  NRT: 235,
  MEL: 280,
  SYD: 280,
  AKL: 290,
  NOU: 320,
  PPT: 400,
};

/** A location: `isolates` of it, each with `rate` views a second; `weight` alike locations it stands for. */
export const at = (name, isolates, rate, extra = {}) => ({ name, rtt: RTT[name], isolates, rate, ...extra });

const QUIET = 1 / 3;

/** An ordinary day's hour, with near and far, busy and quiet isolates. */
export const ORDINARY = [
  at('CDG', 2, 10),
  at('LHR', 1, 2),
  at('MAD', 1, QUIET),
  at('IAD', 1, 2),
  at('JNB', 1, 1),
  at('SYD', 1, 5),
  at('NRT', 1, QUIET),
];

/**
 * Match day: 300 locations (the weights), ~5 000 requests a second with the prefetches; the busy
 * locations run four isolates each (issue 51: each isolate re-renders a purged page on its own).
 */
export const MATCH_DAY = [
  at('CDG', 4, 50, { weight: 10 }),
  at('LHR', 4, 5, { weight: 30 }),
  at('SYD', 4, 25, { weight: 3 }),
  at('JNB', 1, 5, { weight: 40 }),
  at('MAD', 1, QUIET, { weight: 97 }),
  at('NRT', 1, QUIET, { weight: 120 }),
];

/** The figures the review modelled on the code before issue 41: a busy and a quiet isolate ~280 ms away. */
export const CALIBRATION = [at('CDG', 1, 10), at('SYD', 1, 100), at('MEL', 1, QUIET)];

/** Publishes of the posts under test, `count` of them `everyMs` apart from `fromMs`, each through the location nearest WordPress. */
export const publishes =
  (count, everyMs, fromMs = 20_000) =>
  (plan) => {
    for (let i = 0; i < count; i++) plan.publish(plan.start + fromMs + i * everyMs, plan.posts[i % plan.posts.length], plan.locations[0]);
  };

/** Two scenario functions run one after the other. */
export const both =
  (...scenarios) =>
  (plan) => {
    for (const s of scenarios) s(plan);
  };

/**
 * The faults and publishes of issue 31, on the posts and locations given: two publishes of one
 * post a second apart (through two locations), a location cut off from the purge object while a
 * purge is delivered to it (refused, retried a minute later by WordPress) and while its readers
 * keep reading, a purge delivered twice (WordPress retrying after a timeout), then every post
 * published at once, the purges spread over every location.
 */
export function standardScenario(plan) {
  const [first, second, third] = plan.posts;
  const t = (seconds) => plan.start + seconds * 1000;
  const loc = (i) => plan.locations[i % plan.locations.length];
  const cut = plan.locations.at(-1);
  plan.publish(t(10), first, loc(0));
  plan.publish(t(11), first, loc(1));
  plan.cutOff(cut, t(20), t(50));
  plan.publish(t(25), second, cut);
  plan.publish(t(30), third, loc(1), { repeatAfterMs: 2000 });
  for (const [i, post] of plan.posts.entries()) plan.publish(t(100), post, loc(i));
}

/** How long the standard scenario must run to see the last publish reach every location. */
export const standardDurationMs = (maxDelayMs) => 100_000 + maxDelayMs + 60_000 + 20_000;

/** The five scenarios of issue 41, on the ordinary day's or match day's locations. */
export const SCENARIOS = [
  { name: 'ordinary', locations: ORDINARY, durationMs: 300_000, scenario: publishes(4, 60_000) },
  {
    name: 'match-day',
    locations: MATCH_DAY,
    durationMs: 300_000,
    // The object restarts (a deploy) during the fifth publish, and holds a busy week of marks.
    scenario: both(publishes(10, 30_000, 10_000), (plan) => plan.objectRestart(plan.start + 130_200)),
    model: { object: { serviceMs: 1, maxQueueMs: 1000, readMsPerKB: 0.003, preloadTags: 5000 } },
  },
  {
    name: 'object-down',
    locations: ORDINARY,
    durationMs: 300_000,
    scenario: both(publishes(4, 60_000), (plan) => plan.objectDown(plan.start + 90_000, plan.start + 150_000)),
    fault: [90_000, 150_000],
  },
  {
    name: 'object-slow',
    locations: ORDINARY,
    durationMs: 300_000,
    scenario: both(publishes(4, 60_000), (plan) => plan.objectSlow(plan.start + 90_000, plan.start + 150_000, 2000)),
    fault: [90_000, 150_000],
  },
  {
    name: 'wordpress-down',
    locations: ORDINARY,
    durationMs: 420_000,
    // Nothing is published while WordPress is down: the plugin lives there.
    scenario: both(publishes(1, 60_000), (plan) => plan.wordpressDown(plan.start + 60_000, plan.start + 360_000)),
    baseline: publishes(1, 60_000),
    fault: [60_000, 360_000],
  },
];
