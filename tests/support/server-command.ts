// Runs a server command's entry (`server/src/cli/<script>.ts`) through tsx as a child process, as `npm run <script>` does,
// and answers its exit code and output instead of throwing; or starts the server itself as a process of its own.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

export function serverCommand(script: string, env: Record<string, string>, args: string[] = []) {
  return run(process.execPath, ['--import', 'tsx', path.join(root, `server/src/cli/${script}.ts`), ...args], {
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
 * Starts the server (`server/src/main.ts` through tsx, or `entry`: node's arguments, e.g. a built main.js) on a free
 * loopback port; resolves once it listens.
 */
export function startServerProcess(
  env: Record<string, string>,
  entry: string[] = ['--import', 'tsx', path.join(root, 'server/src/main.ts')],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
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
