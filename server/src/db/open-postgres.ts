// Opens a PostgreSQL database (DATABASE_URL) through a pg Pool and runs pending migrations: the scale-out
// database beside the embedded SQLite file (docs/decisions/0021-postgresql.md).
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './open-database';
import type { Database } from './schema';

/** Connections one app instance keeps at most; PostgreSQL's max_connections must cover every instance's. */
const POOL_SIZE = 10;

/**
 * bigint (ids, timestamps in ms, count(*)) and numeric (sum(...)) come back as JavaScript numbers, as they do from
 * SQLite: every such value here is below 2^53 (ms timestamps, row counts). pg's default is strings.
 */
const NUMBER_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMBER_TYPES.has(oid) ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface OpenedPostgres {
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Where a URL points, without its password: for messages. */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'the DATABASE_URL given';
  }
}

export async function openPostgres(url: string, log: (message: string) => void = () => undefined): Promise<OpenedPostgres> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types, connectionTimeoutMillis: 10_000 });
  // An idle connection that breaks (PostgreSQL restarted, network gone) is dropped by the pool; without a listener
  // its error would end the process. The next query opens a new connection or fails with a clear error.
  pool.on('error', (err) => log(`PostgreSQL connection lost: ${err.message}`));
  const where = describePostgresUrl(url);
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new Error(`Could not connect to PostgreSQL at ${where}: ${(err as Error).message}`, { cause: err });
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed on PostgreSQL at ${where}: ${String(error)}`);
  }
  return { db, pool, close: () => db.destroy() };
}
