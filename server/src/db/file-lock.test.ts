// The SQLite lock file of run-once work (file-lock.ts, ADR 0037): one holder at a time, in one process and across
// processes; a try answers at once; a wait gets it once the holder is done; a holder killed with SIGKILL frees it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileLock, lockFile } from './file-lock';

describe('FileLock', () => {
  let dir: string;
  let file: string;
  const locks: FileLock[] = [];
  const make = () => {
    const l = new FileLock(file);
    locks.push(l);
    return l;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-lock-'));
    file = lockFile(dir, 'projector');
  });
  afterEach(async () => {
    for (const l of locks.splice(0)) await l.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets one holder at a time run, even two in one process; a try while held answers false without running', async () => {
    const [a, b] = [make(), make()];
    const ran: string[] = [];
    let inner: boolean | undefined;
    expect(
      await a.runAlone(async () => {
        ran.push('a');
        inner = await b.runAlone(async () => void ran.push('b'), false);
      }, false),
    ).toBe(true);
    expect(inner).toBe(false);
    expect(ran).toEqual(['a']);
    expect(await b.runAlone(async () => void ran.push('b'), false)).toBe(true);
    expect(ran).toEqual(['a', 'b']);
  });

  it('a waiting run starts once the holder is done; a failing run releases the lock', async () => {
    const [a, b] = [make(), make()];
    const order: string[] = [];
    let release!: () => void;
    const held = a.runAlone(
      () =>
        new Promise<void>((resolve) => {
          order.push('a starts');
          release = () => {
            order.push('a ends');
            resolve();
          };
        }),
      false,
    );
    const waited = b.runAlone(async () => void order.push('b runs'), true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([held, waited]);
    expect(order).toEqual(['a starts', 'a ends', 'b runs']);
    await expect(a.runAlone(() => Promise.reject(new Error('boom')), false)).rejects.toThrow('boom');
    expect(await b.runAlone(async () => undefined, false)).toBe(true);
  });

  it('is held across processes, and freed when its holder is killed with SIGKILL', async () => {
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { FileLock } from ${JSON.stringify(path.resolve(import.meta.dirname, 'file-lock.ts'))};
         new FileLock(${JSON.stringify(file)}).runAlone(async () => { console.log('held'); await new Promise(() => setInterval(() => {}, 1000)); }, false);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve) => holder.stdout!.on('data', (d) => String(d).includes('held') && resolve()));
      const mine = make();
      expect(await mine.runAlone(async () => undefined, false)).toBe(false);
      const waited = mine.runAlone(async () => undefined, true);
      holder.kill('SIGKILL');
      expect(await waited).toBe(true);
    } finally {
      holder.kill('SIGKILL');
    }
  }, 60_000);
});
