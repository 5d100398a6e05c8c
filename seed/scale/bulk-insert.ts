// Fast inserts with better-sqlite3 directly: multi-row prepared INSERTs (fewer calls across the native
// boundary), committed every BATCH rows. The bulk-load pragmas and the deferred secondary indexes live here too.
import type BetterSqlite3 from 'better-sqlite3';

const ROWS_PER_STATEMENT = 50;
const BATCH = 50_000;

export class BulkInsert {
  private readonly many: BetterSqlite3.Statement;
  private readonly one: BetterSqlite3.Statement;
  private buffer: unknown[] = [];
  private buffered = 0;
  private sinceCommit = 0;
  rows = 0;

  constructor(
    private readonly raw: BetterSqlite3.Database,
    table: string,
    private readonly columns: readonly string[],
  ) {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    this.many = raw.prepare(head + Array(ROWS_PER_STATEMENT).fill(tuple).join(', '));
    this.one = raw.prepare(head + tuple);
    raw.exec('BEGIN');
  }

  /** One row: values in column order. */
  add(...values: unknown[]): void {
    for (const v of values) this.buffer.push(v);
    this.rows++;
    if (++this.buffered === ROWS_PER_STATEMENT) {
      this.many.run(this.buffer);
      this.buffer = [];
      this.buffered = 0;
    }
    if (++this.sinceCommit === BATCH) {
      this.raw.exec('COMMIT; BEGIN');
      this.sinceCommit = 0;
    }
  }

  /** Writes what is buffered and commits. */
  finish(): number {
    const width = this.columns.length;
    for (let i = 0; i < this.buffered; i++) this.one.run(this.buffer.slice(i * width, (i + 1) * width));
    this.buffer = [];
    this.buffered = 0;
    this.raw.exec('COMMIT');
    return this.rows;
  }
}

/**
 * Pragmas for loading a fresh file that nobody else has open: no fsync, rollback journal in memory, a large
 * page cache, foreign keys unchecked (the generator keeps every reference valid; the test checks them).
 * applyPragmas() from open-database.ts puts the product's settings back afterwards.
 */
export function bulkPragmas(raw: BetterSqlite3.Database): void {
  raw.pragma('journal_mode = MEMORY');
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = OFF');
  raw.pragma('cache_size = -262144');
  raw.pragma('temp_store = MEMORY');
}

/**
 * Drops the secondary indexes of `tables` (building one afterwards from sorted data is much cheaper than
 * keeping it up to date row by row) and returns their own stored SQL, to recreate them with recreateIndexes()
 * (on any connection to the file), so that the schema ends exactly as the migrations made it.
 */
export function dropIndexes(raw: BetterSqlite3.Database, tables: readonly string[]): string[] {
  const rows = raw
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')}) ORDER BY rowid`,
    )
    .all(...tables) as Array<{ name: string; sql: string }>;
  for (const r of rows) raw.exec(`DROP INDEX "${r.name}"`);
  return rows.map((r) => r.sql);
}

export function recreateIndexes(raw: BetterSqlite3.Database, sqls: readonly string[]): void {
  for (const sql of sqls) raw.exec(sql);
}
