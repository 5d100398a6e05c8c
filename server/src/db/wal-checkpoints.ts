// WAL checkpoints on a thread of their own (docs/decisions/0037-processes-on-one-sqlite-file.md, "Checkpoints on a thread").
// SQLite's automatic checkpoint runs inside the commit that crosses 1,000 WAL pages: that commit copies the pages
// into the database file and fsyncs it, several milliseconds during which the process's event loop answers nobody
// (a like's commit averaged 773 µs with it, 215-251 µs without: ADR 0037). The server's
// connections turn it off (`wal_autocheckpoint = 0`) and this thread checkpoints the file every second instead:
// one fsync a second instead of one every ~70 likes, and none on the thread that answers requests. One process of
// those sharing the file runs the thread (a thread is ~8 MB of memory), the holder of a lock file.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { WorkLock } from './file-lock';

export interface WalCheckpoints {
  /** Stops the thread after one last checkpoint; the connections' own close checkpoints what is left. */
  stop(): Promise<void>;
}

/** Plain CommonJS run by the thread: nothing of the app's to load, so no bundle or tsx in it. */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
// timeout 0: a checkpoint that meets another (another process's thread) is skipped, not waited for.
const db = new Database(workerData.file, { timeout: 0, fileMustExist: true });
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // SQLITE_BUSY: another checkpoint is running; anything else is retried at the next tick and reported once.
    if (err.code !== 'SQLITE_BUSY' && !reported) { reported = true; parentPort.postMessage(String(err.message)); }
  }
};
let reported = false;
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** Starts checkpointing `file` (a SQLite database in WAL mode) every `everyMs` on a worker thread. */
export function startWalCheckpoints(file: string, log: (message: string) => void, everyMs = 1000): WalCheckpoints {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, { eval: true, workerData: { file, driver, everyMs } });
  worker.on('message', (message: string) => log(`WAL checkpoint failed (retried every ${everyMs} ms): ${message}`));
  worker.on('error', (err) => log(`WAL checkpoints stopped: ${err.message}`));
  const exited = once(worker, 'exit');
  // The thread never keeps the process alive; stop() ends it on a clean shutdown.
  worker.unref();
  return {
    async stop() {
      // Held while it stops: an unref'd thread would let a process with nothing else to do exit mid-await (code 13).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

/**
 * The thread in one process at a time: the holder of `lock` (a lock file beside the database: the checkpoints are
 * of this machine's file, so never PostgreSQL's lock). Another process tries every `retryMs` and takes over within
 * that of the holder's end, kill -9 included; meanwhile the WAL only grows.
 */
export function startWalCheckpointsInOneProcess(
  file: string,
  lock: WorkLock,
  log: (message: string) => void,
  retryMs = 5000,
): WalCheckpoints {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let release: (() => void) | undefined;
  let held: Promise<unknown> = Promise.resolve();
  const attempt = () => {
    if (stopped) return;
    held = lock
      .runAlone(async () => {
        const thread = startWalCheckpoints(file, log);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await thread.stop();
      }, false)
      .then((took) => {
        if (took || stopped) return;
        timer = setTimeout(attempt, retryMs);
        timer.unref();
      })
      .catch((err: Error) => log(`WAL checkpoints: the lock failed (${err.message})`));
  };
  attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      release?.();
      await held;
      await lock.close();
    },
  };
}

/** For each connection the server writes through: the checkpoints are the thread's (above), not the commit's. */
export const NO_AUTOMATIC_CHECKPOINTS = 'wal_autocheckpoint = 0';
