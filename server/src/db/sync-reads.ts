// Hot reads that skip Kysely's asynchronous connection handling when nothing else is using the connection.
import type { CompiledQuery } from 'kysely';

export interface SyncConnection {
  /** The same prepared-statement cache Kysely's driver uses. */
  prepare(sql: string): { reader: boolean; all(parameters: readonly unknown[]): unknown[] };
  /** True between BEGIN and COMMIT/ROLLBACK of a transaction on this connection (better-sqlite3). */
  readonly inTransaction: boolean;
}

const connections = new WeakMap<object, SyncConnection>();

/** Lets `readNow` run reads of this Kysely instance directly on its one connection. */
export function allowSyncReads(db: object, connection: SyncConnection): void {
  connections.set(db, connection);
}

/**
 * Runs a compiled SELECT at once and returns its rows, exactly as Kysely's SQLite driver would (the same
 * statement, `all(parameters)`), or undefined when it must go through Kysely instead: an instance that was
 * not registered (a transaction, a test database), or a transaction open on the connection. Kysely's own path
 * costs a mutex, several promises and a plugin pass per query, on every hot read (docs/performance.md, ADR
 * 0008). Running synchronously cannot interleave with anything, and refusing while a
 * transaction is open keeps another request's uncommitted writes invisible: such a read waits for the
 * connection through Kysely as before.
 */
export function readNow<R>(db: object, query: CompiledQuery<R>): R[] | undefined {
  const connection = connections.get(db);
  if (!connection || connection.inTransaction) return undefined;
  const statement = connection.prepare(query.sql);
  if (!statement.reader) return undefined;
  return statement.all(query.parameters) as R[];
}
