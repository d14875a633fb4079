// Types of scripts/release.mjs for the TypeScript test that imports it (test/deploy/release.test.ts).
type Config = Record<string, unknown>;
export const TAG: RegExp;
export function releasePlan(before: Config | null, after: Config, env: string): { mode: 'canary' | 'full'; reasons: string[] };
export function serving(
  status: { versions?: Array<{ version_id: string; percentage: number }> },
  views: Record<string, { annotations?: Record<string, string> }>,
): Array<{ id: string; percentage: number; commit: string | null }>;
