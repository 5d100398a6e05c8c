import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** What a write needs: the database, and whom to tell that events were committed (the projector). */
export interface WriteDeps {
  db: Kysely<Database>;
  onEventsCommitted: () => void;
}

/**
 * Runs a state change and its events in one SQLite transaction, then nudges the projector.
 * Keep slow work (hashing, image processing, network) outside `fn`: the connection is held until it returns.
 */
export async function writeTransaction<T>(deps: WriteDeps, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction().execute(fn);
  deps.onEventsCommitted();
  return result;
}

/** True for SQLite's UNIQUE / PRIMARY KEY violations. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
