// Types of scripts/lib/worker-build.mjs for the TypeScript tests that import it.
import type { BuildOptions } from 'esbuild';
export const productionBuildOptions: BuildOptions;
