// Two real app processes (server/src/main.ts, as in production) on one PostgreSQL database, sharing DATA_DIR and
// SESSION_SECRET, with the embedded search index (SEARCH_INDEX=embedded): what several instances on one machine
// must get right (issue #14, docs/decisions/0023-several-instances.md). A session made by one is good on the other;
// the same like sent through both lands once; the sign-in allowance is shared; and when the instance running the
// projector is killed with SIGKILL under a write load, the other takes over, search and the top lists catch up,
// and every write that was acknowledged (a 2xx answer received) is there. PostgreSQL only (server-pg project).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_SPACE, LOCKS } from '../../server/src/db/dialect';
import { call, freshIp, inBatches, newPerson, type Person, sleep } from '../support/process-requests';
import { type ServerProcess, startServerProcess } from '../support/server-command';
import { freshPostgresDatabase } from '../support/postgres-cluster';
import { postgresBaseUrl, storyHtml } from '../support/test-app';

/** A server process named for its PostgreSQL connections (PGAPPNAME), to tell which holds the projector's lock. */
interface Instance extends ServerProcess {
  name: string;
}

/** Starts this run's server bundle as one process; resolves once it listens. */
async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  return { name, ...(await startServerProcess({ ...env, PGAPPNAME: name })) };
}

describe.runIf(postgresBaseUrl)('two app processes on one PostgreSQL, one DATA_DIR, embedded search', () => {
  let a: Instance;
  let b: Instance;
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> };
  let sql: pg.Client;
  let env: Record<string, string>;
  const extra: Instance[] = [];
  const extraDirs: string[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase(postgresBaseUrl!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-two-'));
    env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEARCH_INDEX: 'embedded',
      MEILI_URL: '',
      TRUST_PROXY: 'true',
      RATE_LIMIT_SCALE: '0.1', // 3 sign-in attempts per client address every 15 minutes
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      BACKUP_EVERY_HOURS: '',
    };
    // Started together: migrations and the search index's tables are made once, whoever comes first.
    [a, b] = await Promise.all([startInstance('instance-a', env), startInstance('instance-b', env)]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    for (const i of [a, b, ...extra]) if (i && i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    for (const dir of extraDirs) fs.rmSync(dir, { recursive: true, force: true });
    await sql?.end().catch(() => undefined);
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (query: string, params: unknown[]): Promise<number> =>
    Number((await sql.query<{ n: string }>(query, params)).rows[0]!.n);
  const userId = async (username: string) =>
    Number((await sql.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username])).rows[0]!.id);

  it('signs in on one and reads and writes as that person on the other', async () => {
    const me = await newPerson(a, a);
    const profile = await call(b, 'GET', '/api/users/profile', { cookie: me.cookie, ip: me.ip });
    expect(profile.status).toBe(200);
    expect((profile.body.data as { username: string }).username).toBe(me.username);
    expect(
      (
        await call(b, 'POST', '/api/stories/save', {
          body: { title: 'Written on b', text: storyHtml(1, 20) },
          cookie: me.cookie,
          ip: me.ip,
        })
      ).status,
    ).toBe(201);
    const story = await call(a, 'POST', '/api/stories/story', { body: { username: me.username }, ip: me.ip });
    expect((story.body.data as { title: string }).title).toBe('Written on b');
  });

  it('lands the same like sent through both at once exactly once', async () => {
    const author = await newPerson(a, b);
    await call(a, 'POST', '/api/stories/save', {
      body: { title: 'Liked once', text: storyHtml(1, 20) },
      cookie: author.cookie,
      ip: author.ip,
    });
    const fan = await newPerson(b, a);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', '/api/users/like', {
          body: { story_username: author.username, liked: false },
          cookie: fan.cookie,
          ip: fan.ip,
        }),
      ),
    );
    expect(answers.map((r) => r.status).every((s) => s === 201)).toBe(true);
    const [fanId, authorId] = [await userId(fan.username), await userId(author.username)];
    expect(await count('SELECT count(*) AS n FROM likes WHERE user_id = $1 AND story_user_id = $2', [fanId, authorId])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM events WHERE type = 'story_liked' AND actor_id = $1`, [fanId])).toBe(1);
    expect(await count('SELECT coalesce(sum(n), 0) AS n FROM like_counts WHERE story_user_id = $1', [authorId])).toBe(1);
  });

  it('shares one sign-in allowance per client address: three attempts through either, then both refuse', async () => {
    const owner = await newPerson(a, a);
    const ip = freshIp();
    const attempt = (to: Instance) => call(to, 'POST', '/api/auth/login', { body: { email: owner.email, password: owner.password }, ip });
    expect((await attempt(a)).status).toBe(200);
    expect((await attempt(b)).status).toBe(200);
    expect((await attempt(a)).status).toBe(200);
    const refused = await attempt(b);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts/);
    expect((await attempt(a)).status).toBe(429);
  });

  it('survives SIGKILL of the instance running the projector under a write load: no acknowledged write lost', async () => {
    // Before the load: stories to like, people to like them, and people who will publish their first story.
    const targets = await inBatches(3, 3, (i) => newPerson(i % 2 ? a : b, i % 2 ? b : a));
    for (const [i, t] of targets.entries()) {
      const saved = await call(i % 2 ? a : b, 'POST', '/api/stories/save', {
        body: { title: `Target story ${i}`, text: storyHtml(1, 30) },
        cookie: t.cookie,
        ip: t.ip,
      });
      expect(saved.status).toBe(201);
    }
    const likers = await inBatches(12, 4, (i) => newPerson(i % 2 ? a : b, i % 2 ? b : a));
    const writers = await inBatches(12, 4, (i) => newPerson(i % 2 ? b : a, i % 2 ? a : b));
    // A word of its own in each new story's title (letters only: one token), to look it up in search afterwards.
    const wordOf = (i: number) => `kestrel${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}zz`;

    type Task = { kind: 'like'; liker: Person; target: Person } | { kind: 'story'; writer: Person; word: string };
    const tasks: Task[] = [];
    for (const liker of likers) for (const target of targets) tasks.push({ kind: 'like', liker, target });
    for (const [i, writer] of writers.entries()) tasks.push({ kind: 'story', writer, word: wordOf(i) });
    // A fixed shuffle, so that likes and new stories interleave.
    for (let i = tasks.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [tasks[i], tasks[j]] = [tasks[j]!, tasks[i]!];
    }

    const acknowledged: Task[] = [];
    const failed: { task: Task; to: string; at: number }[] = [];
    let killed: { victim: Instance; survivor: Instance; at: number; seqAtKill: number } | undefined;
    let sent = 0;

    const send = async (task: Task, to: Instance) => {
      const request =
        task.kind === 'like'
          ? call(to, 'POST', '/api/users/like', {
              body: { story_username: task.target.username, liked: false },
              cookie: task.liker.cookie,
              ip: task.liker.ip,
            })
          : call(to, 'POST', '/api/stories/save', {
              body: { title: `New story ${task.word}`, text: storyHtml(1, 40) },
              cookie: task.writer.cookie,
              ip: task.writer.ip,
            });
      try {
        const answer = await request;
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        acknowledged.push(task);
      } catch (err) {
        if (!(err instanceof TypeError)) throw err; // fetch failed: could not connect, or the connection was cut
        failed.push({ task, to: to.name, at: performance.now() });
      }
    };
    // Six clients, each sending its next task to the instances in turn, a little apart so the load spans the kill.
    const load = Promise.all(
      Array.from({ length: 6 }, async (_, worker) => {
        for (let t = worker; t < tasks.length; t += 6) {
          const n = sent++;
          await send(tasks[t]!, n % 2 ? b : a);
          await sleep(30);
        }
      }),
    );

    // Once a third of the load is in, SIGKILL whichever instance holds the projector's lock at that moment.
    const holderQuery = `
      SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = $1 AND l.objid::bigint = $2 AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    const holder = async () => (await sql.query<{ name: string }>(holderQuery, [ADVISORY_LOCK_SPACE, LOCKS.projector])).rows[0]?.name;
    const maxSeq = async () => Number((await sql.query<{ n: string }>('SELECT coalesce(max(seq), 0) AS n FROM events')).rows[0]!.n);
    const checkpoint = async () =>
      Number(
        (await sql.query<{ n: string }>(`SELECT coalesce(max(seq), 0) AS n FROM projector_checkpoints WHERE name = 'search'`)).rows[0]!.n,
      );
    const watchUntil = performance.now() + 30_000;
    while (!killed && performance.now() < watchUntil) {
      if (acknowledged.length >= tasks.length / 3) {
        const name = await holder();
        const victim = name === a.name ? a : name === b.name ? b : undefined;
        if (victim) {
          victim.child.kill('SIGKILL');
          const at = performance.now();
          killed = { victim, survivor: victim === a ? b : a, at, seqAtKill: await maxSeq() };
          break;
        }
      }
      await sleep(5);
    }
    expect(killed, 'saw an instance holding the projector lock during the load').toBeDefined();
    const { victim, survivor, at, seqAtKill } = killed!;

    // The survivor folds every event committed before the kill (some by the dead instance, some perhaps half
    // folded by it) within seconds: PostgreSQL released the lock with the dead connection.
    while ((await checkpoint()) < seqAtKill && performance.now() - at < 20_000) await sleep(20);
    const tookOverMs = performance.now() - at;
    expect(await checkpoint()).toBeGreaterThanOrEqual(seqAtKill);
    expect(tookOverMs).toBeLessThan(20_000);
    await load;
    const loadEnd = performance.now();

    // Requests to the dead instance failed (not acknowledged); none to the survivor did, and none before the kill.
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((f) => f.to === victim.name && f.at >= at)).toBe(true);
    await new Promise((resolve) =>
      victim.child.exitCode !== null || victim.child.signalCode ? resolve(null) : victim.child.on('exit', resolve),
    );
    expect(victim.child.signalCode).toBe('SIGKILL');

    // Caught up: everything committed is folded.
    while ((await checkpoint()) < (await maxSeq()) && performance.now() - loadEnd < 20_000) await sleep(20);
    const caughtUpMs = performance.now() - loadEnd;
    expect(await checkpoint()).toBe(await maxSeq());

    // Every acknowledged like is stored, once; the counts kept by the triggers match the rows, and the top list
    // (from the projections, through the search index) shows those counts.
    const idOf = new Map<string, number>();
    for (const p of [...targets, ...likers, ...writers]) idOf.set(p.username, await userId(p.username));
    for (const task of acknowledged.filter((t) => t.kind === 'like')) {
      const [liker, target] = [idOf.get(task.liker.username)!, idOf.get(task.target.username)!];
      expect(await count('SELECT count(*) AS n FROM likes WHERE user_id = $1 AND story_user_id = $2', [liker, target])).toBe(1);
      expect(
        await count(`SELECT count(*) AS n FROM events WHERE type = 'story_liked' AND actor_id = $1 AND subject_id = $2`, [liker, target]),
      ).toBe(1);
    }
    // The index's own counts (the embedded index's file in the shared DATA_DIR), the top list's order, and the
    // month list's size, all agree with the likes stored.
    const index = new BetterSqlite3(path.join(dataDir, 'life-story.sqlite'), { readonly: true });
    const indexedLikes = index.prepare('SELECT likes, likes30d FROM search_stories WHERE id = ?');
    for (const target of targets) {
      const id = idOf.get(target.username)!;
      const stored = await count('SELECT count(*) AS n FROM likes WHERE story_user_id = $1', [id]);
      const acknowledgedLikes = acknowledged.filter((t) => t.kind === 'like' && t.target === target).length;
      expect(stored).toBeGreaterThanOrEqual(acknowledgedLikes);
      expect(await count('SELECT coalesce(sum(n), 0) AS n FROM like_counts WHERE story_user_id = $1', [id])).toBe(stored);
      expect(indexedLikes.get(id), target.username).toEqual({ likes: stored, likes30d: stored });
    }
    index.close();
    const top = await call(survivor, 'POST', '/api/searches/top', { body: { page: 1, limit: 50 }, ip: freshIp() });
    expect(top.status).toBe(200);
    const counts = (top.body.data as Array<{ like_count: number }>).map((s) => s.like_count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const targetCounts: number[] = [];
    for (const t of targets)
      targetCounts.push(await count('SELECT count(*) AS n FROM likes WHERE story_user_id = $1', [idOf.get(t.username)!]));
    expect(counts.slice(0, 3)).toEqual(targetCounts.sort((x, y) => y - x));
    const month = await call(survivor, 'GET', '/api/searches/top/monthly/count', { ip: freshIp() });
    expect((month.body.data as { count: number }).count).toBe(await count('SELECT count(DISTINCT story_user_id) AS n FROM likes', []));

    // Every acknowledged new story is stored with its title and found by search on the survivor; so is any story
    // that committed though its answer was lost with the dead instance.
    const newStories = acknowledged.filter((t) => t.kind === 'story');
    expect(newStories.length).toBeGreaterThan(0);
    for (const task of newStories) {
      const id = idOf.get(task.writer.username)!;
      expect(await count('SELECT count(*) AS n FROM stories WHERE user_id = $1 AND title = $2', [id, `New story ${task.word}`])).toBe(1);
    }
    for (const [i, writer] of writers.entries()) {
      const stored = await count('SELECT count(*) AS n FROM stories WHERE user_id = $1', [idOf.get(writer.username)!]);
      const found = await call(survivor, 'POST', '/api/searches/story', { body: { searchTerm: `${wordOf(i)} ` }, ip: freshIp() });
      expect(found.status).toBe(200);
      const usernames = (found.body.data as Array<{ username: string }>).map((s) => s.username);
      expect(usernames.includes(writer.username), `${writer.username} found: ${stored === 1}`).toBe(stored === 1);
    }
    console.log(
      `two processes: ${tasks.length} writes, ${acknowledged.length} acknowledged, ${failed.length} refused by the killed ${victim.name}; ` +
        `events before the kill folded ${Math.round(tookOverMs)} ms after it; caught up ${Math.round(caughtUpMs)} ms after the load ended`,
    );
  }, 180_000);

  it("fills a new DATA_DIR's embedded index from the log at start: an instance on another folder lists and finds the same", async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-two-'));
    extraDirs.push(elsewhere);
    const c = await startInstance('instance-c', { ...env, DATA_DIR: elsewhere });
    extra.push(c);
    expect(c.output()).toMatch(/Rebuilt the search index from the event log \(it was new\)/);
    const survivor = [a, b].find((i) => i.child.exitCode === null && i.child.signalCode === null)!;
    const top = async (to: Instance) =>
      (
        (await call(to, 'POST', '/api/searches/top', { body: { page: 1, limit: 50 }, ip: freshIp() })).body.data as Array<{
          username: string;
        }>
      ).map((s) => s.username);
    const here = await top(c);
    expect(here.length).toBe(await count('SELECT count(*) AS n FROM stories', []));
    expect(here.length).toBeGreaterThan(5);
    expect(here).toEqual(await top(survivor));
    const found = await call(c, 'POST', '/api/searches/story', { body: { searchTerm: 'Liked once' }, ip: freshIp() });
    expect((found.body.data as Array<{ title: string }>).map((s) => s.title)).toContain('Liked once');
  }, 120_000);

  it('two instances started together on an empty database seed the demo data once, and neither fails', async () => {
    const empty = await freshPostgresDatabase(postgresBaseUrl!);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-two-'));
    extraDirs.push(folder);
    try {
      const seedEnv = { ...env, DATA_DIR: folder, DATABASE_URL: empty.url, SEED_DEMO: 'true', RATE_LIMIT_SCALE: '1' };
      const pair = await Promise.all([startInstance('seed-a', seedEnv), startInstance('seed-b', seedEnv)]);
      extra.push(...pair);
      const seededBy = pair.filter((i) => /Seeded demo data: 30 people/.test(i.output()));
      expect(
        seededBy.map((i) => i.name),
        pair.map((i) => i.output()).join('\n----\n'),
      ).toHaveLength(1);
      const users = new pg.Client({ connectionString: empty.url });
      await users.connect();
      try {
        expect(Number((await users.query<{ n: string }>('SELECT count(*) AS n FROM users')).rows[0]!.n)).toBe(30);
      } finally {
        await users.end();
      }
      const other = pair.find((i) => i !== seededBy[0])!;
      expect((await call(other, 'POST', '/api/searches/new', { body: { page: 1, limit: 5 }, ip: freshIp() })).status).toBe(200);
      for (const i of pair) i.child.kill('SIGKILL');
    } finally {
      await empty.drop();
    }
  }, 180_000);
});
