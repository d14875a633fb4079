// Types of scripts/monitor.mjs for the TypeScript test that imports it (test/deploy/monitor.test.ts).
type Counts = { events: Record<string, number>; requests: number; errors5xx: number };
export const ALERT_EVENTS: string[];
export function telemetryQuery(o: { service: string; now: number; minutes: number }): {
  queryId: string;
  timeframe: { from: number; to: number };
  view: string;
  dry: boolean;
  parameters: {
    filters: unknown[];
    filterCombination: string;
    calculations: unknown[];
    groupBys: Array<{ type: string; value: string }>;
    limit: number;
  };
};
export function countsFrom(result: unknown): Counts;
export function alertsFrom(o: { health: { ok: boolean; problem?: string } | null; counts: Counts | null; minutes: number }): string[];
