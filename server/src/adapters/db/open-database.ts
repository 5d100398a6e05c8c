// Opens the SQLite file with the pragmas the product relies on and runs pending migrations.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import * as m001 from './migrations/001-initial';

const migrations: Record<string, Migration> = {
  '001-initial': m001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export interface OpenedDatabase {
  db: Kysely<Database>;
  /** The raw handle, for prepared statements on hot paths and for closing. */
  raw: BetterSqlite3.Database;
  close(): Promise<void>;
}

/** Pragmas every connection to the file gets (see docs/decisions/0001-sqlite-durability.md). */
export function applyPragmas(raw: BetterSqlite3.Database): void {
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('cache_size = -32000');
  raw.pragma('temp_store = MEMORY');
}

export async function openDatabase(file: string): Promise<OpenedDatabase> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new BetterSqlite3(file);
  applyPragmas(raw);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return {
    db,
    raw,
    close: async () => {
      await db.destroy();
    },
  };
}
