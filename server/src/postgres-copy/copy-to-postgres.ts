// Copies a SQLite database of this app into an empty PostgreSQL database (`npm run migrate-to-postgres`, and the
// seed's --database-url): docs/decisions/0022-moving-to-postgresql.md. Core-free, so a bench or a seed can call it.
//
// - The target gets the same migrations the server runs (openPostgres); the SQLite file must be at exactly the
//   migrations this version knows, so every table has the same columns on both sides.
// - Every table the migrations made is copied, parents before children (PostgreSQL's foreign keys give the order),
//   streamed from one SQLite read snapshot in batches, inside one PostgreSQL transaction: a failure anywhere rolls
//   back every row, leaving the target migrated and empty.
// - User triggers (the like counts of migration 002) are off during the copy: like_counts is copied as a table, and
//   then checked against the copied likes.
// - Identity sequences move past the copied ids (and past SQLite's AUTOINCREMENT high-water marks).
import fs from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { migrationProvider } from '../db/open-database';
import { describePostgresUrl, openPostgres } from '../db/open-postgres';

/** A problem with the input or the target, said in one line for the operator (no stack trace). */
export class CopyRefused extends Error {}

export interface CopiedTable {
  name: string;
  rows: number;
  seconds: number;
}

export interface CopyReport {
  /** In the order they were copied. */
  tables: CopiedTable[];
  rows: number;
  seconds: number;
  /**
   * SQLite tables no migration makes (the embedded search index's `search_*`, the rate limiter's `rate_limits`):
   * not copied.
   */
  skipped: string[];
  /** Identity columns and the value their sequence now stands at (the next insert takes the one after). */
  sequences: { table: string; column: string; value: number }[];
}

export interface CopyOptions {
  sqliteFile: string;
  databaseUrl: string;
  log?: (line: string) => void;
}

/** Kysely's own bookkeeping: the target's migrations are run, not copied. */
export const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/**
 * The rate limiter's counters, made by each store at a server's start in its own layout (ADR 0037): windows of
 * minutes, never copied (the target's store starts empty, as after any restart of the memory store).
 */
const RATE_LIMIT_TABLE = 'rate_limits';
/**
 * Rows a server writes on its first idle start even with no data (the projector's window cutoffs and
 * checkpoints): they do not make a target "not empty", and are replaced by the copied ones.
 */
const BOOKKEEPING_TABLES = ['projector_checkpoints', 'proj_windows'];
/**
 * The search-format row of projector_checkpoints (core/events/projection-runs.ts) is not copied: without it the
 * first start rebuilds the search index from the events (Projector.rebuildIfFormatChanged), which a new
 * Meilisearch index needs; the embedded index stays behind in the SQLite file.
 */
export const SEARCH_FORMAT_CHECKPOINT = 'search-format';

/** Rows per INSERT, and the text held per batch at most (stories and pages carry whole story bodies). */
const BATCH_ROWS = 5000;
const BATCH_CHARS = 8_000_000;

interface Column {
  name: string;
  /** PostgreSQL's type name (int8, text, citext), for the array parameters of the insert. */
  type: string;
}

/** A table or column name quoted for SQL (both databases quote with double quotes). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function copySqliteToPostgres({ sqliteFile, databaseUrl, log = () => undefined }: CopyOptions): Promise<CopyReport> {
  const started = performance.now();
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new CopyRefused(`The database URL must look like postgres://user:password@host:5432/database (got "${databaseUrl}").`);
  }
  if (!fs.existsSync(sqliteFile)) throw new CopyRefused(`There is no SQLite database at ${sqliteFile}.`);
  const sqlite = new BetterSqlite3(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    await checkSqliteMigrations(sqlite, sqliteFile);
    const where = describePostgresUrl(databaseUrl);
    await refuseForeignTables(databaseUrl, where);
    let target: Awaited<ReturnType<typeof openPostgres>>;
    try {
      target = await openPostgres(databaseUrl, log);
    } catch (err) {
      throw new CopyRefused((err as Error).message, { cause: err });
    }
    try {
      const client = await target.pool.connect();
      try {
        const report = await copyAll(sqlite, client, where, log);
        await client.query('ANALYZE'); // fresh planner statistics, as after a restore
        return { ...report, seconds: (performance.now() - started) / 1000 };
      } finally {
        client.release();
      }
    } finally {
      await target.close();
    }
  } finally {
    sqlite.close();
  }
}

/** The SQLite file must have run exactly this version's migrations: then its tables are the target's. */
async function checkSqliteMigrations(sqlite: BetterSqlite3.Database, file: string): Promise<void> {
  const known = Object.keys(await migrationProvider.getMigrations()).sort();
  const hasTable = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
  if (!hasTable) throw new CopyRefused(`${file} is not a database of this app (it has no migrations table).`);
  const applied = (sqlite.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[]).sort();
  const ahead = applied.filter((name) => !known.includes(name));
  if (ahead.length) {
    throw new CopyRefused(
      `${file} has migrations this version does not know (${ahead.join(', ')}): run migrate-to-postgres of the version that wrote it.`,
    );
  }
  const behind = known.filter((name) => !applied.includes(name));
  if (behind.length) {
    throw new CopyRefused(
      `${file} lacks migrations ${behind.join(', ')}: start this version once on that DATA_DIR (it migrates the file at start), stop it, then copy.`,
    );
  }
}

/**
 * Before migrating anything: a database holding tables but no migrations of ours is someone else's, and is left
 * untouched. (One that holds our tables is checked for rows after the migrations.)
 */
async function refuseForeignTables(databaseUrl: string, where: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new CopyRefused(`Could not connect to PostgreSQL at ${where}: ${(err as Error).message}`, { cause: err });
  }
  try {
    client.on('error', () => undefined);
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    const names = rows.map((r) => r.name);
    if (names.length && !names.includes('kysely_migration')) {
      throw new CopyRefused(
        `The PostgreSQL database at ${where} already holds tables of something else (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}): give the URL of a new, empty database.`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function copyAll(
  sqlite: BetterSqlite3.Database,
  client: pg.PoolClient,
  where: string,
  log: (line: string) => void,
): Promise<Omit<CopyReport, 'seconds'>> {
  const targetTables = (
    await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => !MIGRATOR_TABLES.has(name));
  const sourceTables = (
    sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]
  ).filter((name) => !MIGRATOR_TABLES.has(name));
  // Tables only the target has have nothing to copy.
  const tables = copyOrder(
    targetTables.filter((name) => sourceTables.includes(name) && name !== RATE_LIMIT_TABLE),
    await foreignKeys(client),
  );
  const skipped = sourceTables.filter((name) => !targetTables.includes(name) || name === RATE_LIMIT_TABLE).sort();

  const occupied: string[] = [];
  for (const table of tables) {
    if (BOOKKEEPING_TABLES.includes(table)) continue;
    const { rows } = await client.query(`SELECT 1 FROM ${ident(table)} LIMIT 1`);
    if (rows.length) occupied.push(table);
  }
  if (occupied.length) {
    throw new CopyRefused(
      `The PostgreSQL database at ${where} already holds this app's data (rows in ${occupied.slice(0, 4).join(', ')}${occupied.length > 4 ? ', …' : ''}): migrate-to-postgres only fills an empty database. Give the URL of a new one.`,
    );
  }

  log(`Copying ${tables.length} tables into PostgreSQL at ${where}`);
  const copied: CopiedTable[] = [];
  // One read snapshot of the SQLite file for the whole copy, even if a server still writes to it.
  sqlite.exec('BEGIN');
  await client.query('BEGIN');
  try {
    for (const table of BOOKKEEPING_TABLES) if (tables.includes(table)) await client.query(`DELETE FROM ${ident(table)}`);
    const triggered = (
      await client.query<{ name: string }>(
        `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`,
      )
    ).rows.map((r) => r.name);
    for (const table of triggered) await client.query(`ALTER TABLE ${ident(table)} DISABLE TRIGGER USER`);

    for (const table of tables) {
      const t0 = performance.now();
      const rows = await copyTable(sqlite, client, table, log);
      const seconds = (performance.now() - t0) / 1000;
      copied.push({ name: table, rows, seconds });
      log(`  ${table}: ${rows} rows in ${seconds.toFixed(1)} s`);
    }
    for (const table of triggered) await client.query(`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);
    await checkCounts(sqlite, client, copied);
    await client.query('DELETE FROM projector_checkpoints WHERE name = $1', [SEARCH_FORMAT_CHECKPOINT]);
    await checkLikeCounts(client, tables);
    const sequences = await moveSequences(sqlite, client);
    await client.query('COMMIT');
    return { tables: copied, rows: copied.reduce((sum, t) => sum + t.rows, 0), skipped, sequences };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    sqlite.exec('ROLLBACK');
  }
}

async function foreignKeys(client: pg.PoolClient): Promise<{ child: string; parent: string }[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
      WHERE k.contype = 'f' AND child.relnamespace = current_schema()::regnamespace`,
  );
  return rows;
}

/** Parents before children (Kahn's order, by name among equals, so runs are alike). */
export function copyOrder(tables: string[], keys: { child: string; parent: string }[]): string[] {
  const waitingOn = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of keys) {
    if (child !== parent && waitingOn.has(child) && waitingOn.has(parent)) waitingOn.get(child)!.add(parent);
  }
  const order: string[] = [];
  while (waitingOn.size) {
    const ready = [...waitingOn].filter(([, parents]) => parents.size === 0).map(([t]) => t);
    if (!ready.length) throw new Error(`The foreign keys of ${[...waitingOn.keys()].join(', ')} form a cycle: no copy order.`);
    for (const t of ready.sort()) {
      order.push(t);
      waitingOn.delete(t);
      for (const parents of waitingOn.values()) parents.delete(t);
    }
  }
  return order;
}

async function columnsOf(sqlite: BetterSqlite3.Database, client: pg.PoolClient, table: string): Promise<Column[]> {
  const { rows } = await client.query<{ name: string; type: string }>(
    `SELECT column_name AS name, udt_name AS type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  const source = (sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).sort();
  const target = rows.map((r) => r.name).sort();
  if (source.join() !== target.join()) {
    throw new CopyRefused(`Table ${table} has columns (${source.join(', ')}) in SQLite but (${target.join(', ')}) in PostgreSQL.`);
  }
  return rows;
}

/**
 * Streams one table into the target, BATCH_ROWS rows (or BATCH_CHARS of text) per statement. Each statement
 * sends one array per column and unnests them on the server: a fixed, short SQL text whatever the batch size,
 * and no limit of 65535 parameters.
 */
async function copyTable(
  sqlite: BetterSqlite3.Database,
  client: pg.PoolClient,
  table: string,
  log: (line: string) => void,
): Promise<number> {
  const columns = await columnsOf(sqlite, client, table);
  const list = columns.map((c) => ident(c.name)).join(', ');
  const insert = `INSERT INTO ${ident(table)} (${list}) SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${ident(c.type)}[]`).join(', ')})`;
  const read = sqlite.prepare(`SELECT ${list} FROM ${ident(table)}`).raw(true);
  let arrays: unknown[][] = columns.map(() => []);
  let batchRows = 0;
  let batchChars = 0;
  let total = 0;
  let nextLog = 250_000;
  const flush = async () => {
    if (!batchRows) return;
    try {
      await client.query(insert, arrays);
    } catch (err) {
      throw new Error(`Copying ${table} failed near row ${total + 1}: ${(err as Error).message}`, { cause: err });
    }
    total += batchRows;
    arrays = columns.map(() => []);
    batchRows = 0;
    batchChars = 0;
    if (total >= nextLog) {
      log(`  ${table}: ${total} rows…`);
      nextLog += 250_000;
    }
  };
  for (const row of read.iterate() as IterableIterator<unknown[]>) {
    for (let i = 0; i < row.length; i += 1) {
      const value = row[i];
      if (typeof value === 'string') batchChars += value.length;
      arrays[i]!.push(value);
    }
    batchRows += 1;
    if (batchRows >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
  }
  await flush();
  return total;
}

/** Every copied table holds as many rows as SQLite's (in the same snapshot). */
async function checkCounts(sqlite: BetterSqlite3.Database, client: pg.PoolClient, copied: CopiedTable[]): Promise<void> {
  for (const table of copied) {
    const source = sqlite
      .prepare(`SELECT count(*) FROM ${ident(table.name)}`)
      .pluck()
      .get() as number;
    const { rows } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${ident(table.name)}`);
    const target = Number(rows[0]!.n);
    if (source !== target || source !== table.rows) {
      throw new Error(`Table ${table.name}: ${source} rows in SQLite, ${target} in PostgreSQL after the copy.`);
    }
  }
}

/** The like counts (copied as a table, their triggers off) equal the copied likes, story by story. */
async function checkLikeCounts(client: pg.PoolClient, tables: string[]): Promise<void> {
  if (!tables.includes('like_counts') || !tables.includes('likes')) return;
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*) AS n FROM (SELECT story_user_id, count(*) AS n FROM likes GROUP BY story_user_id) l
       FULL JOIN like_counts c USING (story_user_id) WHERE coalesce(l.n, 0) <> coalesce(c.n, 0)`,
  );
  const wrong = Number(rows[0]!.n);
  if (wrong) throw new Error(`like_counts disagrees with the likes of ${wrong} stories in the SQLite file: nothing was copied.`);
}

/**
 * Each identity sequence moves past the highest copied id, or past SQLite's AUTOINCREMENT high-water mark when
 * that is higher (rows deleted last): an id is never handed out twice.
 */
async function moveSequences(sqlite: BetterSqlite3.Database, client: pg.PoolClient): Promise<CopyReport['sequences']> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name`,
  );
  const hasSequences = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
  const highWater = (table: string): number =>
    hasSequences ? Number(sqlite.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table) ?? 0) : 0;
  const moved: CopyReport['sequences'] = [];
  for (const { table, column } of rows) {
    const max = await client.query<{ n: number | null }>(`SELECT max(${ident(column)}) AS n FROM ${ident(table)}`);
    const value = Math.max(Number(max.rows[0]!.n ?? 0), highWater(table));
    if (value < 1) continue;
    await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3)', [ident(table), column, value]);
    moved.push({ table, column, value });
  }
  return moved;
}
