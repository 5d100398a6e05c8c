// Server CPU per first-visit story page, in-process (docs/performance.md, "Server rendering"): the production
// server's app over a copy of a bench dataset, asked for every page of a run of stories once (so each is
// rendered), no HTTP. Run under `node --cpu-prof --import tsx` to see where a render goes.
//   NODE_ENV=production npx tsx bench/ssr-render-loop.ts <data dir copy> [pages=3000] [warmup=500] [accept-encoding]
// SSR_ENTRY names another built entry (default dist/ssr/entry-server.js); SSR_DUMP=<dir> writes each page there,
// to compare two builds' pages byte for byte.
// The data dir is written to (sessions, projector): pass a copy, never the dataset itself.
// It also prints where the slow requests wait (issue #32's first-visit tail): each request's time (p50, p99, max),
// and the garbage collector's pauses (PerformanceObserver 'gc') while the measured pages ran. (The event loop's delay
// cannot be measured here: app.request does no I/O, so the renders run as one chain of promises and the loop never
// turns; bench/first-visit-tail.ts measures the tail over HTTP.)
import fs from 'node:fs';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDeps } from '../server/src/deps';

const [dataDir, pagesArg, warmupArg, encoding] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: ssr-render-loop.ts <data dir copy> [pages] [warmup] [accept-encoding]');
const pages = Number(pagesArg ?? 3000);
const warmup = Number(warmupArg ?? 500);
const raw = new BetterSqlite3(path.join(dataDir, 'life-story.sqlite'), { readonly: true });
const rows = raw
  .prepare('SELECT u.username, s.page_count AS pageCount FROM stories s JOIN users u ON u.id = s.user_id ORDER BY s.user_id')
  .all() as Array<{ username: string; pageCount: number }>;
raw.close();
const paths = rows.flatMap((r) => Array.from({ length: r.pageCount }, (_, i) => `/story/${encodeURIComponent(r.username)}/page/${i + 1}`));

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'error' });
const deps = await createDeps(config, { log: () => {} });
const app = createApp(deps, {
  trustProxy: false,
  publicOrigin: undefined,
  mediaPublicBaseUrl: undefined,
  legalUrl: config.legalUrl,
  clientDir: path.resolve('dist/client'),
  serverRender: path.resolve(process.env.SSR_ENTRY ?? 'dist/ssr/entry-server.js'),
  log: (m) => console.error(m),
});
const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
/** Concurrent requests, as a loaded server has them (SSR_CONCURRENCY, default 1). */
const concurrency = Number(process.env.SSR_CONCURRENCY ?? 1);
let peakRss = 0;
/** Each measured request's time, ms, and its path (the warm-up's are left out). */
let times: number[] | null = null;
const slowest: { ms: number; path: string }[] = [];
async function visit(from: number, count: number): Promise<number> {
  let bytes = 0;
  let next = from;
  const worker = async () => {
    while (next < from + count) {
      const i = next++;
      const t = performance.now();
      const res = await app.request(`http://localhost${paths[i % paths.length]}`, { headers });
      if (res.status !== 200) throw new Error(`${paths[i % paths.length]}: ${res.status}`);
      const body = await res.arrayBuffer();
      if (times) {
        times.push(performance.now() - t);
        slowest.push({ ms: times.at(-1)!, path: paths[i % paths.length]! });
      }
      bytes += body.byteLength;
      if (process.env.SSR_DUMP) fs.writeFileSync(path.join(process.env.SSR_DUMP, `${i}.html`), new Uint8Array(body));
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return bytes;
}
await visit(0, warmup);
times = [];
const gcs: { kind: number; ms: number }[] = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    gcs.push({ kind: (entry as unknown as { detail: { kind: number } }).detail.kind, ms: entry.duration });
});
gcObserver.observe({ entryTypes: ['gc'] });
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const bytes = await visit(warmup, pages);
const cpu = process.cpuUsage(cpu0);
const ms = performance.now() - t0;
// The observer's entries are delivered on a later turn of the loop: let them come before disconnecting.
await new Promise((resolve) => setTimeout(resolve, 50));
gcObserver.disconnect();
// With --expose-gc: what is left once the garbage is collected (kept pages, caches), against the peak.
(globalThis as { gc?: () => void }).gc?.();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const mem = process.memoryUsage();
console.log(
  `${pages} first-visit pages, ${concurrency} at a time: ${Math.round((cpu.user + cpu.system) / pages)} µs CPU each, ${(ms / pages).toFixed(2)} ms wall each, ${(
    bytes / pages / 1024
  ).toFixed(
    1,
  )} KB each${encoding ? ` (${encoding})` : ''}; RSS peak ${mb(peakRss)}, now ${mb(mem.rss)} (JS heap ${mb(mem.heapUsed)} used of ${mb(mem.heapTotal)}, array buffers ${mb(mem.arrayBuffers)})`,
);
times.sort((a, b) => a - b);
const at = (q: number) => times![Math.min(times!.length - 1, Math.floor(q * times!.length))]!;
console.log(
  `each request: p50 ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (p99/p50 ${(at(0.99) / at(0.5)).toFixed(1)}x)`,
);
slowest.sort((a, b) => b.ms - a.ms);
console.log(
  `slowest: ${slowest
    .slice(0, 5)
    .map((s) => `${s.path} ${s.ms.toFixed(0)} ms`)
    .join(', ')}`,
);
const gcKind = (kind: number) =>
  kind === constants.NODE_PERFORMANCE_GC_MINOR ? 'minor' : kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 'major' : 'other';
const byKind = new Map<string, number[]>();
for (const g of gcs) byKind.set(gcKind(g.kind), [...(byKind.get(gcKind(g.kind)) ?? []), g.ms]);
console.log(
  `GC: ${[...byKind].map(([kind, list]) => `${list.length} ${kind}, ${list.reduce((n, x) => n + x, 0).toFixed(0)} ms in all, longest ${Math.max(...list).toFixed(1)} ms`).join('; ') || 'none'} (${((gcs.reduce((n, g) => n + g.ms, 0) / ms) * 100).toFixed(1)}% of the run's wall time)`,
);
await deps.close();
