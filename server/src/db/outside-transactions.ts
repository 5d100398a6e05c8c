// Synchronous work on the SQLite file that must not run while a transaction is open on the app's connection
// (docs/decisions/0037-processes-on-one-sqlite-file.md). Every transaction there is IMMEDIATE, so it holds the file's
// write lock from BEGIN until COMMIT, across its awaits. A write on another connection of this process (the embedded
// search index's) made between two of those awaits would wait for that lock synchronously, with the event loop
// blocked, so the transaction could never finish: busy_timeout (5 s), then SQLITE_BUSY. A statement of the rate
// limiter on the app's connection would join that transaction and be rolled back with it.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Runs `fn` at once, or once no transaction is open on the connection. */
export type OutsideTransactions = <T>(fn: () => T) => Promise<T>;

/**
 * `raw`: the app's better-sqlite3 connection; `db`: Kysely over it, whose driver lends that connection to one
 * transaction at a time. The check and `fn` run in one synchronous step: nothing can begin between them.
 */
export function outsideTransactions(db: Kysely<Database>, raw: { readonly inTransaction: boolean }): OutsideTransactions {
  return async (fn) => {
    while (raw.inTransaction) await db.connection().execute(async () => undefined);
    return fn();
  };
}
