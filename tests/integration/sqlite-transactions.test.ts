// Write transactions on SQLite begin IMMEDIATE (db/open-database.ts, ADR 0037): two processes running read-then-write
// transactions on one file both succeed, each waiting for the other's write lock, and no increment is lost. Begun
// DEFERRED, a transaction that read before the other process's commit fails at once with SQLITE_BUSY. And four
// processes opening a new DATA_DIR at once migrate it once, under the startup lock (Kysely's migrator takes no lock
// on SQLite: without it, some of them failed with "table users already exists"). SQLite only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/open-database';
import { postgresBaseUrl } from '../support/test-app';

const root = path.resolve(import.meta.dirname, '../..');
const script = path.resolve(import.meta.dirname, '../support/sqlite-read-then-write.ts');

/** Starts a child; `ready` resolves when it says so, `done` with its last line. */
function startChild(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('ready')) resolve();
    }),
  );
  const done = new Promise<{ last: string; err: string }>((resolve) =>
    child.on('exit', () => resolve({ last: out.trim().split('\n').at(-1) ?? '', err })),
  );
  return { ready, done };
}

describe.skipIf(postgresBaseUrl)('write transactions on one SQLite file from several processes', () => {
  it('two processes doing read-then-write transactions both succeed and lose no write', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immediate-'));
    const file = path.join(dir, 'life-story.sqlite');
    try {
      const opened = await openDatabase(file);
      opened.raw.exec(
        'CREATE TABLE read_then_write (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO read_then_write VALUES (1, 0)',
      );
      await opened.close();
      const rounds = 200;
      const children = [0, 1].map(() => startChild([script, file, String(rounds)]));
      await Promise.all(children.map((c) => c.ready));
      fs.writeFileSync(`${file}.go`, '');
      for (const c of children) {
        const { last, err } = await c.done;
        expect(last, err).toBe('done 0');
      }
      const check = new BetterSqlite3(file, { readonly: true });
      expect(check.prepare('SELECT n FROM read_then_write WHERE id = 1').get()).toEqual({ n: 2 * rounds });
      check.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('four processes opening a new DATA_DIR at once migrate it once, one after the other', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-together-'));
    try {
      const children = [0, 1, 2, 3].map(() => startChild([path.resolve(import.meta.dirname, '../support/sqlite-open-together.ts'), dir]));
      await Promise.all(children.map((c) => c.ready));
      fs.writeFileSync(path.join(dir, 'go'), '');
      for (const c of children) {
        const { last, err } = await c.done;
        expect(last, err).toBe('ok');
      }
      const check = new BetterSqlite3(path.join(dir, 'life-story.sqlite'), { readonly: true });
      const { n, names } = check.prepare('SELECT count(*) AS n, count(DISTINCT name) AS names FROM kysely_migration').get() as {
        n: number;
        names: number;
      };
      expect(n).toBe(names);
      check.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
