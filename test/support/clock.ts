// The one instant every test layer runs at. The local upstream's clock (UPSTREAM_NOW), the worker's
// calendar (SITE_NOW) and the browsers' clocks are pinned to it, so that what a page shows never
// depends on the day the suite runs (docs/decisions/014-calendar-clock.md). `TEST_NOW=… npm test`
// runs the whole suite on another day: the assertions derive what they expect from the data.

const DEFAULT_TEST_NOW = '2026-11-22T08:00:00Z';

function readTestNow(value: string | undefined): string {
  const text = value?.trim() || DEFAULT_TEST_NOW;
  // An instant with its zone, as SITE_NOW takes it (the worker refuses anything else).
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) || Number.isNaN(Date.parse(text))) {
    throw new Error(`TEST_NOW invalide : « ${text} » (attendu : un instant ISO 8601 avec son fuseau, p. ex. ${DEFAULT_TEST_NOW})`);
  }
  return new Date(text).toISOString();
}

/** ISO 8601 in UTC, e.g. « 2026-11-22T08:00:00.000Z ». */
export const TEST_NOW = readTestNow(process.env.TEST_NOW);
