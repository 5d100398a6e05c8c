// The embedded index opened by two processes (PostgreSQL with SEARCH_INDEX=embedded: the instances on one machine
// share DATA_DIR, docs/decisions/0023-several-instances.md). Only the projector's lock holder writes, but a takeover
// may overlap a dying holder's last write: a write must then wait for the other process's transaction, not fail.
// The whole two-instance story runs in tests/integration/two-processes.test.ts (server-pg).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedSearchIndex } from '../../server/src/adapters/search/embedded/embedded-search-index';
import { story } from './search-index.case';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Another process that takes the file's write lock, says so, holds it `ms`, writes a row and commits. */
function holdWriteLock(file: string, ms: number): Promise<{ committed: Promise<void> }> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    db.prepare('INSERT INTO other_process (at) VALUES (?)').run(Date.now());
    console.log('locked');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ['-e', script, file, String(ms)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const committed = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the other process exited with ${code}`)))),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve({ committed }));
    child.on('exit', (code) => reject(new Error(`the other process exited with ${code} before taking the lock`)));
  });
}

describe('the embedded index shared by two processes', () => {
  it("waits for another process's write transaction, then writes (a read-then-write transaction would fail busy)", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-processes-'));
    const file = path.join(dir, 'index.sqlite');
    const index = new EmbeddedSearchIndex(file);
    await index.init();
    await index.upsertStories([story(1, 'aaa', 'Harbour lights')]);
    new BetterSqlite3(file).exec('CREATE TABLE other_process (at INTEGER)').close();

    const other = await holdWriteLock(file, 400);
    // An update (its current terms are read first) and a new document, in one write, while the other holds the lock.
    await index.upsertStories([story(1, 'aaa', 'Harbour lights at dusk'), story(2, 'bbb', 'Lighthouse keeper')]);
    await other.committed;

    expect((await index.search({ text: 'dusk', kind: 'stories', limit: 5 })).map((h) => h.id)).toEqual([1]);
    expect((await index.search({ text: 'lighthouse', kind: 'stories', limit: 5 })).map((h) => h.id)).toEqual([2]);
    const check = new BetterSqlite3(file, { readonly: true });
    expect(check.prepare('SELECT count(*) AS n FROM other_process').get()).toEqual({ n: 1 });
    expect(check.prepare(`SELECT value FROM search_meta WHERE key = 'search_stories'`).pluck().get()).toBe(2);
    check.close();
    await index.close();
  });
});
