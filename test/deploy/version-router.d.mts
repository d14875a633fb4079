// Types of test/deploy/version-router.mjs for the TypeScript test that imports it (canary.test.ts).
export type Version = { version: string; percentage: number; origin: string };
export const VERSION_KEY_HEADER: string;
export const CLIENT_IP_HEADER: string;
export const SERVED_BY_HEADER: string;
export function keyFraction(key: string): number;
export function versionAt<V extends { percentage: number }>(versions: V[], fraction: number): V;
export function startVersionRouter(options: {
  versions: Version[];
  affinity?: 'ip' | 'none';
  seed?: number;
  port?: number;
  host?: string;
}): Promise<{ origin: string; served: Record<string, number>; setAffinity(mode: 'ip' | 'none'): void; close(): Promise<void> }>;
