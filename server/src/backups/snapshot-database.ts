// A consistent copy of the live database, made on a worker thread: copying hundreds of megabytes is
// synchronous in better-sqlite3 and would otherwise stop the server answering while it runs.
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SnapshotAnswer, SnapshotResult, SnapshotTask } from './snapshot-worker';

/** tsx's ESM API file, found through its package's exports (require() would pick its CommonJS build). */
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href;
}

/**
 * The worker's start: the bundle's sibling in dist/server (scripts/build-steps.mjs names it), or, when this
 * module runs as TypeScript (tests, `npm run backup` through tsx), the source with tsx's hooks registered in
 * the thread first (a worker does not inherit them, and refuses a .ts entry before any --import runs).
 */
function workerBoot(): string {
  const here = import.meta.url;
  if (!/\.[cm]?ts$/.test(new URL(here).pathname)) return `import(${JSON.stringify(new URL('./backup-snapshot-worker.js', here).href)})`;
  const tsx = tsxEsmApi(here);
  const source = new URL('./snapshot-worker.ts', here).href;
  return `import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => import(${JSON.stringify(source)}))`;
}

export async function snapshotDatabase(dbFile: string, dest: string): Promise<SnapshotResult> {
  const worker = new Worker(workerBoot(), { eval: true, workerData: { dbFile, dest } satisfies SnapshotTask });
  let answer: SnapshotAnswer | undefined;
  worker.on('message', (m: SnapshotAnswer) => {
    answer = m;
  });
  const [code] = (await Promise.race([once(worker, 'exit'), once(worker, 'error').then(([err]) => Promise.reject(err))])) as [number];
  if (!answer) throw new Error(`The database copy stopped (worker exit code ${code}).`);
  if (!answer.ok) throw new Error(`Could not copy the database ${dbFile}: ${answer.message}`);
  return answer.result;
}
