// Types of scripts/lib/d1-sqlite.mjs for the TypeScript tests that import it.
export declare function sqliteD1(location?: string): Promise<{ db: D1Database }>;
export declare function applyMigration(db: D1Database, file: string): Promise<void>;
