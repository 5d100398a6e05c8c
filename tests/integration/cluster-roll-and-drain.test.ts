// The supervisor's signals (docs/decisions/0036-several-processes.md), on the built server as `npm start` runs it.
// SIGHUP replaces every worker, one at a time, while clients send requests without a pause, on
// connections of their own and on kept-alive ones: none is refused or fails. SIGTERM drains: a request already
// begun is answered (with Connection: close), new connections are refused, the supervisor exits 0 and no worker
// is left. SEED_DEMO=false: the demo seed's run-once across processes is ADR 0037's.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, alive, buildServerForTest, childPids, get, waitFor } from '../support/cluster-processes';
import { type ServerProcess, startServerProcess } from '../support/server-command';

let build: Awaited<ReturnType<typeof buildServerForTest>>;
const dirs: string[] = [];
const servers: ServerProcess[] = [];

async function start(workers: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-cluster-'));
  dirs.push(dataDir);
  const server = await startServerProcess(
    { DATA_DIR: dataDir, WORKERS: String(workers), RATE_LIMIT_SCALE: '0', SEED_DEMO: 'false', NODE_ENV: 'production' },
    build.entry,
  );
  servers.push(server);
  return server;
}

beforeAll(async () => {
  build = await buildServerForTest('cluster-roll-and-drain');
});

afterAll(() => {
  for (const server of servers) {
    for (const pid of childPids(server.child.pid!)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  build?.remove();
});

describe('SIGHUP', () => {
  it('replaces every worker, one at a time, without a refused or failed request', async () => {
    const server = await start(2);
    const primary = server.child.pid!;
    const before = childPids(primary);
    expect(before).toHaveLength(2);

    const answers: Answer[] = [];
    let rolled = false;
    const keptAlive = [1, 2].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    // Two clients on a new connection each time, two on one kept-alive connection each; each sends its next
    // request as soon as the last is answered, until the roll is over.
    const client = async (agent: http.Agent | false, url: string) => {
      while (!rolled) answers.push(await get(url, agent));
    };
    const clients = [
      client(false, `${server.base}/healthz`),
      client(false, `${server.base}/readyz`),
      client(keptAlive[0]!, `${server.base}/readyz`),
      client(keptAlive[1]!, `${server.base}/healthz`),
    ];
    try {
      await waitFor('answers before the roll', () => answers.length >= 20);
      server.child.kill('SIGHUP');
      await waitFor('the roll to end', () => /SIGHUP: all 2 worker processes are new\./.test(server.output()), 100_000);
    } finally {
      rolled = true;
      await Promise.all(clients);
      for (const agent of keptAlive) agent.destroy();
    }

    const after = childPids(primary);
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // Kept-alive connections were closed by the workers that drained (Connection: close), and opened anew.
    expect(answers.filter((a) => a.connection === 'close').length).toBeGreaterThanOrEqual(1);
    console.log(`${answers.length} requests answered during the roll, none refused or failed`);
    expect(server.output()).not.toMatch(/ended unexpectedly/);
  }, 120_000);
});

/** Sends a request's head and half its body now; `finish()` sends the rest and resolves with the answer's head. */
function halfSentRequest(base: string) {
  const url = new URL(base);
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password at all' });
  const socket = net.connect(Number(url.port), url.hostname);
  let received = '';
  socket.on('data', (d) => {
    received += d.toString();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    async finish() {
      socket.write(body.slice(10));
      await closed;
      return received;
    },
  };
}

/** Resolves once a new connection to `base` is refused (the last worker has stopped listening). */
function refused(base: string): Promise<boolean> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM', () => {
  it('answers the request in flight, refuses new connections, exits 0 and leaves no worker', async () => {
    const server = await start(2);
    const primary = server.child.pid!;
    const workers = childPids(primary);
    expect(workers).toHaveLength(2);
    const inFlight = halfSentRequest(server.base);
    // The head has reached a worker: the request has begun.
    await waitFor('a worker to hold the connection', async () => (await get(`${server.base}/healthz`, false)).status === 200);
    server.child.kill('SIGTERM');
    await waitFor('new connections to be refused', () => refused(server.base));
    const answer = await inFlight.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await server.exited).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
    const said = server.output().split('\n');
    expect(said.filter((l) => l === 'SIGTERM: finishing open requests in 2 worker processes, then stopping.')).toHaveLength(1);
    expect(said.filter((l) => l === 'SIGTERM: stopped.')).toHaveLength(1);
  }, 120_000);
});
