// The real entry point as its own process on a loopback port: config, migrations, listen, shutdown.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../support/outbox';

let child: ChildProcess;
let base: string;
let dataDir: string;
let output = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-proc-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '0', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    // From source through tsx: ~6 s of CPU, over 30 s of wall clock on a busy two-core machine.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = output.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}, 120_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts on an empty DATA_DIR, creating the database, upload folder and secret', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'life-story.sqlite'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('registers, signs in with a cookie over real HTTP, and reads the profile', async () => {
    const json = { 'content-type': 'application/json' };
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'proc_user',
        email: 'proc@example.com',
        dob: '1980-01-01',
        password: 'long enough pw',
        first_name: '',
        last_name: '',
      }),
    });
    expect(reg.status).toBe(201);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'proc@example.com', password: 'long enough pw' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const profile = await fetch(`${base}/api/users/profile`, { headers: { cookie } });
    expect((await profile.json()).data.username).toBe('proc_user');
  });

  it('projects events in the background: a new story shows in the top list without any manual step', async () => {
    const json = { 'content-type': 'application/json' };
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'proc@example.com', password: 'long enough pw' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    await fetch(`${base}/api/stories/save`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ title: 'Process story', text: '<p>Hello there.</p>' }),
    });
    let found = false;
    for (let i = 0; i < 50 && !found; i++) {
      const top = await (await fetch(`${base}/api/searches/top/5`)).json();
      found = top.data.some((s: { username: string }) => s.username === 'proc_user');
      if (!found) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toBe(true);
  });

  it('prints a one-time admin setup link at the first start of a site with no admin, and writes it to the outbox', async () => {
    const token = async () => output.match(/No account is an admin yet\..*\/admin-setup#token=([A-Za-z0-9_-]{43})/)?.[1];
    await expect.poll(token).toBeDefined();
    expect(output).toContain(`${base}/admin-setup#token=`);
    const link = `/admin-setup#token=${await token()}`;
    await expect.poll(async () => (await outbox({ dataDir })).filter((m) => m.text?.includes(link)).length).toBe(1);
    // Only its hash is stored.
    const stored = ['life-story.sqlite', 'life-story.sqlite-wal'].filter((f) => fs.existsSync(path.join(dataDir, f)));
    for (const f of stored) expect(fs.readFileSync(path.join(dataDir, f)).includes((await token())!)).toBe(false);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM');
  });
});
