// Types of scripts/rotate-secret.mjs for the TypeScript test that imports it (test/deploy/rotate-secret.test.ts).
type Status = { versions?: Array<{ version_id: string; percentage: number }> } | null;
type Version = { id: string; metadata?: { created_on?: string }; annotations?: Record<string, string> };
export function rotationPlan(
  status: Status,
  versions: readonly Version[] | null,
  env: string,
): {
  action: 'put' | 'refuse';
  /** With `put`: the version at 100 %. */
  deployed?: string;
  /** With `refuse`: why, and the French message for the operator. */
  reason?: 'nothing-deployed' | 'rollout-in-progress' | 'latest-not-deployed';
  message?: string;
};
