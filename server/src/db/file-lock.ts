// Work that one process at a time may do, across the processes on one SQLite DATA_DIR
// (docs/decisions/0037-processes-on-one-sqlite-file.md): the same `runAlone` as InstanceLock's PostgreSQL advisory
// lock. The lock is a tiny SQLite database of its own (DATA_DIR/locks/<work>.lock, rollback journal) held with
// `BEGIN EXCLUSIVE` by a connection of its own: SQLite's file locks. A process that dies, even by kill -9, loses
// them with its file descriptors, so the next tick of another process takes over; no heartbeat, no stale lease.
// Two connections in one process exclude each other too (SQLite keeps one lock state per file per process).
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** One kind of run-once work: PostgreSQL's InstanceLock or this; deps.ts picks. */
export interface WorkLock {
  /**
   * Runs `fn` while holding the lock and returns true; or, when another process holds it and `wait` is false,
   * returns false at once without running `fn`.
   */
  runAlone(fn: () => Promise<void>, wait: boolean): Promise<boolean>;
  close(): Promise<void>;
}

/** How often a waiting `runAlone(fn, true)` tries again: each try is one failed lock call, microseconds. */
const WAIT_POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FileLock implements WorkLock {
  private connection: BetterSqlite3.Database | null = null;
  /** This object's own run is in progress (one connection holds one transaction at a time). */
  private busy = false;
  private closed = false;

  constructor(private readonly file: string) {}

  async runAlone(fn: () => Promise<void>, wait: boolean): Promise<boolean> {
    while (!this.tryTake()) {
      if (!wait || this.closed) return false;
      await sleep(WAIT_POLL_MS);
    }
    try {
      await fn();
      return true;
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    // A run still holding the lock releases it when it ends; then the connection closes too.
    if (!this.busy) this.closeConnection();
  }

  /** True when the lock is now ours. Never waits: busy_timeout 0, so another holder answers SQLITE_BUSY at once. */
  private tryTake(): boolean {
    if (this.busy || this.closed) return false;
    const connection = this.open();
    try {
      connection.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return false;
      throw err;
    }
    this.busy = true;
    return true;
  }

  private release(): void {
    this.busy = false;
    try {
      this.connection?.exec('ROLLBACK');
    } catch {
      // Nothing was written: a failed ROLLBACK leaves nothing behind, and closing the connection releases the lock.
      this.closeConnection();
    }
    if (this.closed) this.closeConnection();
  }

  private open(): BetterSqlite3.Database {
    if (this.connection) return this.connection;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    // timeout 0: a try answers at once. The file stays empty: nothing is ever written to it.
    this.connection = new BetterSqlite3(this.file, { timeout: 0 });
    return this.connection;
  }

  private closeConnection(): void {
    const connection = this.connection;
    this.connection = null;
    connection?.close();
  }
}

/** Where the lock of one kind of work lives in a DATA_DIR. */
export function lockFile(dataDir: string, work: string): string {
  return path.join(dataDir, 'locks', `${work}.lock`);
}
