// Opens a PostgreSQL database (DATABASE_URL) through a pg Pool and runs pending migrations: the scale-out
// database beside the embedded SQLite file (docs/decisions/0021-postgresql.md).
import { Kysely, Migrator, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { AppError } from '../contract/errors';
import { preparedName } from './compiled-query';
import { migrationProvider } from './open-database';
import type { Database } from './schema';

/** Connections one app instance keeps at most; PostgreSQL's max_connections must cover every instance's. */
const POOL_SIZE = 10;

/**
 * bigint (ids, timestamps in ms, count(*)) and numeric (sum(...)) come back as JavaScript numbers, as they do from
 * SQLite: every such value here is below 2^53 (ms timestamps, row counts). pg's default is strings.
 */
const NUMBER_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
export const postgresTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMBER_TYPES.has(oid) ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export const DATABASE_AWAY = 'The site cannot reach its database just now. Please try again in a moment.';

/** Node's network failures, and PostgreSQL's connection exceptions (class 08), shutdown (57P0x), too many connections. */
const AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '53300']);

/** Whether an error means PostgreSQL is away (down, restarting, unreachable), not that the query was wrong. */
export function isDatabaseAway(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (AWAY_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
  const message = err instanceof Error ? err.message : '';
  return /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(message);
}

/**
 * The pool as Kysely's driver sees it, with PostgreSQL being away turned into a 503 with a sentence (and
 * Retry-After) instead of a 500; a connection that failed so is destroyed rather than reused. With `named`, the
 * texts of `compileOnce`'s hot reads run as named prepared statements (pg's `{ name, text, values }`): each
 * connection parses them once, then only binds and executes (Kysely's driver passes only text and values, so the
 * name is found by the text; docs/performance.md has the gain).
 */
function reportingAbsence(pool: pg.Pool, named: boolean): PostgresPool {
  const away = (err: unknown): never => {
    throw isDatabaseAway(err) ? new AppError('UNAVAILABLE', DATABASE_AWAY, undefined, 5) : err;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect().catch(away);
      let broken = false;
      // The pool listens for errors only on idle connections: one that breaks while lent out (between two queries of
      // a transaction) would otherwise end the process. Its next query fails, with a 503.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      return {
        query: ((text: string, parameters: unknown[]) => {
          const name = named ? preparedName(text) : undefined;
          return (name ? client.query({ name, text, values: parameters }) : client.query(text, parameters)).catch((err: unknown) => {
            broken ||= isDatabaseAway(err);
            return away(err);
          });
        }) as unknown as PostgresPoolClient['query'],
        release: () => {
          client.removeListener('error', onError);
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
}

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

export interface PostgresOptions {
  /** Run the hot reads as named prepared statements (the default); false only to measure what the names gain. */
  namedStatements?: boolean;
}

export async function openPostgres(
  url: string,
  log: (message: string) => void = () => undefined,
  { namedStatements = true }: PostgresOptions = {},
): Promise<OpenedPostgres> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types: postgresTypes, connectionTimeoutMillis: 10_000 });
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: reportingAbsence(pool, namedStatements) }) });
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed on PostgreSQL at ${where}: ${String(error)}`);
  }
  return { db, pool, close: () => db.destroy() };
}
