// Debian's MariaDB for the original app, run by this process in a scratch directory (no system service): installed
// with apt-get when missing, a fresh data directory (mariadb-install-db), mariadbd on a loopback port.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from '../lib/stats';

const SBIN = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin'];
const which = (name: string) => SBIN.map((d) => path.join(d, name)).find((f) => fs.existsSync(f)) ?? null;

/** Installs Debian's mariadb-server when mariadbd is missing (root only; Debian's policy keeps its service stopped in containers). */
export function ensureMariadb(log: (line: string) => void): void {
  if (which('mariadbd') && which('mariadb-install-db') && which('mariadb')) return;
  if (process.getuid?.() !== 0) throw new Error('MariaDB is not installed: run `sudo apt-get install -y mariadb-server`, then this again.');
  log('Installing Debian’s MariaDB (apt-get install -y mariadb-server)…');
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'mariadb-server'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export interface Mariadb {
  port: number;
  pid: number;
  /** Runs SQL through the `mariadb` client as the admin (the OS user, by the socket); returns its tab-separated output. */
  sql(statements: string, database?: string): string;
  /** Statements running in the server other than the caller's own (SHOW PROCESSLIST without sleepers). */
  busy(): number;
  stop(): Promise<void>;
}

/**
 * A MariaDB server of its own in `dir` (made anew), listening on 127.0.0.1:`port` and a socket in `dir`.
 * `--no-defaults` keeps Debian's /etc/mysql out, so the settings are the ones below, for anyone who reruns it:
 * utf8mb4 (Debian's default) and a buffer pool that holds the whole dataset (`bufferPool`).
 */
export async function startMariadb(o: { dir: string; port: number; bufferPool: string; log: (line: string) => void }): Promise<Mariadb> {
  fs.rmSync(o.dir, { recursive: true, force: true });
  const dataDir = path.join(o.dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const socket = path.join(o.dir, 'mariadb.sock');
  const user = os.userInfo().username;
  execFileSync(
    which('mariadb-install-db')!,
    ['--no-defaults', `--datadir=${dataDir}`, `--user=${user}`, '--skip-test-db', '--auth-root-authentication-method=socket'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const args = [
    '--no-defaults',
    `--datadir=${dataDir}`,
    `--socket=${socket}`,
    `--port=${o.port}`,
    '--bind-address=127.0.0.1',
    `--user=${user}`,
    `--pid-file=${path.join(o.dir, 'mariadb.pid')}`,
    `--log-error=${path.join(o.dir, 'error.log')}`,
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_general_ci',
    `--innodb-buffer-pool-size=${o.bufferPool}`,
    '--local-infile=1',
    '--max-connections=200',
  ];
  const child: ChildProcess = spawn(which('mariadbd')!, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.once('exit', () => child.kill('SIGKILL'));
  const client = (sql: string, database?: string) =>
    spawnSync(
      which('mariadb')!,
      [
        '--no-defaults',
        `--socket=${socket}`,
        `--user=${user}`,
        '--local-infile=1',
        '--batch',
        '--skip-column-names',
        ...(database ? [database] : []),
      ],
      {
        input: sql,
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      },
    );
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`mariadbd exited: ${fs.readFileSync(path.join(o.dir, 'error.log'), 'utf8').slice(-2000)}`);
    if (client('SELECT 1').status === 0) break;
    if (i > 600) throw new Error('MariaDB did not answer within 60 s.');
    await sleep(100);
  }
  o.log(`MariaDB ${client('SELECT VERSION()').stdout.trim()} on 127.0.0.1:${o.port} (data in ${dataDir})`);
  return {
    port: o.port,
    pid: child.pid!,
    sql(statements, database) {
      const r = client(statements, database);
      if (r.status !== 0) throw new Error(`mariadb: ${r.stderr.trim()}\n${statements.slice(0, 500)}`);
      return r.stdout;
    },
    busy() {
      const r = client(
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE COMMAND NOT IN ('Sleep', 'Daemon') AND ID <> CONNECTION_ID()",
      );
      return Number(r.stdout.trim() || 0);
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      if (!(await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]))) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Waits until MariaDB has run no statement but ours for `quietMs` (polled every 200 ms): the original's top lists
 * leave queries queued in its pool and running in MariaDB after the load that sent them has stopped.
 */
export async function waitIdle(db: Mariadb, o: { quietMs?: number; limitMs?: number } = {}): Promise<number> {
  const quietMs = o.quietMs ?? 600;
  const started = Date.now();
  let quietSince = Date.now();
  for (;;) {
    if (db.busy() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return Date.now() - started - quietMs;
    if (Date.now() - started > (o.limitMs ?? 600_000)) throw new Error('MariaDB was still busy after 10 minutes.');
    await sleep(200);
  }
}
