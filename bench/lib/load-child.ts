// Runs one latency measurement in a process of its own, so that nothing else the harness holds or does
// (its heap, its garbage collections, autocannon's leftovers) delays the answers being timed.
// The parent sends the job as JSON on stdin and reads the result as JSON from stdout.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedRequests, type PacedResult, type PlannedRequest } from './paced-load';
import { typeQueries, type TypingResult } from './typists';

type Job =
  | { kind: 'paced'; base: string; requests: PlannedRequest[]; rate: number; warmup: number }
  | { kind: 'typists'; base: string; queries: string[]; typists: number; keystrokeMs: number };

const self = fileURLToPath(import.meta.url);

function runInChild<T>(job: Job): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', self], {
      stdio: ['pipe', 'pipe', 'inherit'],
      cwd: path.resolve(path.dirname(self), '../..'),
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load child exited with ${code}`));
      try {
        resolve(JSON.parse(out) as T);
      } catch (err) {
        reject(new Error(`load child answered ${out.slice(0, 200)}: ${(err as Error).message}`));
      }
    });
    child.stdin.end(JSON.stringify(job));
  });
}

export const pacedInChild = (base: string, requests: PlannedRequest[], rate: number, warmup: number) =>
  runInChild<PacedResult>({ kind: 'paced', base, requests, rate, warmup });

export const typistsInChild = (base: string, queries: string[], typists: number, keystrokeMs: number) =>
  runInChild<TypingResult>({ kind: 'typists', base, queries, typists, keystrokeMs });

// ---- the child
if (process.argv[1] === self) {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as Job;
  const result =
    job.kind === 'paced'
      ? await pacedRequests(job.base, job.requests, job.rate, job.warmup)
      : await typeQueries(job.base, job.queries, job.typists, job.keystrokeMs);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}
