import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDeps } from '../deps';
import { FileLock } from './file-lock';
import { NO_AUTOMATIC_CHECKPOINTS, startWalCheckpoints, startWalCheckpointsInOneProcess } from './wal-checkpoints';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpoints-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A WAL database whose connection never checkpoints by itself, with ~2 MB committed into its WAL. */
function writtenIntoTheWal(file: string) {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma(NO_AUTOMATIC_CHECKPOINTS);
  db.exec('CREATE TABLE t (b BLOB)');
  writeMore(db);
  return db;
}

function writeMore(db: BetterSqlite3.Database) {
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  for (let i = 0; i < 64; i++) insert.run(Buffer.alloc(32 * 1024, i));
}

describe('WAL checkpoints on a thread', () => {
  it('copies committed pages into the database file without the writing connection doing it', async () => {
    const file = path.join(tempDir(), 'db.sqlite');
    const db = writtenIntoTheWal(file);
    try {
      // Nothing checkpointed yet: the pages are in the WAL only.
      expect(fs.statSync(file).size).toBeLessThan(100_000);
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000);
      const checkpoints = startWalCheckpoints(file, () => undefined, 50, 0);
      await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(2_000_000);
      await checkpoints.stop();
      // The writer's data is all there, read through its own connection.
      expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 64 });
    } finally {
      db.close();
    }
  });

  it('starts its thread only once the WAL holds what SQLite would have checkpointed', async () => {
    const file = path.join(tempDir(), 'db.sqlite');
    const db = writtenIntoTheWal(file); // ~2 MB
    const checkpoints = startWalCheckpoints(file, () => undefined, 20, 3_000_000);
    try {
      // Below the threshold: several ticks, and the pages stay in the WAL.
      await new Promise((r) => setTimeout(r, 200));
      expect(fs.statSync(file).size).toBeLessThan(100_000);
      writeMore(db); // ~4 MB now
      await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(4_000_000);
    } finally {
      await checkpoints.stop();
      db.close();
    }
  });

  it('reports a failing checkpoint once and goes on trying', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'db.sqlite');
    writtenIntoTheWal(file).close();
    const logged: string[] = [];
    const checkpoints = startWalCheckpoints(file, (m) => logged.push(m), 20, 0);
    // The file turns unreadable under the thread: each tick fails, the log says so once.
    fs.writeFileSync(file, 'not a database');
    await expect.poll(() => logged.length, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^WAL checkpoint failed/);
    await checkpoints.stop();
  });

  it('runs in one holder of the lock at a time, and another takes over when it stops', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'db.sqlite');
    const lockFile = path.join(dir, 'checkpoints.lock');
    const db = writtenIntoTheWal(file);
    // Two connections to one lock file exclude each other in one process too (file-lock.ts): two "processes" here.
    const often = { retryMs: 20, everyMs: 20, startAtBytes: 0 };
    const first = startWalCheckpointsInOneProcess(file, new FileLock(lockFile), () => undefined, often);
    const second = startWalCheckpointsInOneProcess(file, new FileLock(lockFile), () => undefined, often);
    try {
      await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(2_000_000);
      // Held: a third try is refused.
      const other = new FileLock(lockFile);
      expect(await other.runAlone(async () => undefined, false)).toBe(false);
      await other.close();
      await first.stop();
      writeMore(db);
      await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(4_000_000);
    } finally {
      await second.stop();
      await first.stop();
      db.close();
    }
  });

  it("is how the server's connections run: neither the app's nor the index's checkpoints in a commit", async () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    const deps = await createDeps(config, { log: () => undefined });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(deps.db);
      expect(rows).toEqual([{ wal_autocheckpoint: 0 }]);
      // The index's connection is its own (the adapter keeps it private).
      const index = (deps.search as unknown as { db: BetterSqlite3.Database }).db;
      expect(index.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      // Another connection to the file (a CLI, a backup) keeps SQLite's default.
      const other = new BetterSqlite3(config.dbFile);
      expect(other.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      other.close();
    } finally {
      await deps.close();
    }
  });
});
