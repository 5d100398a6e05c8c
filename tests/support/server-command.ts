// Runs a server command's entry (`server/src/<script>.ts`) through tsx as a child process, as `npm run <script>` does,
// and answers its exit code and output instead of throwing.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

export function serverCommand(script: string, env: Record<string, string>, args: string[] = []) {
  return run(process.execPath, ['--import', 'tsx', path.join(root, `server/src/${script}.ts`), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}
