/**
 * `npm run bench:side-by-side`: this app against the original (github.com/alejandrocqvd/MiHistoria: Express +
 * mysql2 on MariaDB) on the same machine, the same dataset and the same /api requests (docs/performance.md,
 * "Side by side with the original (issue #28)").
 *
 *   npm run bench:side-by-side [-- --users 20000 --likes 200000 --comments 40000 --seed 1] [--workers N]
 *        [--slice 10] [--rounds 2] [--connections 20] [--mixes likes,page,story,comments,search,new5,top,top-monthly,top-yearly]
 *        [--original DIR] [--original-git URL|DIR] [--buffer-pool 1G]
 *
 * 1. Debian's MariaDB (installed with apt-get when missing), started by this process in bench/.data/side-by-side/
 *    on a loopback port; the original's schema (api/src/MiHistoria.sql) loaded, and our scale dataset copied into
 *    it row for row (copy-rows.ts).
 * 2. The original's API (original-app.ts: cloned, patched to read its database and port from the environment,
 *    npm install, tsc), and ours twice, each on its own copy of the dataset: WORKERS=1 and WORKERS=N (the cores).
 * 3. For each request mix, alternating slices: original, ours WORKERS=1, ours WORKERS=N, … original, with 20
 *    connections. Before every slice MariaDB must have been idle for 0.6 s: the original's top lists leave queries
 *    queued and running after their load stops. Each of ours is divided by the mean of the original's slices around
 *    it; the median over the rounds is the ratio.
 * Nothing asserts: the figures are printed and written to bench/results/side-by-side-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCALE_PASSWORD } from '../../seed/scale/generate';
import { serverProcessEnv } from '../../scripts/server-env.mjs';
import { copyDataDir, DB_FILE, ensureDataset } from '../lib/dataset';
import { login } from '../lib/http-client';
import { likePhase } from '../lib/like-load';
import { runLoad, type LoadSpec } from '../lib/load';
import { buildIfStale } from '../lib/product-build';
import { formatTable, machine, mb, ms } from '../lib/report';
import { loadSample } from '../lib/sample-data';
import { cpuMicros, freePort, getStatus, memoryOf, startProcess, timeUntilOk, type RunningServer } from '../lib/server-process';
import { median, nowMs, seededRandom, sleep, summarize, type Summary } from '../lib/stats';
import { keystrokes } from '../lib/typists';
import { exportTables, loadStatement } from './copy-rows';
import { ensureMariadb, startMariadb, waitIdle } from './mariadb';
import { bcryptHash, ORIGINAL_GIT, prepareOriginal } from './original-app';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const num = (name: string, fallback: number) => {
  const v = Number(opt(name, String(fallback)));
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number.`);
  return v;
};
const params = { users: num('users', 20_000), likes: num('likes', 200_000), comments: num('comments', 40_000), seed: num('seed', 1) };
const WORKERS = num('workers', os.availableParallelism());
const SLICE = num('slice', 10);
const ROUNDS = Math.max(1, num('rounds', 2));
const CONNECTIONS = num('connections', 20);
const WARMUP = 2;
const MIXES = opt('mixes', 'likes,page,story,comments,search,new5,top,top-monthly,top-yearly').split(',').filter(Boolean);
const work = path.join(root, 'bench/.data/side-by-side');
const ORIGINAL_DIR = path.resolve(opt('original', path.join(work, 'mihistoria')));
const ORIGINAL_SOURCE = opt('original-git', ORIGINAL_GIT);
const BUFFER_POOL = opt('buffer-pool', '1G');
const log = (line: string) => console.log(line);

interface Target {
  name: string;
  base: string;
  /** Processes whose CPU time the target's requests cost (ours: the server's tree; the original: node and mariadbd). */
  pids: number[];
  cookies: string[];
  original: boolean;
}

interface Slice {
  rps: number;
  latency: Summary;
  failed: number;
  cpuMicrosPerRequest: number;
  /** The original only: how long MariaDB kept running statements after the slice's load had stopped. */
  drainMs: number;
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = os.loadavg();
  log(`Side by side on ${JSON.stringify(machine())}, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`);
  ensureMariadb(log);
  const dataset = await ensureDataset(
    path.join(root, `bench/.data/scale-${params.users >= 1000 ? `${params.users / 1000}k` : params.users}`),
    params,
    { rebuild: false, log },
  );
  await buildIfStale(root, log);
  fs.mkdirSync(work, { recursive: true });
  const api = prepareOriginal(ORIGINAL_DIR, ORIGINAL_SOURCE, log);

  // Ours: one copy of the dataset per server, so that neither sees the other's likes.
  const oursDirs = [1, WORKERS].map((w) => path.join(work, `ours-workers-${w}`));
  for (const dir of oursDirs) copyDataDir(dataset.dir, dir);
  const sample = loadSample(oursDirs[0]!);

  // The original's database.
  const db = await startMariadb({ dir: path.join(work, 'mariadb'), port: await freePort(), bufferPool: BUFFER_POOL, log });
  db.sql(fs.readFileSync(path.join(api, 'src/MiHistoria.sql'), 'utf8'));
  db.sql(
    ['127.0.0.1', 'localhost']
      .map((h) => `CREATE USER 'mihistoria'@'${h}' IDENTIFIED BY 'mihistoria'; GRANT ALL ON mi_historia.* TO 'mihistoria'@'${h}';`)
      .join('\n'),
  );
  log('Copying the dataset into the original’s schema…');
  const copyStarted = nowMs();
  const files = exportTables(path.join(oursDirs[0]!, DB_FILE), path.join(work, 'rows'), bcryptHash(api, SCALE_PASSWORD));
  db.sql(
    ['SET foreign_key_checks = 0;', ...files.map((f) => `${loadStatement(f.copy, f.file)};`), 'SET foreign_key_checks = 1;'].join('\n'),
    'mi_historia',
  );
  db.sql(`ANALYZE TABLE ${files.map((f) => `\`${f.copy.table}\``).join(', ')};`, 'mi_historia');
  const counts = files.map((f) => {
    const loaded = Number(db.sql(`SELECT COUNT(*) FROM \`${f.copy.table}\``, 'mi_historia').trim());
    if (loaded !== f.rows) throw new Error(`${f.copy.table}: ${f.rows} rows written, ${loaded} loaded.`);
    return `${f.copy.table} ${loaded.toLocaleString('en-US')}`;
  });
  log(`  ${counts.join(', ')} (${((nowMs() - copyStarted) / 1000).toFixed(1)} s)`);
  fs.rmSync(path.join(work, 'rows'), { recursive: true, force: true });

  // The three servers.
  const servers: RunningServer[] = [];
  const originalPort = await freePort();
  const original = startProcess(
    'original',
    process.execPath,
    ['dist/index.js'],
    {
      PORT: String(originalPort),
      NODE_ENV: 'production',
      MIHISTORIA_DB_HOST: '127.0.0.1',
      MIHISTORIA_DB_PORT: String(db.port),
      MIHISTORIA_DB_USER: 'mihistoria',
      MIHISTORIA_DB_PASSWORD: 'mihistoria',
    },
    api,
    originalPort,
  );
  servers.push(original);
  await timeUntilOk(original, nowMs(), getStatus(`${original.base}/api/searches/new/5`));
  for (const [i, workers] of [1, WORKERS].entries()) {
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: oursDirs[i]!,
      RATE_LIMIT_SCALE: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      ...serverProcessEnv(),
      WORKERS: String(workers),
    };
    const server = startProcess(`ours WORKERS=${workers}`, process.execPath, ['dist/server/main.js'], env, root, port);
    servers.push(server);
    await timeUntilOk(server, nowMs(), getStatus(`${server.base}/healthz`));
  }

  // The same 20 people signed in on each.
  const people = sample.signIn.slice(0, CONNECTIONS);
  const signIn = async (base: string) => {
    const cookies: string[] = [];
    for (const p of people) cookies.push(await login(base, p.email, SCALE_PASSWORD));
    return cookies;
  };
  const targets: Target[] = [
    {
      name: 'original (Express + MariaDB)',
      base: original.base,
      pids: [original.pid, db.pid],
      cookies: await signIn(original.base),
      original: true,
    },
    ...[1, WORKERS].map((w, i) => ({
      name: `ours, WORKERS=${w}`,
      base: servers[i + 1]!.base,
      pids: [servers[i + 1]!.pid],
      cookies: [] as string[],
      original: false,
    })),
  ];
  for (const t of targets.slice(1)) t.cookies = await signIn(t.base);

  // What each mix asks for: the same request to every target.
  const rnd = seededRandom(7);
  const story = () => sample.stories[Math.floor(rnd() * sample.stories.length)]!;
  const post =
    (p: string, body: () => unknown): LoadSpec['next'] =>
    () => ({ method: 'POST', path: p, body: JSON.stringify(body()) });
  const keys = sample.queries.flatMap(keystrokes);
  let k = 0;
  const requests: Record<string, LoadSpec['next']> = {
    page: post('/api/stories/page', () => {
      const s = story();
      return { username: s.username, page_number: 1 + Math.floor(rnd() * s.pageCount) };
    }),
    story: post('/api/stories/story', () => ({ username: story().username })),
    comments: post('/api/comments/get', () => ({ story_username: story().username, page: 1, limit: 50 })),
    search: post('/api/searches/all', () => ({ searchTerm: keys[k++ % keys.length] })),
    new5: () => ({ method: 'GET', path: '/api/searches/new/5' }),
    top: post('/api/searches/top', () => ({ page: 1, limit: 50 })),
    'top-monthly': post('/api/searches/top/monthly', () => ({ page: 1, limit: 50 })),
    'top-yearly': post('/api/searches/top/yearly', () => ({ page: 1, limit: 50 })),
  };
  const describe: Record<string, string> = {
    likes: `POST /api/users/like, like/unlike, ${CONNECTIONS} signed-in people, one connection each`,
    page: 'POST /api/stories/page, random pages',
    story: 'POST /api/stories/story, random stories',
    comments: 'POST /api/comments/get, random stories, page 1 of 50',
    search: `POST /api/searches/all, every prefix of ${sample.queries.length} queries (${keys.length} keystrokes)`,
    new5: 'GET /api/searches/new/5',
    top: 'POST /api/searches/top, page 1 of 50',
    'top-monthly': 'POST /api/searches/top/monthly, page 1 of 50',
    'top-yearly': 'POST /api/searches/top/yearly, page 1 of 50',
  };
  const cpuOf = (t: Target) => t.pids.reduce((s, pid) => s + cpuMicros(pid), 0);
  const held = new Map(targets.map((t) => [t, t.cookies.map(() => [] as string[])]));
  const likeRnd = seededRandom(13);

  const slice = async (t: Target, mix: string, seconds: number): Promise<Slice> => {
    const cpuBefore = cpuOf(t);
    let rps: number;
    let latency: Summary;
    let failed: number;
    let answered: number;
    if (mix === 'likes') {
      const r = await likePhase(
        { base: t.base, cookies: t.cookies, stories: sample.stories.map((s) => s.username) },
        seconds,
        held.get(t)!,
        likeRnd,
        true,
      );
      rps = r.changed / r.seconds;
      latency = summarize(r.latencies);
      failed = r.failed;
      answered = r.changed;
    } else {
      const r = await runLoad({ base: t.base, next: requests[mix]!, connections: CONNECTIONS, seconds, warmupSeconds: 0 });
      rps = r.rps;
      latency = r.latency;
      failed = r.non2xx + r.errors;
      answered = r.requests - r.non2xx;
    }
    // The original's statements still running once the load stops are part of what its requests cost.
    const drainMs = t.original ? await waitIdle(db) : 0;
    return { rps, latency, failed, cpuMicrosPerRequest: answered > 0 ? (cpuOf(t) - cpuBefore) / answered : Number.NaN, drainMs };
  };

  // Memory at rest, after a short warm-up of every read.
  log('Warming up…');
  for (const t of targets) for (const mix of ['page', 'story', 'top', 'search']) await slice(t, mix, 1);
  await waitIdle(db);
  await sleep(3000);
  const rest = targets.map((t) => t.pids.reduce((s, pid) => s + memoryOf(pid).rss, 0));

  const results: Record<string, { load: number[]; slices: Slice[][]; ratios: number[][]; workersRatio: number[] }> = {};
  const rows: string[][] = [];
  // A round where the original answered nothing in its slices has no ratio: said in words.
  const times = (xs: number[]) =>
    xs.every(Number.isFinite)
      ? `${median(xs).toFixed(2)}x (${xs.map((x) => x.toFixed(2)).join(', ')})`
      : `the original answered nothing in ${xs.filter((x) => !Number.isFinite(x)).length} of ${xs.length} rounds`;
  for (const mix of MIXES) {
    if (mix !== 'likes' && !requests[mix]) throw new Error(`Unknown mix ${mix}: one of likes,${Object.keys(requests).join(',')}.`);
    log(`${mix}: ${describe[mix]} (warm-up, then ${ROUNDS} rounds of ${SLICE} s slices)…`);
    const load = [os.loadavg()[0]!];
    for (const t of targets) await slice(t, mix, WARMUP);
    // original, ours 1, ours N, original, …, original: each of ours against the original's slices around it.
    const slices: Slice[][] = targets.map(() => []);
    slices[0]!.push(await slice(targets[0]!, mix, SLICE));
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, t] of targets.entries()) if (i > 0) slices[i]!.push(await slice(t, mix, SLICE));
      slices[0]!.push(await slice(targets[0]!, mix, SLICE));
    }
    load.push(os.loadavg()[0]!);
    const ratios = targets.map((_, i) =>
      i === 0 ? [] : slices[i]!.map((s, r) => s.rps / ((slices[0]![r]!.rps + slices[0]![r + 1]!.rps) / 2)),
    );
    const workersRatio = slices[2]!.map((s, r) => s.rps / slices[1]![r]!.rps);
    results[mix] = { load, slices, ratios, workersRatio };
    rows.push([`— ${describe[mix]} (load ${load.map((l) => l.toFixed(1)).join(' -> ')})`]);
    for (const [i, t] of targets.entries()) {
      const all = slices[i]!;
      const mid = [...all].sort((a, b) => a.rps - b.rps)[Math.floor((all.length - 1) / 2)]!;
      const failed = all.reduce((s, x) => s + x.failed, 0);
      const drain = t.original ? Math.max(...all.map((s) => s.drainMs)) : 0;
      rows.push([
        t.name,
        `${Math.round(mid.rps).toLocaleString('en-US')} req/s${failed ? ` (${failed} failed)` : ''}`,
        `${ms(mid.latency.p50)} / ${ms(mid.latency.p99)} ms`,
        `${Math.round(median(all.map((s) => s.cpuMicrosPerRequest))).toLocaleString('en-US')} µs`,
        i === 0 ? (drain > 0 ? `MariaDB busy up to ${ms(drain)} ms after a slice` : '') : times(ratios[i]!),
        i === 2 ? times(workersRatio) : '',
      ]);
    }
    log(formatTable(['', 'req/s', 'p50 / p99', 'CPU per request', 'vs original', `WORKERS=${WORKERS} vs 1`], rows.slice(-4)));
  }

  const processes = (n: number) => `${n} process${n === 1 ? '' : 'es'}`;
  rows.push(['— memory at rest (after the warm-up), all processes together']);
  for (const [i, t] of targets.entries())
    rows.push([t.name, mb(rest[i]!), t.original ? 'node + mariadbd' : processes(memoryOf(t.pids[0]!).processes)]);
  const table = formatTable(
    [
      'figure',
      'req/s (median slice)',
      'p50 / p99 (that slice)',
      'CPU per request',
      'vs original (median of rounds)',
      `WORKERS=${WORKERS} vs 1`,
    ],
    rows,
  );
  console.log(`\n${table}\n`);

  for (const s of servers) await s.stop();
  await db.stop();
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, `bench/results/side-by-side-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: started.toISOString(), machine: machine(), loadAtStart, params, settings: { WORKERS, SLICE, ROUNDS, CONNECTIONS, BUFFER_POOL }, table, results, restRss: rest }, null, 2)}\n`,
  );
  log(`Written to ${path.relative(root, file)} (${((Date.now() - started.getTime()) / 1000).toFixed(0)} s in all).`);
  for (const dir of oursDirs) fs.rmSync(dir, { recursive: true, force: true });
}

await main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
