// ADR 0001: an acknowledged write survives a process killed with SIGKILL right after it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/open-database';

describe('durability', () => {
  it('keeps an acknowledged commit when the process is killed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-durable-'));
    const file = path.join(dir, 'db.sqlite');
    const opened = await openDatabase(file); // migrate first
    await opened.close();

    const writer = `
      const Database = require('better-sqlite3');
      const db = new Database(${JSON.stringify(file)});
      db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL');
      db.prepare("INSERT INTO users (username, email, password_hash, dob, is_private, created_at, updated_at) VALUES ('kept', 'kept@example.com', 'x', '1990-01-01', 0, 1, 1)").run();
      process.stdout.write('ack\\n');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['-e', writer], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('ack') && resolve());
      child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));

    const db = new BetterSqlite3(file);
    expect(db.prepare("SELECT username FROM users WHERE username = 'kept'").get()).toEqual({ username: 'kept' });
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
