// Opens the SQLite file with the pragmas the product relies on and runs pending migrations.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, type Migration, type MigrationProvider, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';
import { NonBlockingBeginDialect } from './begin-without-blocking';
import { allowSyncReads } from './sync-reads';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-like-counts';
import * as m003 from './migrations/003-upload-references';
import * as m004 from './migrations/004-users-newest';
import * as m005 from './migrations/005-drafts-and-revisions';
import * as m006 from './migrations/006-password-resets';
import * as m007 from './migrations/007-photos';
import * as m008 from './migrations/008-notifications-and-email-change';
import * as m009 from './migrations/009-moderation';
import * as m010 from './migrations/010-email-verification';
import * as m011 from './migrations/011-revision-word-counts';
import * as m012 from './migrations/012-account-link-safety';
import * as m013 from './migrations/013-admin-by-owner';
import * as m014 from './migrations/014-revision-chunks';
import * as m015 from './migrations/015-story-audience';
import * as m017 from './migrations/017-followers';
import * as m018 from './migrations/018-questions';
import * as m019 from './migrations/019-story-chapters';
import * as m020 from './migrations/020-answers-by-email';
import * as m021 from './migrations/021-weekly-question';
import * as m022 from './migrations/022-family-asks';
import * as m023 from './migrations/023-kept-drafts';
import * as m024 from './migrations/024-developer-tokens';
import * as m025 from './migrations/025-user-locale';

const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-like-counts': m002,
  '003-upload-references': m003,
  '004-users-newest': m004,
  '005-drafts-and-revisions': m005,
  '006-password-resets': m006,
  '007-photos': m007,
  '008-notifications-and-email-change': m008,
  '009-moderation': m009,
  '010-email-verification': m010,
  '011-revision-word-counts': m011,
  '012-account-link-safety': m012,
  '013-admin-by-owner': m013,
  '014-revision-chunks': m014,
  '015-story-audience': m015,
  '017-followers': m017,
  '018-questions': m018,
  '019-story-chapters': m019,
  '020-answers-by-email': m020,
  '021-weekly-question': m021,
  '022-family-asks': m022,
  '023-kept-drafts': m023,
  '024-developer-tokens': m024,
  '025-user-locale': m025,
};

/** The same migrations for SQLite and PostgreSQL; each one branches on the dialect only where it must (ADR 0021). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

export interface OpenedDatabase {
  db: Kysely<Database>;
  /** The raw handle, for prepared statements on hot paths and for closing. */
  raw: BetterSqlite3.Database;
  close(): Promise<void>;
}

/** Pragmas every connection to the file gets (see docs/decisions/0001-sqlite-durability.md). */
export function applyPragmas(raw: BetterSqlite3.Database): void {
  // First: switching to WAL needs a lock too, and another process may be opening the file at the same moment (ADR 0037).
  raw.pragma('busy_timeout = 5000');
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // 8 MB of SQLite's own page cache: the OS caches the file anyway, and at 100k stories a larger cache made
  // no measurable difference to reads while costing its size in resident memory (docs/performance.md).
  raw.pragma('cache_size = -8000');
  raw.pragma('temp_store = MEMORY');
}

/** Prepared statements kept per SQL text (Kysely prepares every query afresh: ~40 µs for a join, on each request). */
const STATEMENT_CACHE_SIZE = 500;

/** The connection as Kysely's SQLite driver uses it, with a bounded cache of prepared statements. */
function withStatementCache(raw: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM); Kysely's own
  // ROLLBACK after that fails with "cannot rollback - no transaction is active", and that error replaced the real one
  // (a full disk answered 500; ADR 0001). Nothing is left to roll back then, so that ROLLBACK does nothing.
  const nothingToRollBack = raw.prepare('SELECT 0 WHERE 0');
  return {
    prepare(sqlText: string) {
      if (sqlText === 'rollback' && !raw.inTransaction) return nothingToRollBack;
      const hit = cache.get(sqlText);
      // A statement still iterating (a streamed query) cannot run again: prepare another one then.
      if (hit && !hit.busy) {
        cache.delete(sqlText); // most recently used last
        cache.set(sqlText, hit);
        return hit;
      }
      const statement = raw.prepare(sqlText);
      if (!hit) {
        cache.set(sqlText, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
    close() {
      cache.clear();
      raw.close();
    },
  };
}

export interface OpenOptions {
  /**
   * Runs the migrations while no other process on this DATA_DIR runs its own (deps.ts: the startup lock, ADR 0037).
   * Kysely's migrator takes no lock on SQLite and runs each migration outside a transaction there.
   */
  alone?: (fn: () => Promise<void>) => Promise<unknown>;
}

export async function openDatabase(file: string, options: OpenOptions = {}): Promise<OpenedDatabase> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new BetterSqlite3(file);
  applyPragmas(raw);
  const connection = withStatementCache(raw);
  // Write transactions begin IMMEDIATE, and wait for another process's write on a timer (ADR 0037): a DEFERRED one
  // that reads and then writes fails at once with SQLITE_BUSY when another process wrote meanwhile.
  const db = new Kysely<Database>({ dialect: new NonBlockingBeginDialect({ database: connection }, raw) });
  allowSyncReads(db, {
    prepare: (sqlText) => connection.prepare(sqlText) as BetterSqlite3.Statement,
    get inTransaction() {
      return raw.inTransaction;
    },
  });
  let outcome!: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  const migrate = async () => {
    outcome = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  };
  await (options.alone ? options.alone(migrate) : migrate());
  const { error, results } = outcome;
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
