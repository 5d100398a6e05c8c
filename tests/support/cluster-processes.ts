// The built server as `npm start` runs it (scripts/build-steps.mjs, into a folder of the test's own), and what a test
// sees of its processes in /proc (Linux): the supervisor's workers, and which process holds a connection. Nothing
// of this is asked of the server: it tells no client which process answered (docs/decisions/0036-several-processes.md).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');

/** Bundles the server into test-output/<name>-<pid>/ (inside the repository, so its packages resolve); node's arguments to run it. */
export async function buildServerForTest(name: string): Promise<{ entry: string[]; remove(): void }> {
  const outDir = path.join(root, 'test-output', `${name}-${process.pid}`);
  const steps = (await import(pathToFileURL(path.join(root, 'scripts/build-steps.mjs')).href)) as {
    buildServer(o: { force: boolean; outDir: string }): Promise<boolean>;
  };
  await steps.buildServer({ force: true, outDir });
  return { entry: [path.join(outDir, 'main.js')], remove: () => fs.rmSync(outDir, { recursive: true, force: true }) };
}

/** The processes `pid` started that are still there (its workers, for the supervisor). */
export function childPids(pid: number): number[] {
  const tasks = `/proc/${pid}/task`;
  if (!fs.existsSync(tasks)) return [];
  return fs.readdirSync(tasks).flatMap((task) => {
    try {
      return fs.readFileSync(`${tasks}/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The socket inode of the server's end of the loopback connection from `clientPort` to `serverPort`. */
function serverSocketInode(serverPort: number, clientPort: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const port = (address: string) => Number.parseInt(address.split(':').pop()!, 16);
      if (port(fields[1]!) === serverPort && port(fields[2]!) === clientPort) return fields[9];
    }
  }
  return undefined;
}

/** Which of `pids` holds the server's end of the connection from `clientPort` to `serverPort`. */
export function connectionHolder(serverPort: number, clientPort: number, pids: number[]): number | undefined {
  const inode = serverSocketInode(serverPort, clientPort);
  if (!inode) return undefined;
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

export interface Answer {
  status?: number;
  /** The client's end of the connection that carried it. */
  localPort?: number;
  connection?: string;
  /** node's error code when no answer came. */
  error?: string;
}

/** One GET over `agent` (false: a connection of its own). Never rejects. */
export function get(url: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      const localPort = res.socket.localPort;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, localPort, connection: res.headers.connection }));
      res.on('aborted', () => resolve({ error: 'aborted mid-answer' }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

/** The processes among `pids` that hold the server's end of `connections` kept-alive connections, each after one answer. */
export async function holdersOfConnections(base: string, pids: number[], connections: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    const answers = await Promise.all(Array.from({ length: connections }, () => get(`${base}/healthz`, agent)));
    const port = Number(new URL(base).port);
    return answers.map((a) => (a.localPort ? connectionHolder(port, a.localPort, pids) : undefined) ?? -1);
  } finally {
    agent.destroy();
  }
}

/** VmRSS of a process, in MB. */
export function rssMb(pid: number): number {
  const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : 0;
}

/** Waits for `check` to hold, trying every 50 ms, for at most `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
