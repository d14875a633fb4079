// Types of test/deploy/cloudflare-api.mjs for the TypeScript test that imports it.
type Listed = { id: string; number: number; metadata: Record<string, unknown>; annotations: Record<string, string> };
export type ApiState = {
  versions: Array<Listed & { code: string; secrets: Record<string, string> }>;
  deployments: Array<{ id: string; versions: Array<{ version_id: string; percentage: number }> } & Record<string, unknown>>;
  deployed: Array<{ id: string; percentage: number }>;
  latest: string | undefined;
};
export type CloudflareApi = {
  beforeAnswer: ((request: { method: string; path: string }) => unknown) | undefined;
  baseUrl: string;
  accountId: string;
  token: string;
  requests: Array<{ method: string; path: string; query: string }>;
  unknown: string[];
  upload(name: string, options?: { code?: string; tag?: string; message?: string; secrets?: Record<string, string> }): string;
  deploy(name: string, versions: Array<{ id: string; percentage: number }> | Array<[string, number]> | unknown, options?: unknown): void;
  state(name: string): ApiState;
  close(): Promise<void>;
};
export function startCloudflareApi(options?: { accountId?: string; token?: string }): Promise<CloudflareApi>;
