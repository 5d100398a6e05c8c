/**
 * What naming the hot reads' prepared statements gains on PostgreSQL (server/src/db/compiled-query.ts, ADR 0021):
 * the same core reads through two pools on one database, one running them as named statements (each connection
 * parses and plans a text once) and one unnamed (parsed and planned on every call), in alternating rounds so that
 * the machine's other load falls on both alike. Per read: wall-clock µs per call one at a time, and with 10 calls in
 * flight (the pool's size); the CPU µs per call of this process and of PostgreSQL's processes.
 *
 *   npx tsx bench/prepared-statements.ts [--users 2000 --likes 20000 --comments 4000] [--calls 2000] [--rounds 5]
 *
 * The dataset is the bench's (bench/.data/scale-<users>, built when missing), copied into a PostgreSQL cluster of
 * its own (`--database-url auto` of npm run bench).
 */
import os from 'node:os';
import path from 'node:path';
import { anonymous, type CoreDeps } from '../server/src/core/shared/core-deps';
import { listEntriesFor } from '../server/src/core/explore/list-items';
import { getPage, getStory } from '../server/src/core/stories/read-story';
import { openPostgres, type OpenedPostgres } from '../server/src/db/open-postgres';
import { systemClock } from '../server/src/ports/clock';
import { DB_FILE, ensureDataset } from './lib/dataset';
import { preparePostgres } from './lib/postgres-target';
import { loadSample } from './lib/sample-data';
import { nowMs, seededRandom } from './lib/stats';

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number.`);
  return v;
};
const params = { users: num('users', 2000), likes: num('likes', 20_000), comments: num('comments', 4000), seed: 1 };
const CALLS = num('calls', 2000);
const ROUNDS = num('rounds', 5);
const IN_FLIGHT = 10;
const log = (line: string) => console.log(line);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dir = path.join(root, `bench/.data/scale-${params.users >= 1000 ? `${params.users / 1000}k` : params.users}`);
const loadAtStart = os.loadavg()[0]!;
const dataset = await ensureDataset(dir, params, { rebuild: false, log });
const sample = loadSample(dataset.dir);
const target = await preparePostgres('auto', path.join(dataset.dir, DB_FILE), log);
const named = await openPostgres(target.url, log);
const plain = await openPostgres(target.url, log, { namedStatements: false });

// The 50 most liked people: the entries of the top list's first page (its ids come from the search index).
const top = (
  await named.db.selectFrom('like_counts').select('story_user_id').orderBy('n', 'desc').orderBy('story_user_id').limit(50).execute()
).map((r) => r.story_user_id);
const rnd = seededRandom(3);
const randomPage = () => {
  const s = sample.stories[Math.floor(rnd() * sample.stories.length)]!;
  return { username: s.username, page_number: 1 + Math.floor(rnd() * s.pageCount) };
};
const visitor = anonymous('bench');
const reads: Record<string, (deps: CoreDeps) => Promise<unknown>> = {
  'stories.page (getPage)': (deps) => getPage(deps, visitor, randomPage()),
  'stories.get (getStory)': (deps) => getStory(deps, visitor, { username: randomPage().username }),
  'top list entries, 50 ids (listEntriesFor)': (deps) => listEntriesFor(deps, top, { storiesOnly: true }),
};

interface Tally {
  wallSerial: number;
  wallParallel: number;
  cpuHere: number;
  cpuDatabase: number;
  calls: number;
}
const tally = () => ({ wallSerial: 0, wallParallel: 0, cpuHere: 0, cpuDatabase: 0, calls: 0 });
const results: Record<string, { named: Tally; plain: Tally }> = {};

async function round(read: (deps: CoreDeps) => Promise<unknown>, db: OpenedPostgres, t: Tally): Promise<void> {
  const deps = { db: db.db, clock: systemClock } as CoreDeps;
  const cpu = process.cpuUsage();
  const cpuDb = target.cpuMicros!();
  let started = nowMs();
  for (let i = 0; i < CALLS; i++) await read(deps);
  t.wallSerial += nowMs() - started;
  started = nowMs();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < CALLS) await read(deps);
    }),
  );
  t.wallParallel += nowMs() - started;
  const used = process.cpuUsage(cpu);
  t.cpuHere += used.user + used.system;
  t.cpuDatabase += target.cpuMicros!() - cpuDb;
  t.calls += CALLS;
}

try {
  for (const [name, read] of Object.entries(reads)) {
    const r = { named: tally(), plain: tally() };
    results[name] = r;
    // Warm-up: every connection of both pools has run the read (and the named pool has prepared it).
    for (const db of [named, plain]) await round(read, db, tally());
    for (let i = 0; i < ROUNDS; i++) {
      const [first, second] = i % 2 ? ([plain, named] as const) : ([named, plain] as const);
      await round(read, first, first === named ? r.named : r.plain);
      await round(read, second, second === named ? r.named : r.plain);
    }
    log(`${name}: done`);
  }
} finally {
  await named.close();
  await plain.close();
  await target.close();
}

const us = (ms: number, calls: number) => ((ms * 1000) / calls).toFixed(0);
const cpu = (micros: number, calls: number) => (micros / calls).toFixed(0);
console.log(
  `\n${params.users} users; ${ROUNDS} alternating rounds of ${CALLS} calls one at a time and ${CALLS} with ${IN_FLIGHT} in flight, per read and pool; load average ${loadAtStart.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at the end, ${os.cpus().length} cores`,
);
console.log(
  'read | statements | µs per call, one at a time | µs per call, 10 in flight | CPU µs per call here (both) | PostgreSQL CPU µs per call (both)',
);
for (const [name, r] of Object.entries(results)) {
  for (const [label, t] of [
    ['named', r.named],
    ['unnamed', r.plain],
  ] as const) {
    console.log(
      `${name} | ${label} | ${us(t.wallSerial, t.calls)} | ${us(t.wallParallel, t.calls)} | ${cpu(t.cpuHere, t.calls * 2)} | ${cpu(t.cpuDatabase, t.calls * 2)}`,
    );
  }
}
