// Types of scripts/lib/stack.mjs for the TypeScript tests that import it.
export const root: string;
export const siteUrl: string;
export const upstreamUrl: string;
export function parseDevVars(text: string): Record<string, string>;
export function ensureDevVars(): Promise<Record<string, string>>;
export function movedToUpstreamPort(value: string, port: number): string;
