// A D1Database over Node's built-in SQLite (node:sqlite, DatabaseSync), for the benches that run the
// real D1 statements in process (npm run bench:alerts): prepare(sql).bind(...).first()/all()/run()/
// raw(), batch([...]) in one transaction (all or nothing, as D1 runs it), exec(sql), with D1's
// results `{ results, success, meta: { duration, changes, last_row_id, changed_db, rows_read,
// rows_written } }`. Foreign keys are enforced, as D1 enforces them.
//
// `meta.duration` is the statement's execution time here (performance.now around SQLite's step
// loop). `meta.rows_read` and `meta.rows_written` are null: node:sqlite exposes no statement
// counter (sqlite3_stmt_status), and D1 bills on counters that only Cloudflare's SQLite keeps
// (workerd's: use Miniflare's D1 for them, as bench:alerts does). `meta.changes` is SQLite's
// total_changes() difference, so an INSERT … RETURNING counts its rows like D1 does.
//
// `meteredD1(db)` wraps any D1Database (this one, or Miniflare's) and records each statement's meta
// by its SQL text: how many calls, rows read and written, milliseconds.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

/** node:sqlite says it is experimental once, on import: that line is not the bench's output. */
async function loadSqlite() {
  const emit = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (String(warning).includes('SQLite')) return;
    emit.call(process, warning, ...rest);
  };
  try {
    return await import('node:sqlite');
  } finally {
    process.emitWarning = emit;
  }
}

/** D1 binds numbers, strings, null, ArrayBuffers and booleans (as 1 and 0); undefined is an error. */
const toSqlite = (value) => {
  if (value === undefined) throw new TypeError('D1_TYPE_ERROR: undefined cannot be bound');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return value;
};

/** Opens a D1-compatible database (`:memory:` by default), foreign keys on. */
export async function sqliteD1(location = ':memory:') {
  const { DatabaseSync } = await loadSqlite();
  const sqlite = new DatabaseSync(location);
  sqlite.exec('PRAGMA foreign_keys = ON');
  const cache = new Map();
  const compiled = (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  const totalChanges = sqlite.prepare('SELECT total_changes() AS n, last_insert_rowid() AS id');

  /** Runs one bound statement: its rows (objects, or arrays for raw()) and D1's meta. */
  const execute = (sql, params, { arrays = false } = {}) => {
    const statement = compiled(sql);
    const before = totalChanges.get().n;
    statement.setReturnArrays(arrays);
    const t0 = performance.now();
    let results = [];
    if (statement.columns().length > 0) results = statement.all(...params);
    else statement.run(...params);
    const duration = performance.now() - t0;
    const after = totalChanges.get();
    const changes = after.n - before;
    return {
      results,
      columns: statement.columns().map((c) => c.name),
      meta: {
        served_by: 'node:sqlite',
        duration,
        changes,
        last_row_id: Number(after.id),
        changed_db: changes > 0,
        size_after: null,
        rows_read: null,
        rows_written: null,
      },
    };
  };

  const statement = (sql, params = []) => ({
    bind: (...values) => statement(sql, values.map(toSqlite)),
    async all() {
      const { results, meta } = execute(sql, params);
      return { success: true, results, meta };
    },
    async run() {
      const { results, meta } = execute(sql, params);
      return { success: true, results, meta };
    },
    async first(column) {
      const row = execute(sql, params).results[0] ?? null;
      if (column === undefined || row === null) return row;
      if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: ${column}`);
      return row[column];
    },
    async raw({ columnNames = false } = {}) {
      const { results, columns } = execute(sql, params, { arrays: true });
      return columnNames ? [columns, ...results] : results;
    },
    /** What bench code needs to replay or explain a statement. */
    sql,
    params,
  });

  const db = {
    prepare: (sql) => statement(sql),
    /** The statements in one transaction: every result, or the first error and nothing written. */
    async batch(statements) {
      sqlite.exec('BEGIN');
      try {
        const out = statements.map((s) => {
          const { results, meta } = execute(s.sql, s.params);
          return { success: true, results, meta };
        });
        sqlite.exec('COMMIT');
        return out;
      } catch (error) {
        sqlite.exec('ROLLBACK');
        throw error;
      }
    },
    async exec(sql) {
      const t0 = performance.now();
      sqlite.exec(sql);
      return { count: sql.split(';').filter((s) => s.trim()).length, duration: performance.now() - t0 };
    },
    withSession: () => db,
    async dump() {
      throw new Error('dump() is not supported by the node:sqlite adapter');
    },
  };
  return {
    db,
    sqlite,
    /** EXPLAIN QUERY PLAN of a statement, one line per loop (`SEARCH f USING COVERING INDEX …`). */
    plan: (sql) =>
      sqlite
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all()
        .map((r) => r.detail),
    close: () => sqlite.close(),
  };
}

/**
 * Applies a migration file to any D1Database (D1's migrations are plain SQL files): its statements
 * one by one in a batch, comment lines dropped (D1's exec() takes one statement per line, so a
 * CREATE TABLE over several lines cannot go through it).
 */
export async function applyMigration(db, file) {
  const text = (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  const statements = text
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
  await db.batch(statements.map((sql) => db.prepare(sql)));
}

/**
 * `db` with every statement's meta recorded under its SQL text (whitespace collapsed): calls,
 * rows read, rows written, changes, milliseconds. `first()` runs as `all()` (D1 runs the whole
 * statement either way) so that its meta is seen too. A batch records each of its statements.
 */
export function meteredD1(db) {
  const stats = new Map();
  let last = null;
  let lastCallMs = 0;
  const record = (sql, meta) => {
    last = meta;
    lastCallMs = meta.duration ?? 0;
    const key = sql.replace(/\s+/g, ' ').trim();
    const s = stats.get(key) ?? { sql: key, calls: 0, rowsRead: 0, rowsWritten: 0, changes: 0, ms: 0 };
    s.calls += 1;
    s.rowsRead += meta.rows_read ?? 0;
    s.rowsWritten += meta.rows_written ?? 0;
    s.changes += meta.changes ?? 0;
    s.ms += meta.duration ?? 0;
    stats.set(key, s);
    return meta;
  };
  const wrap = (sql, inner) => ({
    bind: (...values) => wrap(sql, inner.bind(...values)),
    async all() {
      const result = await inner.all();
      record(sql, result.meta);
      return result;
    },
    async run() {
      const result = await inner.run();
      record(sql, result.meta);
      return result;
    },
    async first(column) {
      const result = await inner.all();
      record(sql, result.meta);
      const row = result.results[0] ?? null;
      return column === undefined || row === null ? row : row[column];
    },
    raw: (options) => inner.raw(options),
    inner,
    sql,
  });
  return {
    stats,
    /** The meta of the last statement run (of a batch, its last statement). */
    last: () => last,
    /** How long the last call held the database: its statement, or all the statements of a batch. */
    lastCallMs: () => lastCallMs,
    db: {
      prepare: (sql) => wrap(sql, db.prepare(sql)),
      async batch(statements) {
        const results = await db.batch(statements.map((s) => s.inner));
        for (const [i, s] of statements.entries()) record(s.sql, results[i].meta);
        lastCallMs = results.reduce((sum, r) => sum + (r.meta.duration ?? 0), 0);
        return results;
      },
      exec: (sql) => db.exec(sql),
      withSession: () => db,
    },
  };
}
