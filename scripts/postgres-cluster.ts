// A throwaway PostgreSQL (docs/decisions/0021-postgresql.md): `initdb` in a temp folder, started on a free loopback
// port with its unix socket in that folder, stopped and removed at the end. Used by the `server-pg` test project
// (tests/support/postgres-cluster.ts, where each test app gets a database of its own) and by `npm run bench --
// --database-url auto`; nothing here imports vitest.
//
// PostgreSQL refuses to run as root. As root (this project's CI containers), the cluster belongs to the
// unprivileged `postgres` account Debian's package creates, and every server command runs through `runuser`.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresBinDir } from './ensure-test-tools.mjs';

/** The role the tests connect as: the cluster's superuser, with trust authentication on loopback only. */
const ROLE = 'life_story_test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The account the server programs run as: ourselves, or `postgres` when we are root. */
function serverAccount(): { uid: number; gid: number; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g'), name: 'postgres' };
  } catch {
    throw new Error(
      'The PostgreSQL tests run as root, and PostgreSQL refuses root: they need the unprivileged `postgres` account ' +
        "that Debian's postgresql package creates (apt-get install postgresql), or run them as another user.",
    );
  }
}

export interface PostgresCluster {
  /** postgres://role@127.0.0.1:port/ : append a database name. */
  baseUrl: string;
  /** The cluster's data folder (its postmaster.pid names the server's process). */
  dataDir: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /**
   * false (tests): no fsync, since durability is not what the tests measure and creating a database per test app is
   * then quick. true (the bench): fsync and full-page writes on, commits not waiting for their flush
   * (synchronous_commit=off), as SQLite's WAL with synchronous=NORMAL (open-database.ts): a crash of the machine may
   * lose the last commits, never corrupt the database. Shared buffers at PostgreSQL's default (128 MB).
   */
  durable?: boolean;
}

export async function startPostgresCluster({ durable = false }: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error('No PostgreSQL server programs (initdb, pg_ctl) found: apt-get install postgresql, or set PG_BIN to their folder.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-pg-'));
  const data = path.join(dir, 'data');
  const account = serverAccount();
  if (account) fs.chownSync(dir, account.uid, account.gid);
  const run = (program: string, args: string[]) => {
    const file = path.join(bin, program);
    const [cmd, argv] = account ? ['runuser', ['-u', account.name, '--', file, ...args]] : [file, args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      const log = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8') : '';
      throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}\n${log}`.trim());
    }
  };
  run('initdb', ['-D', data, '-U', ROLE, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c synchronous_commit=off',
    '-c max_connections=200',
    ...(durable ? [] : ['-c fsync=off', '-c full_page_writes=off', '-c shared_buffers=32MB']),
  ].join(' ');
  run('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', options]);
  return {
    baseUrl: `postgres://${ROLE}@127.0.0.1:${port}/`,
    dataDir: data,
    async stop() {
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${baseUrl}postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops a database of the cluster, closing any connection still open to it. */
export function dropPostgresDatabase(baseUrl: string, name: string): Promise<void> {
  return adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * A new database on the cluster; returns its URL and a function that drops it. Empty (template0) unless `template`
 * names a database to copy, such as the migrated one of `migratedTemplate`.
 */
export async function freshPostgresDatabase(baseUrl: string, template = 'template0'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { url: `${baseUrl}${name}`, drop: () => dropPostgresDatabase(baseUrl, name) };
}

/**
 * A database of the cluster with every migration applied, made once, for `freshPostgresDatabase` to copy: a copy is
 * a file copy (~20 ms), where an app opening an empty database runs every migration (hundreds of statements) itself.
 * `migrate` opens the database (running the migrations) and closes it: no connection may stay, or CREATE DATABASE
 * ... TEMPLATE refuses to copy it.
 */
export async function migratedTemplate(baseUrl: string, migrate: (url: string) => Promise<void>): Promise<string> {
  const name = 'life_story_migrated';
  await dropPostgresDatabase(baseUrl, name);
  await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE template0`);
  await migrate(`${baseUrl}${name}`);
  return name;
}
