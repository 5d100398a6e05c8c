// Issue #32's first-visit tail over HTTP: the built server (`npm run build`, started as `npm start` starts it, with
// scripts/server-env.mjs's environment) on a copy of a bench dataset, 20 connections asking for random story pages
// (nearly every one a first visit, so rendered), each latency kept (bench/lib/load.ts). Variants run one after the
// other on fresh copies, so that one's kept pages do not serve the next:
//   npx tsx bench/first-visit-tail.ts <dataset dir> [seconds=20] [connections=20] [warmup seconds=3] [variant ...]
// A variant is `name:ENV=value,ENV=value` (e.g. `semi16:NODE_OPTIONS=--max-semi-space-size=16`, `one:WORKERS=1`);
// without one it runs the shipped environment only. Prints p50/p95/p99/max and p99/p50 per variant.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { copyDataDir, DB_FILE } from './lib/dataset';
import { runLoad } from './lib/load';
import { freePort, getStatus, startEmptySiteServer, timeUntilOk } from './lib/server-process';
import { nowMs, seededRandom } from './lib/stats';

const [dataset, secondsArg, connectionsArg, warmupArg, ...variantArgs] = process.argv.slice(2);
if (!dataset) throw new Error('usage: first-visit-tail.ts <dataset dir> [seconds] [connections] [warmup seconds] [name:ENV=value,...]');
const seconds = Number(secondsArg ?? 20);
const connections = Number(connectionsArg ?? 20);
// A server just started answers its first ~30 s slower (the JIT, SQLite's page cache, the kept pages): a warm-up of
// 3 s measures a fresh start, 60 s one that has been serving a while (docs/performance.md, "The first-visit tail").
const warmupSeconds = Number(warmupArg ?? 3);
const variants = (variantArgs.length ? variantArgs : ['shipped:']).map((arg) => {
  const [name, settings = ''] = arg.split(/:(.*)/s);
  const env = Object.fromEntries(
    settings
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split(/=(.*)/s) as [string, string]),
  );
  return { name: name!, env };
});

const db = new BetterSqlite3(path.join(dataset, DB_FILE), { readonly: true });
const pages = db
  .prepare(
    "SELECT u.username, p.page_number FROM pages p JOIN stories s ON s.user_id = p.user_id JOIN users u ON u.id = s.user_id WHERE s.audience = 'everyone' AND s.hidden_at IS NULL",
  )
  .all() as Array<{ username: string; page_number: number }>;
db.close();

for (const variant of variants) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-visit-tail-'));
  copyDataDir(dataset, dataDir);
  const port = await freePort();
  // A variant's NODE_OPTIONS come after the shipped ones (serverProcessEnv appends), so they win.
  const saved = { ...process.env };
  Object.assign(process.env, variant.env);
  const server = startEmptySiteServer(['dist/server/main.js'], process.cwd(), dataDir, port);
  process.env = saved;
  try {
    await timeUntilOk(server, nowMs(), getStatus(`${server.base}/healthz`));
    const random = seededRandom(32);
    const next = () => {
      const p = pages[Math.floor(random() * pages.length)]!;
      return {
        method: 'GET' as const,
        path: `/story/${encodeURIComponent(p.username)}/page/${p.page_number}`,
        headers: { 'accept-encoding': 'br' },
      };
    };
    const load = os.loadavg()[0]!.toFixed(1);
    const r = await runLoad({ base: server.base, next, connections, seconds, warmupSeconds });
    const l = r.latency;
    console.log(
      `${variant.name.padEnd(10)} ${Math.round(r.rps)} req/s, p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(0)} ms, p99/p50 ${(l.p99 / l.p50).toFixed(2)}x (${r.requests} requests, load ${load} -> ${os.loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
