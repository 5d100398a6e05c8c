// WORKERS (docs/decisions/0036-several-processes.md): the built server as `npm start` runs it. With WORKERS=2 the
// process started is a supervisor that loads none of the server's code, and two worker processes answer on its
// one port (which one holds a connection is read from /proc, as the tests see it; clients are told nothing); a
// worker killed with SIGKILL is replaced while the other answers; a SIGHUP onto a build that does not start keeps
// the workers that serve; WORKERS=1 is one process serving, as before.
// SEED_DEMO=false: the demo seed's run-once across processes is ADR 0037's; rate limits off (RATE_LIMIT_SCALE=0).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, buildServerForTest, childPids, get, holdersOfConnections, rssMb, waitFor } from '../support/cluster-processes';
import { type ServerProcess, startServerProcess } from '../support/server-command';

const env = { RATE_LIMIT_SCALE: '0', SEED_DEMO: 'false', NODE_ENV: 'production' };
let build: Awaited<ReturnType<typeof buildServerForTest>>;
const dirs: string[] = [];
const servers: ServerProcess[] = [];

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-cluster-'));
  dirs.push(dir);
  return dir;
}

async function start(extra: Record<string, string>) {
  const server = await startServerProcess({ ...env, DATA_DIR: dataDir(), ...extra }, build.entry);
  servers.push(server);
  return server;
}

/** Lines of the output that match. */
const lines = (output: string, pattern: RegExp) => output.split('\n').filter((l) => pattern.test(l));

beforeAll(async () => {
  build = await buildServerForTest('cluster-workers');
});

afterAll(() => {
  for (const server of servers) {
    for (const pid of childPids(server.child.pid!)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  build?.remove();
});

describe('WORKERS=2', () => {
  let server: ServerProcess;
  let primary: number;
  beforeAll(async () => {
    server = await start({ WORKERS: '2' });
    primary = server.child.pid!;
  });

  it('answers through two worker processes on one port, and says it listens once', async () => {
    expect(lines(server.output(), /listening on/)).toEqual([
      expect.stringMatching(/^Life Story is listening on http:\/\/127\.0\.0\.1:\d+ with 2 worker processes \(data in /),
    ]);
    // Said once for the site, by one worker: the admin setup link.
    expect(lines(server.output(), /admin setup link|No account is an admin/)).toHaveLength(2); // the link, and its email to the outbox
    const workers = childPids(primary);
    expect(workers).toHaveLength(2);
    // Round-robin: eight connections opened together are spread over both workers; the supervisor keeps none.
    const holders = await holdersOfConnections(server.base, [primary, ...workers], 8);
    expect(new Set(holders)).toEqual(new Set(workers));
  });

  it('runs none of the server in the supervisor: no database, image or password library loaded', () => {
    const maps = (pid: number) => fs.readFileSync(`/proc/${pid}/maps`, 'utf8');
    const native = /better_sqlite3\.node|sharp|argon2/;
    expect(maps(primary)).not.toMatch(native);
    for (const worker of childPids(primary)) expect(maps(worker)).toMatch(/better_sqlite3\.node/);
    // Printed, not asserted (docs/performance.md has the measured figures).
    const rss = [primary, ...childPids(primary)].map(rssMb);
    console.log(
      `RSS at rest: supervisor ${rss[0]!.toFixed(1)} MB, workers ${rss
        .slice(1)
        .map((r) => r.toFixed(1))
        .join(' + ')} MB, together ${rss.reduce((a, b) => a + b, 0).toFixed(1)} MB`,
    );
  });

  it('starts another worker for one killed with SIGKILL, and the other answers meanwhile', async () => {
    const [killed, other] = childPids(primary) as [number, number];
    process.kill(killed, 'SIGKILL');
    await waitFor('the killed worker to be gone', () => !alive(killed) || !childPids(primary).includes(killed));
    const answers: Awaited<ReturnType<typeof get>>[] = [];
    // Every request sent after the kill is answered, each on a connection of its own, until the new worker serves.
    await waitFor(
      'a new worker that answers',
      async () => {
        answers.push(await get(`${server.base}/readyz`, false));
        const workers = childPids(primary);
        if (workers.length !== 2 || workers.includes(killed)) return false;
        const holders = await holdersOfConnections(server.base, workers, 4);
        return holders.some((pid) => pid !== other);
      },
      100_000,
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(server.output()).toMatch(/A worker process ended unexpectedly \(signal SIGKILL.*\); starting another/);
    expect(childPids(primary)).toContain(other);
  }, 120_000);

  it('keeps its workers when SIGHUP finds a build that does not start, and says so', async () => {
    const main = build.entry[0]!;
    const good = fs.readFileSync(main, 'utf8');
    const workers = childPids(primary);
    // A broken build: what the supervisor forks now ends at once.
    fs.writeFileSync(main, "console.error('a broken build'); process.exit(3);\n");
    try {
      server.child.kill('SIGHUP');
      await waitFor('the roll to stop', () => /SIGHUP: a new worker process ended as it started/.test(server.output()), 100_000);
    } finally {
      fs.writeFileSync(main, good);
    }
    expect(server.output()).toContain(
      'SIGHUP: a new worker process ended as it started (exit code 3); the others go on serving the build they started with.',
    );
    expect(childPids(primary).sort()).toEqual(workers.sort());
    expect((await get(`${server.base}/readyz`, false)).status).toBe(200);
    expect(server.output()).not.toMatch(/SIGHUP: all \d+ worker processes are new/);
  }, 120_000);
});

describe('WORKERS=1', () => {
  it('is one process that serves: no supervisor, no worker processes', async () => {
    const server = await start({ WORKERS: '1' });
    const pid = server.child.pid!;
    expect(childPids(pid)).toEqual([]);
    const holders = await holdersOfConnections(server.base, [pid], 2);
    expect(holders).toEqual([pid, pid]);
    expect(lines(server.output(), /listening on/)).toEqual([
      expect.stringMatching(/^Life Story is listening on http:\/\/127\.0\.0\.1:\d+ \(data in /),
    ]);
  });
});

describe('a start that cannot serve', () => {
  it('refuses a WORKERS that is not a whole number from 1 to 64, in one line, and starts nothing', async () => {
    for (const value of ['0', 'abc']) {
      const error = await start({ WORKERS: value }).then(
        () => undefined,
        (err: Error) => err.message,
      );
      expect(error).toContain('the server exited with 1');
      expect(lines(error!, /WORKERS/)).toEqual([
        '  WORKERS: must be a whole number from 1 to 64: how many server processes (1: one, no supervisor)',
      ]);
    }
  });

  it('exits 1 with the worker\u2019s message, said once, when the first worker cannot start', async () => {
    const notADirectory = path.join(dataDir(), 'a-file');
    fs.writeFileSync(notADirectory, '');
    const error = await start({ WORKERS: '2', DATA_DIR: notADirectory }).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(error).toContain('the server exited with 1');
    expect(lines(error!, /The server did not start: its worker process ended with exit code 1\./)).toHaveLength(1);
    expect(lines(error!, /ENOTDIR|EEXIST/).length).toBeGreaterThanOrEqual(1);
    expect(error).not.toContain('starting another');
  });

  it('exits 1 when no worker serves and new ones keep ending as they start, instead of starting them for ever', async () => {
    const server = await start({ WORKERS: '2' });
    const main = build.entry[0]!;
    const good = fs.readFileSync(main, 'utf8');
    fs.writeFileSync(main, "console.error('a broken build'); process.exit(3);\n");
    try {
      for (const pid of childPids(server.child.pid!)) process.kill(pid, 'SIGKILL');
      expect(await server.exited).toBe(1);
    } finally {
      fs.writeFileSync(main, good);
    }
    expect(lines(server.output(), /starting another in [\d.]+ s\.$/).length).toBeGreaterThanOrEqual(2);
    expect(server.output()).toContain('Worker processes keep ending as they start (5 in a row, the last with exit code 3): stopping.');
  }, 120_000);
});
