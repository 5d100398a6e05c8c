import type { Kysely, Transaction } from 'kysely';
import { isPostgres, takeWriteTurn } from './dialect';
import type { Database } from './schema';

/** What a write needs: the database, and whom to tell that events were committed (the projector). */
export interface WriteDeps {
  db: Kysely<Database>;
  onEventsCommitted: () => void;
}

/**
 * Runs a state change and its events in one transaction, then nudges the projector.
 * Keep slow work (hashing, image processing, network) outside `fn`: the connection is held until it returns.
 */
export async function writeTransaction<T>(deps: WriteDeps, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const result = await serializedTransaction(deps.db, fn);
  deps.onEventsCommitted();
  return result;
}

/** The write turn each database's transactions wait for in this process, so a waiting one holds no connection. */
const turns = new WeakMap<object, Promise<void>>();

async function inProcessTurn<T>(db: object, fn: () => Promise<T>): Promise<T> {
  const previous = turns.get(db) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  turns.set(
    db,
    previous.then(() => mine),
  );
  await previous;
  try {
    return await fn();
  } finally {
    release();
  }
}

/**
 * A write transaction that runs alone, as every transaction does on SQLite's one connection. On PostgreSQL it waits
 * its turn in this process (holding no connection meanwhile), then across instances (takeWriteTurn, an advisory
 * lock held until commit): the core's read-then-write rules and the events' commit order hold as on SQLite
 * (docs/decisions/0021-postgresql.md).
 */
export function serializedTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(fn);
  return inProcessTurn(db, () =>
    db.transaction().execute(async (trx) => {
      await takeWriteTurn(trx);
      return fn(trx);
    }),
  );
}

/**
 * A write of one statement that must not interleave with a write transaction's read-then-write (an autosave and a
 * publish of the same draft): as is on SQLite, where it cannot; in a serialized transaction on PostgreSQL.
 */
export function serializedWrite<T>(db: Kysely<Database>, fn: (db: Kysely<Database> | Transaction<Database>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return fn(db);
  return serializedTransaction(db, fn);
}

/** True for a UNIQUE / PRIMARY KEY violation: SQLite's codes, PostgreSQL's SQLSTATE 23505. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
