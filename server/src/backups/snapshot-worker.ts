// Copies the SQLite file with SQLite's online backup API, on a thread of its own (snapshot-database.ts).
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

export interface SnapshotTask {
  dbFile: string;
  dest: string;
}

export interface SnapshotResult {
  pages: number;
}

/** What the thread posts back: errors as their message (a SqliteError loses it when cloned across threads). */
export type SnapshotAnswer = { ok: true; result: SnapshotResult } | { ok: false; message: string };

const { dbFile, dest } = workerData as SnapshotTask;
try {
  const source = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in one step: one read transaction, so the copy is the database at one instant while the server
    // goes on writing (WAL). In steps, a write from another connection would restart the copy, over and over.
    const { totalPages } = await source.backup(dest, { progress: () => 0x7fffffff });
    parentPort!.postMessage({ ok: true, result: { pages: totalPages } } satisfies SnapshotAnswer);
  } finally {
    source.close();
  }
} catch (err) {
  parentPort!.postMessage({ ok: false, message: (err as Error).message } satisfies SnapshotAnswer);
}
