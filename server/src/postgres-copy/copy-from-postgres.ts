// Copies this app's PostgreSQL database into a new SQLite file of the same migrations: the database part of a backup
// of a PostgreSQL site (docs/decisions/0013-backups.md), read at one instant. The file is what a SQLite site runs on,
// so a backup restores as before (`npm run restore`), and `npm run migrate-to-postgres` moves it into a new
// PostgreSQL database (docs/decisions/0022-moving-to-postgresql.md): one format for backups of both databases.
//
// - One REPEATABLE READ, READ ONLY transaction: every table as of the same instant, while the site keeps writing.
// - Rows come through a cursor, a batch at a time, and go into SQLite in one transaction per table.
// - like_counts is not copied: the SQLite file's triggers (migration 002) count the copied likes, and the result must
//   equal PostgreSQL's like_counts, story by story.
// - sqlite_sequence takes each identity sequence's value, so an id deleted before the backup is not handed out again.
import fs from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { copyOrder, ident, MIGRATOR_TABLES } from './copy-to-postgres';
import { openDatabase } from '../db/open-database';
import { postgresTypes } from '../db/open-postgres';

const BATCH_ROWS = 2000;
/** Kept by the SQLite file's own triggers as the likes are copied; checked against PostgreSQL's at the end. */
const COUNTED = 'like_counts';

export interface PostgresSnapshot {
  tables: number;
  rows: number;
}

export async function copyPostgresToSqlite(databaseUrl: string, sqliteFile: string): Promise<PostgresSnapshot> {
  if (fs.existsSync(sqliteFile)) throw new Error(`${sqliteFile} exists already: the copy goes into a new file.`);
  const target = await openDatabase(sqliteFile);
  const client = new pg.Client({ connectionString: databaseUrl, types: postgresTypes, application_name: 'life-story-backup' });
  try {
    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      await sameMigrations(client, target.raw);
      const sqliteTables = target.raw
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .pluck()
        .all() as string[];
      const { rows: pgTables } = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
      );
      // Tables only PostgreSQL has (rate_limits, the limiter's own) are not the site's data.
      const tables = pgTables.map((t) => t.name).filter((name) => sqliteTables.includes(name) && !MIGRATOR_TABLES.has(name));
      // What the migrations put in an empty file (the projector's bookkeeping rows) is replaced by the copied rows.
      for (const table of tables) target.raw.prepare(`DELETE FROM ${ident(table)}`).run();
      let rows = 0;
      for (const table of copyOrder(tables, sqliteForeignKeys(target.raw, tables))) {
        if (table !== COUNTED) rows += await copyTable(client, target.raw, table);
      }
      await checkLikeCounts(client, target.raw);
      rows += Number(target.raw.prepare(`SELECT count(*) FROM ${COUNTED}`).pluck().get());
      await keepSequences(client, target.raw);
      // One file, no -wal beside it: the backup stores this file alone.
      target.raw.pragma('journal_mode = DELETE');
      return { tables: tables.length, rows };
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
    }
  } catch (err) {
    await target.close();
    fs.rmSync(sqliteFile, { force: true });
    for (const suffix of ['-wal', '-shm']) fs.rmSync(sqliteFile + suffix, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => undefined);
    await target.close().catch(() => undefined);
  }
}

/** The PostgreSQL database has run exactly the migrations this version knows, so the tables have the same columns. */
async function sameMigrations(client: pg.Client, sqlite: BetterSqlite3.Database): Promise<void> {
  const { rows } = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
  const known = sqlite.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[];
  const names = rows.map((r) => r.name);
  if (names.join() !== known.join()) {
    throw new Error(
      `The PostgreSQL database has migrations ${names.at(-1) ?? '(none)'} and this version ${known.at(-1)}: back up with the version that runs the site.`,
    );
  }
}

function sqliteForeignKeys(sqlite: BetterSqlite3.Database, tables: string[]): { child: string; parent: string }[] {
  return tables.flatMap((child) =>
    (sqlite.prepare('SELECT "table" FROM pragma_foreign_key_list(?)').pluck().all(child) as string[]).map((parent) => ({ child, parent })),
  );
}

async function copyTable(client: pg.Client, sqlite: BetterSqlite3.Database, table: string): Promise<number> {
  const columns = sqlite.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
  const list = columns.map(ident).join(', ');
  const insert = sqlite.prepare(`INSERT INTO ${ident(table)} (${list}) VALUES (${columns.map(() => '?').join(', ')})`);
  const insertAll = sqlite.transaction((batch: unknown[][]) => {
    for (const row of batch) insert.run(row);
  });
  await client.query(`DECLARE copy_rows NO SCROLL CURSOR FOR SELECT ${list} FROM ${ident(table)}`);
  let total = 0;
  for (;;) {
    const { rows } = await client.query<unknown[]>({ text: `FETCH ${BATCH_ROWS} FROM copy_rows`, rowMode: 'array' });
    if (!rows.length) break;
    insertAll(rows);
    total += rows.length;
  }
  await client.query('CLOSE copy_rows');
  return total;
}

async function checkLikeCounts(client: pg.Client, sqlite: BetterSqlite3.Database): Promise<void> {
  const { rows } = await client.query<{ story_user_id: number; n: number }>(`SELECT story_user_id, n FROM ${COUNTED} WHERE n <> 0`);
  const copied = new Map(
    (sqlite.prepare(`SELECT story_user_id, n FROM ${COUNTED} WHERE n <> 0`).all() as { story_user_id: number; n: number }[]).map((r) => [
      r.story_user_id,
      r.n,
    ]),
  );
  const wrong = rows.filter((r) => copied.get(r.story_user_id) !== r.n).length + Math.max(0, copied.size - rows.length);
  if (wrong) throw new Error(`The like counts of ${wrong} stories disagree with their likes in PostgreSQL: the backup was not made.`);
}

/** SQLite's AUTOINCREMENT high-water marks take PostgreSQL's sequence values. */
async function keepSequences(client: pg.Client, sqlite: BetterSqlite3.Database): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_identity = 'YES'`,
  );
  const autoincrement = new Set(
    sqlite.prepare("SELECT name FROM sqlite_master WHERE sql LIKE '%AUTOINCREMENT%'").pluck().all() as string[],
  );
  for (const { table, column } of rows) {
    const sequence = autoincrement.has(table) ? await sequenceOf(client, table, column) : null;
    if (!sequence) continue;
    const seq = await client.query<{ value: number | null }>(`SELECT CASE WHEN is_called THEN last_value END AS value FROM ${sequence}`);
    const value = Number(seq.rows[0]?.value ?? 0);
    if (value < 1) continue;
    sqlite.prepare('DELETE FROM sqlite_sequence WHERE name = ?').run(table);
    sqlite.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, value);
  }
}

async function sequenceOf(client: pg.Client, table: string, column: string): Promise<string | null> {
  const { rows } = await client.query<{ seq: string | null }>('SELECT pg_get_serial_sequence($1, $2) AS seq', [ident(table), column]);
  return rows[0]?.seq ?? null;
}
