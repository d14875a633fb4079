// Types of scripts/build-client.mjs for the TypeScript tests that import it (test/deploy/canary.test.ts).
export function buildClient(options?: {
  minify?: boolean;
  outdir?: string;
  salt?: string;
}): Promise<{ manifest: Record<string, string>; sizes?: Record<string, number> }>;
