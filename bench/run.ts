/**
 * `npm run bench`: the performance of the production build at scale, measured against the floor of its stack.
 *
 *   npm run bench [-- --users 100000 --likes 1000000 --comments 200000 --seed 1] [--rebuild]
 *                 [--data-dir DIR] [--seconds 10] [--warmup 2] [--connections 20] [--rounds 5] [--slice 2]
 *                 [--skip http,ssr,access,search,writes,likes,autosave,photos,upload-flood,stalls,lighthouse,photo-page,page-weight,document-import] [--photo-uploads 8] [--typists 200] [--lighthouse-runs 3] [--lighthouse-settings desktop,mobile,desktop-unthrottled] [--cpu-prof]
 *                 [--server-env KEY=VALUE]… [--database-url postgres://…|auto]
 *
 * 1. The dataset: built by the scale generator into bench/.data/scale-<users> (or reused while its marker
 *    records the same parameters), or any DATA_DIR given with --data-dir. Servers get a copy.
 * 2. The production build (dist/), rebuilt when its sources are newer (scripts/build-steps.mjs).
 * 3. The server (`node dist/server/main.js`) in its own process on loopback, cold start timed; the floor
 *    (bench/floor-server.ts, bundled the same way) in another.
 * 4. Load from this process: autocannon for the HTTP figures, typists for search as you type, a fixed-rate
 *    write load with visibility probes, Lighthouse in Chromium for the story page.
 * 5. One table, printed and written to bench/results/<timestamp>.json and latest.json (see docs/performance.md).
 * With --database-url the server under test keeps its data in PostgreSQL (with SESSION_SECRET and the embedded
 * search index in DATA_DIR, SEARCH_INDEX=embedded): the same dataset is copied into that database, which must be
 * empty; `auto` starts a PostgreSQL cluster of the bench's own and a database on it (bench/lib/postgres-target.ts).
 * What reads the SQLite file itself (the floor server) is skipped with a line.
 * Nothing here asserts: the goals are printed beside the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCALE_PASSWORD } from '../seed/scale/generate';
import { bundleSizes } from './lib/client-bundle';
import { copyDataDir, databaseSizes, DB_FILE, ensureDataset, type Dataset } from './lib/dataset';
import { buildFloor } from './lib/floor-build';
import { buildIfStale } from './lib/product-build';
import { login, request, trpcQueryPath } from './lib/http-client';
import { measurePage, type LighthouseSetting, type PageMetrics } from './lib/lighthouse-run';
import { compare, type Side } from './lib/compare';
import { ssrSection } from './lib/ssr-section';
import { accessSection } from './lib/access-section';
import { runLoad, type LoadResult, type LoadSpec } from './lib/load';
import { pacedInChild, typistsInChild } from './lib/load-child';
import { kb, mb, machine, mergePasses, ms, printPasses, Report, rps } from './lib/report';
import { loadSample, type Person } from './lib/sample-data';
import { adversarialSaves } from './lib/adversarial-saves';
import { autosaveSection } from './lib/autosave-section';
import { photoSection } from './lib/photo-section';
import { signedInPeople, uploadFloodSection } from './lib/upload-flood-section';
import { pageWeightFigures, pageWeightLines } from './page-weight';
import { photoPageFigures, photoPageLines } from './photo-page';
import { documentImportFigures, documentImportLines } from './document-import';
import { freePort, getStatus, memoryOf, RssSampler, startProcess, timeUntilOk, type RunningServer } from './lib/server-process';
import { nowMs, seededRandom, sleep } from './lib/stats';
import { serverProcessEnv } from '../scripts/server-env.mjs';
import { keystrokes } from './lib/typists';
import { runWrites } from './lib/writes';
import { runLikeLoad } from './lib/like-load';
import { preparePostgres, type PostgresTarget } from './lib/postgres-target';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

// ------------------------------------------------------------------------------------------------ options

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const flag = (name: string) => argv.includes(`--${name}`);
const num = (name: string, fallback: number) => {
  const v = Number(opt(name, String(fallback)));
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number.`);
  return v;
};

const params = { users: num('users', 100_000), likes: num('likes', 1_000_000), comments: num('comments', 200_000), seed: num('seed', 1) };
const SECONDS = num('seconds', 10);
const WARMUP = num('warmup', 2);
const CONNECTIONS = num('connections', 20);
/** Alternating rounds and their slice length for the ratio figures (compare.ts). */
const ROUNDS = num('rounds', 5);
const SLICE = num('slice', 2);
const TOP_RATE = num('top-rate', 200);
const KEYSTROKE_MS = num('keystroke-ms', 120);
const SEARCH_RUNS = Math.max(1, num('search-runs', 3));
const LIGHTHOUSE_RUNS = num('lighthouse-runs', 3);
/** Lighthouse's settings to run (all three unless listed): desktop, mobile, desktop-unthrottled. */
const LIGHTHOUSE_SETTINGS = new Set(opt('lighthouse-settings', 'desktop,mobile,desktop-unthrottled').split(','));
const SKIP = new Set(opt('skip', '').split(',').filter(Boolean));
const CPU_PROF = flag('cpu-prof');
const PASSWORD = opt('password', SCALE_PASSWORD);
/** PostgreSQL instead of the SQLite file: a URL of an empty database, or `auto` (a cluster of the bench's own). */
const DATABASE_URL = opt('database-url', '');
/** Extra environment for the server under test, e.g. --server-env MALLOC_MMAP_THRESHOLD_=131072 (repeatable). */
const SERVER_ENV: Record<string, string> = Object.fromEntries(
  argv.flatMap((a, i) =>
    a === '--server-env' && argv[i + 1]?.includes('=') ? [argv[i + 1]!.split(/=(.*)/s).slice(0, 2) as [string, string]] : [],
  ),
);

/**
 * --workers [N]: every figure that depends on the server is measured twice in one run, with the server started with
 * WORKERS=1 and with WORKERS=N (default N: the cores), and printed side by side with N over 1 (issue #28). It doubles
 * the run's time, so it is off by default: one pass with WORKERS=1 (today's single process; --server-env WORKERS=N
 * runs that one pass with N).
 */
const PASSES: number[] = (() => {
  const i = argv.indexOf('--workers');
  if (i < 0) return [Number(SERVER_ENV.WORKERS ?? 1)];
  const given = argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--') ? Number(argv[i + 1]) : os.availableParallelism();
  if (!Number.isInteger(given) || given < 2) throw new Error('--workers must be a whole number of 2 or more (1 is always measured).');
  if (DATABASE_URL)
    throw new Error(
      '--workers runs every figure twice on copies of the SQLite dataset; with --database-url, run the bench once per --server-env WORKERS=N.',
    );
  return [1, given];
})();

const log = (line: string) => console.log(line);

// ------------------------------------------------------------------------------------------------ steps

async function startProduct(
  dataDir: string,
  story: { username: string },
  databaseEnv: Record<string, string>,
  workers: number,
): Promise<{ server: RunningServer; healthzMs: number; firstPageMs: number }> {
  const port = await freePort();
  const profDir = path.join(root, 'bench/.profiles');
  const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_SCALE: '0',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    ...databaseEnv,
    ...serverProcessEnv(SERVER_ENV),
    // Server processes on one port (issue #28): 1 is a single process, as before; more, a supervisor and its workers.
    WORKERS: String(workers),
  };
  const spawnedAt = nowMs();
  const server = startProcess('server', process.execPath, [...nodeArgs, 'dist/server/main.js'], env, root, port);
  const pageBody = JSON.stringify({ username: story.username, page_number: 1 });
  const [healthzMs, firstPageMs] = await Promise.all([
    timeUntilOk(server, spawnedAt, getStatus(`${server.base}/healthz`)),
    timeUntilOk(
      server,
      spawnedAt,
      async () => (await request(`${server.base}/api/stories/page`, { method: 'POST', body: pageBody, timeoutMs: 5000 })).status,
    ),
  ]);
  return { server, healthzMs, firstPageMs };
}

async function startFloor(dataDir: string): Promise<RunningServer> {
  const bundle = await buildFloor(root);
  const port = await freePort();
  const floor = startProcess(
    'floor',
    process.execPath,
    [bundle],
    { PORT: String(port), DB_FILE: path.join(dataDir, DB_FILE), NODE_ENV: 'production' },
    root,
    port,
  );
  await timeUntilOk(floor, nowMs(), getStatus(`${floor.base}/healthz`));
  return floor;
}

// ------------------------------------------------------------------------------------------------ main

async function main(): Promise<void> {
  const report = new Report();
  const started = new Date();
  // Other processes on the machine move every figure: what was already running when we began is on record.
  const loadAtStart = os.loadavg()[0]!;
  log(`Benchmark on ${JSON.stringify(machine())}`);

  // 1. Dataset
  const givenDir = opt('data-dir', '');
  const scaleDir = path.join(root, `bench/.data/scale-${params.users >= 1000 ? `${params.users / 1000}k` : params.users}`);
  const dataset: Dataset | null = givenDir ? null : await ensureDataset(scaleDir, params, { rebuild: flag('rebuild'), log });
  const sourceDir = dataset ? dataset.dir : path.resolve(givenDir);

  // 2. Build
  await buildIfStale(root, log);

  // 3. A working copy, and what the load will ask for
  const workDir = path.join(root, 'bench/.data/run');
  log(`Copying ${sourceDir} to ${workDir}…`);
  copyDataDir(sourceDir, workDir);
  const postgres: PostgresTarget | null = DATABASE_URL ? await preparePostgres(DATABASE_URL, path.join(workDir, DB_FILE), log) : null;
  const sizes = postgres ? await postgres.sizes().then((s) => ({ fileBytes: s.databaseBytes, tables: s.tables })) : databaseSizes(workDir);
  const sample = loadSample(workDir);

  report.section('dataset');
  report.info(
    'machine load average (1 min) before the run began',
    `${loadAtStart.toFixed(2)} on ${os.cpus().length} cores (0 = nothing else running)`,
  );
  report.info(
    'database',
    postgres
      ? `PostgreSQL at ${postgres.where}: ${postgres.copy.rows.toLocaleString('en-US')} rows of ${postgres.copy.tables} tables copied from the SQLite dataset in ${postgres.copy.seconds.toFixed(1)} s`
      : `SQLite (${DB_FILE} in DATA_DIR)`,
  );
  if (dataset) {
    const g = dataset.generator;
    report.info(
      'dataset',
      `${g.users.toLocaleString('en-US')} users, ${g.stories.toLocaleString('en-US')} stories, ${g.likes.toLocaleString('en-US')} likes, ${g.comments.toLocaleString('en-US')} comments, ${g.events.toLocaleString('en-US')} events`,
    );
    report.judged(
      'scale seed (wall clock)',
      `${dataset.seedSeconds.toFixed(1)} s${dataset.builtInThisRun ? ' (built in this run)' : ` (built ${dataset.builtAt})`}`,
      '<= 60 s',
      dataset.seedSeconds <= 60,
    );
  } else {
    report.info('dataset', `${sample.peopleCount.toLocaleString('en-US')} people from ${sourceDir} (--data-dir)`);
  }
  const indexBytes = Object.entries(sizes.tables)
    .filter(([t]) => t.startsWith('search_'))
    .reduce((s, [, b]) => s + b, 0);
  const projBytes = Object.entries(sizes.tables)
    .filter(([t]) => t.startsWith('proj_'))
    .reduce((s, [, b]) => s + b, 0);
  const biggest = Object.entries(sizes.tables)
    .filter(([t]) => !t.startsWith('search_') && !t.startsWith('proj_'))
    .slice(0, 4);
  report.info(postgres ? 'database size (pg_database_size)' : 'database on disk (file + WAL)', mb(sizes.fileBytes));
  // On PostgreSQL the embedded index stays in DATA_DIR's SQLite file: its search_* tables are not in this database.
  if (!postgres) report.info('  search index (search_* tables)', mb(indexBytes));
  report.info('  projections (proj_* tables)', mb(projBytes));
  report.info('  largest tables', biggest.map(([t, b]) => `${t} ${mb(b)}`).join(', '));
  report.raw.databaseTables = sizes.tables;

  async function measurePass(workers: number, report: Report): Promise<Report> {
    // The same stories and pages in every pass.
    const rnd = seededRandom(7);
    const randomStory = () => sample.stories[Math.floor(rnd() * sample.stories.length)]!;
    const randomPage = () => {
      const s = randomStory();
      return { username: s.username, page_number: 1 + Math.floor(rnd() * s.pageCount) };
    };
    // 4. The product server: cold start, then rest memory after a warm-up
    const coldStory = randomStory();
    log('Starting the production server…');
    const { server, healthzMs, firstPageMs } = await startProduct(workDir, coldStory, postgres?.serverEnv ?? {}, workers);
    const sampler = new RssSampler(server.pid);
    report.section('start and memory');
    report.info('cold start: spawn -> first 200 on /healthz', `${ms(healthzMs)} ms`);
    report.info('cold start: spawn -> first story page', `${ms(firstPageMs)} ms`);

    const signedIn: Array<[Person, string]> = [];
    for (const p of sample.signIn.slice(0, 24)) signedIn.push([p, await login(server.base, p.email, PASSWORD)]);
    const cookie = signedIn[0]![1];

    const hdr = (c: string | null): Record<string, string> => (c ? { cookie: c } : {});
    const restPage = (c: string | null) => () => ({
      method: 'POST' as const,
      path: '/api/stories/page',
      body: JSON.stringify(randomPage()),
      headers: hdr(c),
    });
    const restStory = (c: string | null) => () => ({
      method: 'POST' as const,
      path: '/api/stories/story',
      body: JSON.stringify({ username: randomStory().username }),
      headers: hdr(c),
    });
    const restComments = (c: string | null) => () => ({
      method: 'POST' as const,
      path: '/api/comments/get',
      body: JSON.stringify({ story_username: randomStory().username, page: 1, limit: 50 }),
      headers: hdr(c),
    });
    const restTop = (suffix: string, c: string | null) => () => ({
      method: 'POST' as const,
      path: `/api/searches/top${suffix}`,
      body: JSON.stringify({ page: 1, limit: 50 }),
      headers: hdr(c),
    });
    const trpcGet = (procedure: string, input: () => unknown, c: string | null) => () => ({
      method: 'GET' as const,
      path: trpcQueryPath(procedure, input()),
      headers: hdr(c),
    });
    const trpcTop = (window: string, c: string | null) => trpcGet('explore.top', () => ({ window, page: 1, limit: 50 }), c);
    const trpcStory = (c: string | null) => trpcGet('stories.get', () => ({ username: randomStory().username }), c);
    const trpcPage = (c: string | null) => trpcGet('stories.page', () => randomPage(), c);

    const load = (base: string, next: LoadSpec['next'], extra: Partial<LoadSpec> = {}) =>
      runLoad({ base, next, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, ...extra });

    // Warm-up of the reading paths, then rest.
    for (const next of [restPage(null), restStory(null), restTop('', null), trpcPage(null)])
      await load(server.base, next, { seconds: 1, warmupSeconds: 0 });
    await sleep(3000);
    const rest = memoryOf(server.pid, { pss: true });
    report.info('server processes (the server and every process it started)', `${rest.processes} (WORKERS=${workers})`);
    // Issue #28: all processes together <= 300 MB with two workers; one process, <= 200 MB as before.
    const restGoal = workers === 1 ? 200e6 : 300e6;
    report.judged(
      'RSS at rest (after start and warm-up), all processes together',
      `${mb(rest.rss)} (PSS ${mb(rest.pss)}: shared pages counted once)`,
      `<= ${restGoal / 1e6} MB${workers === 1 ? '' : ' (two workers)'}`,
      rest.rss <= restGoal,
    );
    sampler.reset();

    const figure = (r: LoadResult) =>
      `${rps(r.rps)}, p50 ${ms(r.latency.p50)} ms, p99 ${ms(r.latency.p99)} ms${r.non2xx + r.errors ? ` (${r.non2xx + r.errors} failed!)` : ''}`;
    const results: Record<string, LoadResult> = {};
    const rssByPhase: Record<string, number> = {};
    const phaseDone = (name: string) => {
      rssByPhase[name] = sampler.phasePeak();
    };
    const measure = async (name: string, base: string, next: LoadSpec['next'], extra: Partial<LoadSpec> = {}) => {
      log(`  ${name}…`);
      const r = await load(base, next, extra);
      results[name] = r;
      phaseDone(name);
      log(`    ${figure(r)} (server RSS peak ${mb(rssByPhase[name]!)})`);
      return r;
    };

    // 5. HTTP figures (saturation: CONNECTIONS connections, as fast as the server answers)
    if (!SKIP.has('http')) {
      report.section(`HTTP reads (${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP} s warm-up, random stories)`);
      // Ratios come from alternating slices (compare.ts): on a shared machine the load of other processes drifts.
      const vs = (a: Side, b: Side, what: string) => {
        log(`  ${what} (${ROUNDS} alternating rounds of ${SLICE} s)…`);
        return compare(a, b, { connections: CONNECTIONS, rounds: ROUNDS, sliceSeconds: SLICE, warmupSeconds: WARMUP }).then((c) => {
          phaseDone(what);
          log(
            `    ${rps(c.a.rps)} vs ${rps(c.b.rps)}: ${c.ratio.toFixed(2)}x (rounds ${c.rounds.map((r) => r.ratio.toFixed(2)).join(', ')})`,
          );
          results[what] = c.b;
          report.raw[`compare: ${what}`] = c;
          return c;
        });
      };
      if (postgres) {
        // The floor is bare Hono over better-sqlite3 reading the SQLite file: no floor of the same kind on PostgreSQL.
        report.info('floor: bare Hono + better-sqlite3 page row', 'skipped: the floor reads the SQLite file; the data is in PostgreSQL');
        report.info('POST /api/stories/page', figure(await measure('POST /api/stories/page', server.base, restPage(null))));
      } else {
        const floor = await startFloor(workDir);
        const floorSide: Side = {
          base: floor.base,
          pid: floor.pid,
          next: () => ({ method: 'POST' as const, path: '/page', body: JSON.stringify(randomPage()) }),
        };
        const pageVsFloor = await vs(
          floorSide,
          { base: server.base, pid: server.pid, next: restPage(null) },
          'floor vs POST /api/stories/page',
        );
        await floor.stop();
        report.info('floor: bare Hono + better-sqlite3 page row', figure(pageVsFloor.a));
        report.judged(
          'POST /api/stories/page',
          `${figure(pageVsFloor.b)}; ${pageVsFloor.ratio.toFixed(2)}x floor`,
          '>= 0.8x floor',
          pageVsFloor.ratio >= 0.8,
        );
        if (pageVsFloor.cpu) {
          const { aMicros, bMicros, ratio } = pageVsFloor.cpu;
          report.info(
            '  server CPU time per request (user + system)',
            `floor ${aMicros.toFixed(1)} µs, story page ${bMicros.toFixed(1)} µs: ${ratio.toFixed(2)}x`,
          );
        }
      }
      report.info('  with session cookie', figure(await measure('POST /api/stories/page (cookie)', server.base, restPage(cookie))));
      const storyVsTrpc = await vs(
        { base: server.base, next: restStory(null) },
        { base: server.base, next: trpcStory(null) },
        'POST /api/stories/story vs tRPC stories.get',
      );
      report.info('POST /api/stories/story', figure(storyVsTrpc.a));
      report.info('  with session cookie', figure(await measure('POST /api/stories/story (cookie)', server.base, restStory(cookie))));
      report.info('POST /api/comments/get', figure(await measure('POST /api/comments/get', server.base, restComments(null))));
      report.info('  with session cookie', figure(await measure('POST /api/comments/get (cookie)', server.base, restComments(cookie))));

      const pageVsTrpc = await vs(
        { base: server.base, next: restPage(null) },
        { base: server.base, next: trpcPage(null) },
        'POST /api/stories/page vs tRPC stories.page',
      );
      report.judged(
        'tRPC stories.page (GET, batch link format)',
        `${figure(pageVsTrpc.b)}; ${pageVsTrpc.ratio.toFixed(2)}x REST`,
        '>= 0.5x REST',
        pageVsTrpc.ratio >= 0.5,
      );
      report.info('  with session cookie', figure(await measure('tRPC stories.page (cookie)', server.base, trpcPage(cookie))));
      report.judged(
        'tRPC stories.get',
        `${figure(storyVsTrpc.b)}; ${storyVsTrpc.ratio.toFixed(2)}x REST`,
        '>= 0.5x REST',
        storyVsTrpc.ratio >= 0.5,
      );
      report.info('  with session cookie', figure(await measure('tRPC stories.get (cookie)', server.base, trpcStory(cookie))));

      report.section(`top lists, page 1 of 50 (saturation: ${CONNECTIONS} connections)`);
      for (const suffix of ['', '/monthly', '/yearly'] as const) {
        report.info(
          `POST /api/searches/top${suffix}`,
          figure(await measure(`POST /api/searches/top${suffix}`, server.base, restTop(suffix, null))),
        );
      }
      report.info(
        '  all time, with session cookie',
        figure(await measure('POST /api/searches/top (cookie)', server.base, restTop('', cookie))),
      );
      report.info('tRPC explore.top (all time)', figure(await measure('tRPC explore.top', server.base, trpcTop('all', null))));
      report.info('  with session cookie', figure(await measure('tRPC explore.top (cookie)', server.base, trpcTop('all', cookie))));

      report.section(`top list latency at ${TOP_RATE} req/s offered, evenly spaced (${SECONDS} s each, sent from a process of its own)`);
      for (const window of ['all', 'month', 'year'] as const) {
        log(`  tRPC explore.top ${window} at ${TOP_RATE} req/s…`);
        const plan = Array.from({ length: TOP_RATE * (SECONDS + WARMUP) }, trpcTop(window, null));
        const r = await pacedInChild(server.base, plan, TOP_RATE, TOP_RATE * WARMUP);
        report.raw[`topPaced_${window}`] = r;
        phaseDone(`tRPC explore.top ${window} at ${TOP_RATE} req/s`);
        const late = r.worstStartLagMs > 50 ? ` (sender fell ${ms(r.worstStartLagMs)} ms behind!)` : '';
        report.judged(
          `tRPC explore.top, ${window}`,
          `p50 ${ms(r.latency.p50)} ms, p95 ${ms(r.latency.p95)} ms, p99 ${ms(r.latency.p99)} ms${r.failed ? `, ${r.failed} failed!` : ''}${late}`,
          'p95 <= 10 ms',
          r.latency.p95 <= 10 && r.failed === 0,
        );
      }
    }

    // 6. Search as you type
    if (!SKIP.has('search')) {
      const keys = sample.queries.reduce((n, q) => n + keystrokes(q).length, 0);
      report.section(
        `search as you type: every prefix of ${sample.queries.length} queries (${keys} keystrokes), 20 typists in a process of their own, tRPC explore.search`,
      );
      log('  search as you type (warm-up pass)…');
      await typistsInChild(server.base, sample.queries.slice().reverse(), 20, 0);
      // Paced typing is the judged figure and the most sensitive to other processes: it runs SEARCH_RUNS times
      // and the run with the median p95 is reported (every run is in the JSON).
      const pacedRuns = [];
      for (let i = 0; i < SEARCH_RUNS; i++) {
        log(`  search as you type (paced, run ${i + 1} of ${SEARCH_RUNS})…`);
        pacedRuns.push(await typistsInChild(server.base, sample.queries, 20, KEYSTROKE_MS));
      }
      const paced = [...pacedRuns].sort((a, b) => a.latency.p95 - b.latency.p95)[Math.floor((pacedRuns.length - 1) / 2)]!;
      report.raw.searchPaced = pacedRuns;
      phaseDone('search as you type, paced');
      report.judged(
        `typing pace: a key every ${KEYSTROKE_MS} ms on average (0.5-1.5x), median of ${SEARCH_RUNS} runs`,
        `p50 ${ms(paced.latency.p50)} ms, p95 ${ms(paced.latency.p95)} ms, p99 ${ms(paced.latency.p99)} ms (${Math.round(paced.rps)} req/s${paced.failures ? `, ${paced.failures} failed!` : ''}); p95 of each run: ${pacedRuns.map((r) => ms(r.latency.p95)).join(', ')}`,
        'p95 <= 20 ms',
        paced.latency.p95 <= 20,
      );
      log('  search as you type (flat out)…');
      const flat = await typistsInChild(server.base, sample.queries, 20, 0);
      report.raw.searchFlatOut = flat;
      phaseDone('search as you type, flat out');
      report.info(
        'no pause: each key as soon as the answer is in',
        `p50 ${ms(flat.latency.p50)} ms, p95 ${ms(flat.latency.p95)} ms, p99 ${ms(flat.latency.p99)} ms (${Math.round(flat.rps)} req/s${flat.failures ? `, ${flat.failures} failed!` : ''})`,
      );
    }

    // 7. Writes and their visibility
    if (!SKIP.has('writes')) {
      const writeSeconds = num('write-seconds', 20);
      report.section(
        `writes: 50 likes/unlikes and 10 comments per second for ${writeSeconds} s from ${signedIn.length - 3} people, with probes`,
      );
      log('  writes…');
      const w = await runWrites({
        base: server.base,
        writers: signedIn,
        stories: sample.stories,
        likesPerSecond: 50,
        commentsPerSecond: 10,
        seconds: writeSeconds,
      });
      report.raw.writes = w;
      phaseDone('writes');
      report.info(
        'like/unlike acknowledged (tRPC social.like)',
        `${w.likes.acked} ok, ${w.likes.failed} failed; p50 ${ms(w.likes.ack.p50)} ms, p99 ${ms(w.likes.ack.p99)} ms`,
      );
      report.info(
        'comment acknowledged (tRPC social.comment)',
        `${w.comments.acked} ok, ${w.comments.failed} failed; p50 ${ms(w.comments.ack.p50)} ms, p99 ${ms(w.comments.ack.p99)} ms`,
      );
      report.judged(
        'like -> visible in the all-time top list',
        `p50 ${ms(w.topLag.lag.p50)} ms, p99 ${ms(w.topLag.lag.p99)} ms (${w.topLag.lag.n} probes${w.topLag.notSeen ? `, ${w.topLag.notSeen} not seen in 10 s` : ''}${w.topLag.failed ? `, ${w.topLag.failed} likes refused!` : ''})`,
        'p99 <= 1 s',
        w.topLag.lag.p99 <= 1000 && w.topLag.notSeen === 0 && w.topLag.failed === 0,
      );
      report.judged(
        'story renamed -> found by search',
        `p50 ${ms(w.searchLag.lag.p50)} ms, p99 ${ms(w.searchLag.lag.p99)} ms (${w.searchLag.lag.n} probes${w.searchLag.notSeen ? `, ${w.searchLag.notSeen} not seen in 10 s` : ''}${w.searchLag.failed ? `, ${w.searchLag.failed} saves refused!` : ''})`,
        'p99 <= 1 s',
        w.searchLag.lag.p99 <= 1000 && w.searchLag.notSeen === 0 && w.searchLag.failed === 0,
      );
    }

    // 5b. Server-rendered story pages against the JSON read (issue #13; bench/lib/ssr-section.ts)
    if (!SKIP.has('ssr')) {
      report.section(`server-rendered story pages (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SLICE} s)`);
      report.raw.ssr = await ssrSection(report, {
        base: server.base,
        pid: server.pid,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        sliceSeconds: SLICE,
        warmupSeconds: WARMUP,
        randomPage,
        log,
      });
      phaseDone('ssr');
    }

    // 5c. The story page read with the access check, with reader passes, against today's read (issue #24)
    if (!SKIP.has('access')) {
      report.section(`story page with a reader pass (issue #24; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SLICE} s)`);
      report.raw.access = await accessSection(report, {
        base: server.base,
        pid: server.pid,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        sliceSeconds: SLICE,
        warmupSeconds: WARMUP,
        randomPage,
        writers: signedIn.slice(-2).map(([p, c]) => ({ cookie: c, username: p.username })),
        outboxDir: path.join(workDir, 'outbox'),
        log,
      });
      phaseDone('access');
    }

    // 7b. Autosave traffic against the story page (issue #11; bench/lib/autosave-section.ts)
    if (!SKIP.has('autosave')) {
      const typists = num('typists', 200);
      report.section(`autosave: ${typists} people typing at once, one tRPC drafts.autosave each every 1.5 s, against the story page`);
      report.raw.autosave = await autosaveSection(report, {
        base: server.base,
        pid: server.pid,
        dataDir: workDir,
        password: PASSWORD,
        typists,
        intervalMs: 1500,
        startWords: 1500,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        sliceSeconds: SLICE * 2,
        readRate: num('read-rate', 1000),
        next: restPage(null),
        log,
      });
      phaseDone('autosave');
    }

    // 7b'. Photos (issue #12): upload + sizes of a 12 MP JPEG, with story-page reads all the while
    if (!SKIP.has('photos')) {
      report.raw.photos = await photoSection(report, {
        base: server.base,
        pid: server.pid,
        cookie,
        username: sample.stories[0]!.username,
        uploads: num('photo-uploads', 8),
        concurrency: 4,
        log,
      });
      phaseDone('photos');
    }

    // 7b''. Uploads that cost gigabytes (issue #23 §4): 40 maximal uploads at once from 20 people, someone else's small picture meanwhile
    if (!SKIP.has('upload-flood')) {
      const uploaders = await signedInPeople(server.base, 20, 'floodbench');
      const [other] = await signedInPeople(server.base, 1, 'floodbenchother');
      report.raw.uploadFlood = await uploadFloodSection(report, {
        base: server.base,
        pid: server.pid,
        uploaders,
        other: other!,
        concurrent: 40,
        log,
      });
      phaseDone('upload-flood');
    }

    // 7c. Likes at saturation, and what one costs (issue #17: the same at every size, >= 2x the original's 1,200-1,447 req/s at 20k)
    if (!SKIP.has('likes')) {
      const people = signedIn.slice(0, CONNECTIONS);
      report.section(
        `likes at saturation: ${people.length} signed-in people, one connection each, alternating like and unlike (POST /api/users/like), ${SECONDS} s after ${WARMUP} s warm-up`,
      );
      log('  likes at saturation…');
      const l = await runLikeLoad({
        base: server.base,
        pid: server.pid,
        dataDir: workDir,
        cookies: people.map(([, c]) => c),
        stories: sample.stories.map((s) => s.username),
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        ...(postgres ? { pendingEvents: () => postgres.pendingEvents(), databaseCpuMicros: postgres.cpuMicros } : {}),
      });
      report.raw.likes = l;
      phaseDone('likes at saturation');
      log(`    ${rps(l.rps)}, ${l.cpuMicrosPerLike.toFixed(0)} µs CPU per like`);
      report.judged(
        'POST /api/users/like, like/unlike',
        `${rps(l.rps)}, p50 ${ms(l.latency.p50)} ms, p99 ${ms(l.latency.p99)} ms${l.failed ? ` (${l.failed} failed!)` : ''}`,
        '>= 2,400 req/s at 20k (2x the original)',
        l.rps >= 2400 && l.failed === 0,
      );
      report.info(
        '  server CPU time per like (user + system, projector included)',
        `${l.cpuMicrosPerLike.toFixed(0)} µs (${l.changed} likes and unlikes; projector caught up ${ms(l.catchUpMs)} ms after the last answer)`,
      );
      if (l.databaseCpuMicrosPerLike !== undefined)
        report.info('  PostgreSQL CPU time per like (its processes, user + system)', `${l.databaseCpuMicrosPerLike.toFixed(0)} µs`);
    }

    const peak = Math.max(sampler.peak(), memoryOf(server.pid).rss);
    report.section('memory under load');
    report.judged('RSS peak under load (sampled every 100 ms)', mb(peak), '<= 200 MB', peak <= 200e6);
    report.info('RSS high-water mark (VmHWM, summed over the processes)', mb(memoryOf(server.pid).hwm));
    const [worstPhase, worstRss] = Object.entries(rssByPhase).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (worstPhase) report.info('  highest during', `${worstPhase} (${mb(worstRss)}); every phase in the JSON (raw.memory.rssByPhase)`);

    // 8. Adversarial saves (after the memory figures: their worker thread is not part of a reader's load)
    if (!SKIP.has('stalls')) {
      report.section('adversarial story saves at the largest accepted size (/api/stories/save), /healthz probed back to back meanwhile');
      log('  adversarial saves…');
      sampler.phasePeak();
      const saves = await adversarialSaves(server.base, signedIn[signedIn.length - 1]![1]);
      report.raw.adversarialSaves = saves;
      for (const s of saves) {
        report.judged(
          `${s.shape} (${mb(s.inputBytes)}): save, /healthz p99`,
          `${s.status}, ${ms(s.saveMs)} ms; p99 ${ms(s.healthz.p99)} ms (${s.healthz.n} probes)`,
          'save <= 1 s, p99 <= 50 ms',
          s.status < 500 && s.saveMs <= 1000 && s.healthz.p99 <= 50,
        );
      }
      report.info('RSS peak during the adversarial saves', mb(sampler.phasePeak()));
    }
    sampler.stop();

    // 9. Client
    report.section('client (production build)');
    const bundle = bundleSizes(path.join(root, 'dist/client'));
    report.raw.bundle = bundle;
    report.judged(
      `reader JS (the entry and the app it loads on the first touch, ${bundle.readerFiles.length} files), gzip`,
      kb(bundle.readerGzipBytes),
      '<= 120 KB',
      bundle.readerGzipBytes <= 120 * 1024,
    );
    report.info(`editor chunk (write-story + its own imports, ${bundle.editorFiles.length} files), gzip`, kb(bundle.editorGzipBytes));

    if (!SKIP.has('lighthouse')) {
      const story = sample.stories.find((s) => s.pageCount >= 2) ?? sample.stories[0]!;
      // Page 1 of the story: /story/<username> alone is the "Invalid parameters" screen (app.tsx), not the story.
      const url = `${server.base}/story/${encodeURIComponent(story.username)}/page/1`;
      const lh: Partial<Record<LighthouseSetting, PageMetrics>> = {};
      for (const [setting, label, runs] of [
        ['desktop', 'desktop preset, simulated throttling', LIGHTHOUSE_RUNS],
        ['mobile', 'mobile preset (default), simulated throttling', LIGHTHOUSE_RUNS],
        ['desktop-unthrottled', "desktop, throttling 'provided' (none, loopback)", LIGHTHOUSE_RUNS],
      ] as const) {
        if (!LIGHTHOUSE_SETTINGS.has(setting)) continue;
        log(`  Lighthouse ${setting}…`);
        const m = await measurePage(url, setting, runs).catch((err: Error) => err);
        if (m instanceof Error) {
          report.info(`Lighthouse story page, ${label}`, `failed: ${m.message}`);
          continue;
        }
        lh[setting] = m;
        const spread = (key: 'lcpMs' | 'tbtMs') => {
          const values = m.runs.map((r) => r[key]);
          return values.length > 1 ? ` (${ms(Math.min(...values))}-${ms(Math.max(...values))})` : '';
        };
        const value = `LCP ${ms(m.lcpMs)} ms${spread('lcpMs')}, CLS ${m.cls.toFixed(3)}, TBT ${ms(m.tbtMs)} ms${spread('tbtMs')} (score ${Math.round(m.performanceScore * 100)})`;
        // Issue #13's goals: LCP <= 1.5 s on the mobile preset and <= 0.8 s on desktop; CLS <= 0.02 and TBT <= 100 ms on both.
        const lcpGoal = setting === 'mobile' ? 1500 : setting === 'desktop' ? 800 : null;
        if (lcpGoal !== null)
          report.judged(
            `Lighthouse story page, ${label}, median of ${runs}`,
            value,
            `LCP <= ${(lcpGoal / 1000).toFixed(1)} s, CLS <= 0.02, TBT <= 100 ms`,
            m.lcpMs <= lcpGoal && m.cls <= 0.02 && m.tbtMs <= 100,
          );
        else report.info(`Lighthouse story page, ${label}, median of ${runs}`, value);
      }
      report.raw.lighthouse = { url, ...lh };
    }

    // Issue #12's reader figure: a story of 20 uploaded photos read at phone and desktop width (bench/photo-page.ts).
    if (!SKIP.has('photo-page')) {
      report.section('photo page (issue #12): a story of 20 photos in Chromium, and Lighthouse desktop with and without them');
      const figures = await photoPageFigures(server.base, { photos: 20, lighthouseRuns: LIGHTHOUSE_RUNS, log });
      for (const line of photoPageLines(figures)) report.info('photo page', line);
      report.raw.photoPage = figures;
    }

    // Issue #32's page weight: a story page read in Chromium at 390 px, first and repeat visit, brotli and gzip
    // (bench/page-weight.ts); the goals are printed beside the figures. Bytes do not depend on WORKERS: first pass only.
    if (!SKIP.has('page-weight') && workers === PASSES[0]) {
      report.section('page weight (issue #32): a story page of ~860 words in Chromium at 390 px, first and repeat visit');
      const figures = await pageWeightFigures(server.base, { log });
      for (const line of pageWeightLines(figures)) report.info('page weight', line);
      report.raw.pageWeight = figures;
    }

    await server.stop();
    report.raw.http = results;
    report.raw.coldStart = { healthzMs, firstPageMs };
    report.raw.memory = { restRss: rest.rss, restPss: rest.pss, processes: rest.processes, peakRss: peak, rssByPhase };
    return report;
  }

  // 4-9. Every figure that depends on the server, once per pass: WORKERS=1, then WORKERS=N with --workers.
  const passes: Array<{ workers: number; report: Report }> = [];
  for (const [i, workers] of PASSES.entries()) {
    // A fresh copy for each pass, so that the second does not start from the first one's writes.
    if (i > 0) {
      log(`Copying ${sourceDir} to ${workDir} for WORKERS=${workers}…`);
      copyDataDir(sourceDir, workDir);
    }
    log(`Pass ${i + 1} of ${PASSES.length}: the server with WORKERS=${workers}.`);
    passes.push({ workers, report: await measurePass(workers, new Report()) });
  }
  await postgres?.close();
  const tail = new Report();

  // Issue #27's import figure: a ~200-page .docx with 50 photos through POST /uploads/document, measured in a server
  // of this process over its own empty DATA_DIR (the event loop measured is that server's; bench/document-import.ts).
  if (!SKIP.has('document-import')) {
    tail.section('import a document (issue #27): a ~200-page .docx with 50 photos, in a server of this process');
    const figures = await documentImportFigures({ chapters: 40, paragraphs: 80, photos: 50, log });
    for (const line of documentImportLines(figures)) tail.info('document import', line);
    tail.judged(
      'document import: event-loop delay while it runs',
      `p99 ${ms(figures.loop.p99)} ms (idle control p99 ${ms(figures.idle.p99)} ms)`,
      'p99 <= 100 ms',
      figures.loop.p99 <= 100,
    );
    tail.raw.documentImport = figures;
  }

  // One pass: one table, as before --workers. Several: the dataset, then each figure per pass side by side.
  let table: string;
  if (passes.length === 1) {
    report.rows.push(...passes[0]!.report.rows, ...tail.rows);
    Object.assign(report.raw, passes[0]!.report.raw);
    table = report.print();
  } else {
    const merged = mergePasses(passes.map((p) => p.report.rows));
    table = [
      report.print(),
      printPasses(
        passes.map((p) => `WORKERS=${p.workers}`),
        merged,
      ),
      tail.rows.length ? tail.print() : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    report.raw.passes = passes.map((p) => ({ workers: p.workers, rows: p.report.rows, raw: p.report.raw }));
  }
  Object.assign(report.raw, tail.raw);
  const file = report.write(path.join(root, 'bench/results'), {
    date: started.toISOString(),
    machine: machine(),
    dataset: dataset
      ? { params: dataset.params, builtAt: dataset.builtAt, seedSeconds: dataset.seedSeconds, generator: dataset.generator }
      : { dir: sourceDir },
    settings: {
      serverEnv: SERVER_ENV,
      rounds: ROUNDS,
      slice: SLICE,
      seconds: SECONDS,
      warmup: WARMUP,
      connections: CONNECTIONS,
      topRate: TOP_RATE,
      keystrokeMs: KEYSTROKE_MS,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      skip: [...SKIP],
      cpuProf: CPU_PROF,
      database: postgres ? `postgres ${postgres.where}` : 'sqlite',
      workers: PASSES,
    },
    table,
  });
  log(
    `Written to ${path.relative(root, file)} and bench/results/latest.json (${((Date.now() - started.getTime()) / 1000).toFixed(0)} s in all).`,
  );
  if (CPU_PROF)
    log(
      `CPU profile of the server in ${path.relative(root, path.join(root, 'bench/.profiles'))}/ (summarise with: npx tsx bench/profile-top.ts <file>)`,
    );
  fs.rmSync(workDir, { recursive: true, force: true });
}

await main().catch((err: unknown) => {
  // Servers still running are killed on exit (server-process.ts); say what failed and fail the command.
  console.error(err);
  process.exit(1);
});
