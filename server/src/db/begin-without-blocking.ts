// Begins SQLite write transactions without blocking the event loop while another process holds the write lock
// (ADR 0037): better-sqlite3's busy handler sleeps in the calling thread, so a process waiting for the lock answered
// nobody meanwhile. The BEGIN IMMEDIATE is tried with no busy wait, and tried again after a short timer while another
// process writes; past BUSY_WAIT_MS it waits as before (busy_timeout), so nothing fails sooner than it did.
import type BetterSqlite3 from 'better-sqlite3';
import { type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig } from 'kysely';

export const BUSY_WAIT_MS = 5000;

const isBusy = (err: unknown) => (err as { code?: string }).code === 'SQLITE_BUSY';
const pause = () => new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 3));

export class NonBlockingBeginDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly raw: BetterSqlite3.Database,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const raw = this.raw;
    const begin = raw.prepare('begin immediate');
    driver.beginTransaction = async (_connection: DatabaseConnection) => {
      const deadline = Date.now() + BUSY_WAIT_MS;
      while (Date.now() < deadline) {
        // Synchronous from the pragma to its restoring: no other statement runs on this connection without its wait.
        raw.pragma('busy_timeout = 0');
        try {
          begin.run();
          return;
        } catch (err) {
          if (!isBusy(err)) throw err;
        } finally {
          raw.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
        }
        await pause();
      }
      begin.run();
    };
    return driver;
  }
}
