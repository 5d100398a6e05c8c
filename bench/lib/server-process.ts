// Starts a server in a process of its own, times its cold start, and samples its resident memory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { serverProcessEnv } from '../../scripts/server-env.mjs';
import { request } from './http-client';
import { memoryOfPids, processTree, treeCpuMicros } from './process-tree';
import { nowMs, sleep } from './stats';

export interface RunningServer {
  base: string;
  pid: number;
  child: ChildProcess;
  /** The last lines the process printed (for error messages). */
  output(): string;
  stop(): Promise<void>;
}

/** A free loopback port (the kernel picks one; it is released right away for the server to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Every server this process started and has not stopped: none may outlive the harness, even when it fails. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function startProcess(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
  port: number,
): RunningServer {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    output: () => `${label}: ${tail.trim()}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/**
 * The product's server on an empty site (no demo data, no rate limits, errors only), with the start script's
 * environment (scripts/server-env.mjs) so memory is measured as the product runs. `args`: the entry, from the
 * sources (`['--import', 'tsx', 'server/src/main.ts']`) or built (`['dist/server/main.js']`), run in `cwd`.
 */
export function startEmptySiteServer(args: string[], cwd: string, dataDir: string, port: number): RunningServer {
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', RATE_LIMIT_SCALE: '0', SEED_DEMO: 'false' };
  return startProcess('server', process.execPath, args, { ...env, ...serverProcessEnv() }, cwd, port);
}

/**
 * Polls `probe` every 5 ms from `since` until it answers 200; returns the elapsed milliseconds.
 * Throws when the process exits or `limitMs` passes.
 */
export async function timeUntilOk(server: RunningServer, since: number, probe: () => Promise<number>, limitMs = 120_000): Promise<number> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`The server exited with ${server.child.exitCode}.\n${server.output()}`);
    if (nowMs() - since > limitMs) throw new Error(`No 200 within ${limitMs} ms.\n${server.output()}`);
    const status = await probe().catch(() => 0);
    if (status === 200) return nowMs() - since;
    await sleep(5);
  }
}

export const getStatus = (url: string) => async (): Promise<number> => (await request(url, { timeoutMs: 5000 })).status;

/**
 * CPU time (user + system) the process and every process it started have used so far, in microseconds: with
 * WORKERS > 1 the server is a supervisor and its workers, and a cost per request must count them all (process-tree.ts).
 */
export function cpuMicros(pid: number): number {
  if (!fs.existsSync(`/proc/${pid}`)) throw new Error(`No process ${pid}.`);
  return treeCpuMicros(pid);
}

/**
 * VmRSS and VmHWM of a process and its descendants, in bytes, from /proc: sums over the processes (VmHWM: each
 * one's own peak). `pss` (only when asked: it reads smaps_rollup) counts pages the processes share once.
 */
export function memoryOf(pid: number, o: { pss?: boolean } = {}): { rss: number; hwm: number; pss: number; processes: number } {
  if (!fs.existsSync(`/proc/${pid}`)) throw new Error(`No process ${pid}.`);
  return memoryOfPids(processTree(pid), o.pss);
}

/**
 * Samples VmRSS (of the process and its descendants, found again every second) every `everyMs`; `peak()` is the highest sample since the last `reset()`, `phasePeak()` the
 * highest since the previous `phasePeak()` (to tell which load drove memory up).
 */
export class RssSampler {
  private timer: NodeJS.Timeout;
  private max = 0;
  private phaseMax = 0;
  private pids: number[] = [];
  private treeAt = 0;
  constructor(
    private readonly pid: number,
    everyMs = 100,
  ) {
    this.timer = setInterval(() => {
      try {
        if (Date.now() - this.treeAt > 1000) {
          this.pids = processTree(this.pid);
          this.treeAt = Date.now();
        }
        if (!fs.existsSync(`/proc/${this.pid}`)) return;
        const { rss } = memoryOfPids(this.pids);
        this.max = Math.max(this.max, rss);
        this.phaseMax = Math.max(this.phaseMax, rss);
      } catch {
        /* the process has gone */
      }
    }, everyMs);
    this.timer.unref();
  }
  peak(): number {
    return this.max;
  }
  phasePeak(): number {
    const peak = this.phaseMax;
    this.phaseMax = 0;
    return peak;
  }
  reset(): void {
    this.max = 0;
    this.phaseMax = 0;
  }
  stop(): void {
    clearInterval(this.timer);
  }
}
