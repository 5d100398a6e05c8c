// Runs a server command (`server/src/cli/<script>.ts`, from this run's bundle) as a child process, as `npm run <script>`
// does, and answers its exit code and output instead of throwing; or starts the server itself as a process of its own.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The file of this run's server bundle (tests/support/server-build-global-setup.ts) that runs `entry`: 'main' (the
 * server, as `npm start` runs it) or a command ('admin', 'backup', 'restore', 'reindex', 'migrate-to-postgres').
 */
export function builtServer(entry = 'main'): string {
  return path.join(inject('serverBuild'), `${entry}.js`);
}

export function serverCommand(script: string, env: Record<string, string>, args: string[] = []) {
  return run(process.execPath, [builtServer(script), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, from the line the server logs once it listens. */
  base: string;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Starts the server (this run's bundle, or `entry`: node's arguments, e.g. a build of a test's own) on a free
 * loopback port; resolves once it listens.
 */
export function startServerProcess(env: Record<string, string>, entry: string[] = [builtServer()]): Promise<ServerProcess> {
  const child = spawn(process.execPath, entry, {
    cwd: root,
    // One process unless the test asks for more (WORKERS, docs/decisions/0036-several-processes.md): the default,
    // one per core, would start a supervisor and two servers where a test means one.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = output.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1]!, output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}
