// Types of scripts/smoke.mjs for the TypeScript test that imports it (test/e2e/smoke.test.ts).
export type SmokeResult = { name: string; ok: boolean; detail?: string };
export function smoke(options: {
  url: string;
  version?: string;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}): Promise<SmokeResult[]>;
