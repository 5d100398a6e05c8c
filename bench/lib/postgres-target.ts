// The bench on PostgreSQL (`--database-url URL|auto`, issue #14): the same SQLite dataset copied into a PostgreSQL
// database with copySqliteToPostgres (docs/decisions/0022-moving-to-postgresql.md), and what the harness needs to
// read from there instead of the SQLite file (the projector's lag, sizes, the database server's CPU time).
// With `auto`, a cluster of its own (scripts/postgres-cluster.ts, durable settings) is started and stopped.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { freshPostgresDatabase, type PostgresCluster, startPostgresCluster } from '../../scripts/postgres-cluster';
import { copySqliteToPostgres, SEARCH_FORMAT_CHECKPOINT } from '../../server/src/postgres-copy/copy-to-postgres';
import { describePostgresUrl } from '../../server/src/db/open-postgres';

export interface PostgresTarget {
  url: string;
  /** Where it is, without a password: for the report. */
  where: string;
  /** The environment of a server on it: PostgreSQL, a session secret, and the embedded index in DATA_DIR. */
  serverEnv: Record<string, string>;
  copy: { rows: number; tables: number; seconds: number };
  /** Events the projector has not folded yet. */
  pendingEvents(): Promise<number>;
  /** The database's size and its largest tables (with their indexes), in bytes. */
  sizes(): Promise<{ databaseBytes: number; tables: Record<string, number> }>;
  /** CPU time (user + system, µs) of the cluster's processes so far; only for a cluster the bench started. */
  cpuMicros: (() => number) | undefined;
  close(): Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** /proc/<pid>/stat's fields after the command name: utime, stime, cutime, cstime are the 12th-15th; ppid the 2nd. */
const statFields = (pid: number | string): string[] => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/**
 * The postmaster's CPU time, its exited children's (cutime, cstime: connections that ended) and its live
 * children's (each connection's backend, the WAL writer, autovacuum).
 */
function clusterCpuMicros(dataDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const own = statFields(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = statFields(entry);
      if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* the process has gone */
    }
  }
  return ticks * (1e6 / CLOCK_TICKS_PER_SECOND);
}

/**
 * A PostgreSQL database holding the dataset of `sqliteFile`: `auto` starts a cluster and makes a database on it;
 * a URL must name an empty database (copySqliteToPostgres refuses any other, in one line).
 */
export async function preparePostgres(spec: string, sqliteFile: string, log: (line: string) => void): Promise<PostgresTarget> {
  let cluster: PostgresCluster | undefined;
  const stopAtExit = () => void cluster?.stop();
  let url = spec;
  if (spec === 'auto') {
    log('Starting a PostgreSQL cluster of its own for the bench…');
    cluster = await startPostgresCluster({ durable: true });
    // Stopped at exit too when the run fails: stop() does its work synchronously (pg_ctl stop, rm), so it runs to its
    // end even in an exit handler.
    process.once('exit', stopAtExit);
    url = (await freshPostgresDatabase(cluster.baseUrl)).url;
  }
  const stop = async () => {
    process.removeListener('exit', stopAtExit);
    await cluster?.stop();
  };
  const where = describePostgresUrl(url);
  try {
    log(`Copying the dataset into PostgreSQL at ${where}…`);
    const copied = await copySqliteToPostgres({ sqliteFile, databaseUrl: url, log: (line) => log(`  copy: ${line}`) });
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    // The copy leaves out the search index's format row, so that a server with a new (Meilisearch) index rebuilds it
    // at its first start. The bench's server keeps the embedded index in DATA_DIR, which is the SQLite file this
    // dataset was indexed in: the row is true there, and is copied, as the SQLite server reads it.
    const sqlite = new BetterSqlite3(sqliteFile, { readonly: true, fileMustExist: true });
    const format = sqlite.prepare('SELECT name, seq, updated_at FROM projector_checkpoints WHERE name = ?').get(SEARCH_FORMAT_CHECKPOINT) as
      | { name: string; seq: number; updated_at: number }
      | undefined;
    sqlite.close();
    if (format) {
      await pool.query(
        'INSERT INTO projector_checkpoints (name, seq, updated_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET seq = $2, updated_at = $3',
        [format.name, format.seq, format.updated_at],
      );
    }
    await pool.query('VACUUM (ANALYZE)');
    return {
      url,
      where: cluster ? `${where} (a cluster of the bench's own, fsync on, synchronous_commit off)` : where,
      serverEnv: { DATABASE_URL: url, SESSION_SECRET: randomBytes(32).toString('hex'), SEARCH_INDEX: 'embedded' },
      copy: { rows: copied.rows, tables: copied.tables.length, seconds: copied.seconds },
      async pendingEvents() {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT (SELECT coalesce(max(seq), 0) FROM events) - coalesce((SELECT seq FROM projector_checkpoints WHERE name = 'search'), 0) AS n`,
        );
        return Number(rows[0]!.n);
      },
      async sizes() {
        const { rows } = await pool.query<{ tbl: string; bytes: string }>(
          `SELECT c.relname AS tbl, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
            WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace ORDER BY bytes DESC`,
        );
        const total = await pool.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
        return {
          databaseBytes: Number(total.rows[0]!.bytes),
          tables: Object.fromEntries(rows.map((r) => [r.tbl, Number(r.bytes)])),
        };
      },
      cpuMicros: cluster ? () => clusterCpuMicros(cluster!.dataDir) : undefined,
      async close() {
        await pool.end();
        await stop();
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
