// The multi-process suite of docs/decisions/0037-processes-on-one-sqlite-file.md, shared by
// tests/integration/several-processes-2.test.ts and several-processes-4.test.ts.
// Two and four real server processes (server/src/main.ts, as the cluster's workers are, minus the shared port) on one
// SQLite DATA_DIR: what must hold across them (issue #28, docs/decisions/0037-processes-on-one-sqlite-file.md). They
// start together on a new folder (migrations and the index's tables made once); parallel likes through different
// processes land once each; a username registered through all of them at once is taken once; the sign-in failures
// allowed per pair are the configured number in total; a like through one is in every process's top list soon after;
// and SIGKILL of the process holding the projector's lock under a write load loses no acknowledged write while another
// takes over folding. SQLite only (the server project): server-pg has two-processes.test.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-command';
import { call, freshIp, inBatches, newPerson, type Person, sleep } from './process-requests';
import { person, postgresBaseUrl, storyHtml } from './test-app';

async function publish(to: ServerProcess, who: Person, title: string): Promise<void> {
  const saved = await call(to, 'POST', '/api/stories/save', { body: { title, text: storyHtml(1, 30) }, cookie: who.cookie, ip: who.ip });
  if (saved.status !== 201) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
}

const like = (to: ServerProcess, who: Person, author: string) =>
  call(to, 'POST', '/api/users/like', { body: { story_username: author, liked: false }, cookie: who.cookie, ip: who.ip });

const alive = (p: ServerProcess) => p.child.exitCode === null && p.child.signalCode === null;

/** The pid holding the write lock of a SQLite lock file (DATA_DIR/locks/<work>.lock), from the kernel's /proc/locks. */
function lockHolder(file: string): number | undefined {
  const ino = fs.statSync(file).ino;
  for (const line of fs.readFileSync('/proc/locks', 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    // "1: POSIX  ADVISORY  WRITE 4242 00:2d:123456 1073741826 1073742335"; blocked waiters start with "->".
    if (f[1] === 'POSIX' && f[3] === 'WRITE' && Number(f[5]?.split(':')[2]) === ino) return Number(f[4]);
  }
  return undefined;
}

/** The suite for `n` processes (several-processes-2 and -4 .test.ts: one file each, to keep each file short). */
export function describeProcessesOnOneFile(n: number): void {
  describe.skipIf(postgresBaseUrl || process.platform !== 'linux')(`${n} server processes on one SQLite DATA_DIR`, () => {
    let processes: ServerProcess[] = [];
    let dataDir: string;
    let file: BetterSqlite3.Database;
    const at = (i: number) => processes[i % processes.length]!;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `life-story-${n}p-`));
      const env = {
        DATA_DIR: dataDir,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        TRUST_PROXY: 'true',
        RATE_LIMIT_SCALE: '0.4', // 4 sign-in failures per account and client address, 12 attempts per address
        SEED_DEMO: 'false',
        BACKUP_EVERY_HOURS: '',
        // Each of the n is one process (no supervisor of its own), as each of the supervisor's workers is.
        WORKERS: '1',
      };
      // Started together on a new folder: the migrations, the index's tables and the rate limits' table are made once.
      processes = await Promise.all(Array.from({ length: n }, () => startServerProcess(env)));
      file = new BetterSqlite3(path.join(dataDir, 'life-story.sqlite'), { readonly: true });
    }, 120_000);

    afterAll(async () => {
      file?.close();
      for (const p of processes) if (alive(p)) p.child.kill('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const count = (query: string, ...params: unknown[]) => (file.prepare(query).get(...params) as { n: number }).n;
    const idOf = (username: string) => (file.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number }).id;
    const maxSeq = () => count('SELECT coalesce(max(seq), 0) AS n FROM events');
    const checkpoint = () => count(`SELECT coalesce(max(seq), 0) AS n FROM projector_checkpoints WHERE name = 'search'`);

    it('started together: every process serves, and the schema was made once', async () => {
      for (const p of processes) expect(p.output()).not.toMatch(/migration .* failed|SQLITE_BUSY|database is locked/i);
      // A new file has no search format yet: the first process through the startup lock rebuilds (an empty log), the
      // others find the format current and do not rebuild again.
      expect(processes.filter((p) => /Rebuilt the search index/.test(p.output()))).toHaveLength(1);
      const migrations = count('SELECT count(*) AS n FROM kysely_migration');
      expect(migrations).toBe(count('SELECT count(DISTINCT name) AS n FROM kysely_migration'));
      for (const p of processes) expect((await call(p, 'GET', '/readyz', { ip: freshIp() })).status).toBe(200);
    });

    it('lands parallel likes through different processes exactly once each', async () => {
      const authors = await inBatches(2, 2, (i) => newPerson(at(i), at(i + 1)));
      for (const [i, a] of authors.entries()) await publish(at(i), a, `Liked through ${n} processes ${i}`);
      const fans = await inBatches(5, 5, (i) => newPerson(at(i), at(i + 1)));
      // Every fan likes both stories, each like sent three times at once, each copy to another process.
      const answers = await Promise.all(
        fans.flatMap((fan, f) => authors.flatMap((author) => [0, 1, 2].map((k) => like(at(f + k), fan, author.username)))),
      );
      expect(answers.every((r) => r.status === 201)).toBe(true);
      for (const author of authors) {
        const id = idOf(author.username);
        expect(count('SELECT count(*) AS n FROM likes WHERE story_user_id = ?', id)).toBe(fans.length);
        expect(count(`SELECT count(*) AS n FROM events WHERE type = 'story_liked' AND subject_id = ?`, id)).toBe(fans.length);
        expect(count('SELECT coalesce(sum(n), 0) AS n FROM like_counts WHERE story_user_id = ?', id)).toBe(fans.length);
      }
    });

    it('takes a username once when it is registered through every process at the same moment', async () => {
      const fields = person();
      const answers = await Promise.all(
        processes.map((p, i) =>
          call(p, 'POST', '/api/auth/register', { body: { ...fields, email: `same${i}-${fields.email}` }, ip: freshIp() }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, ...Array(n - 1).fill(409)]);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toMatch(/taken|already exists/);
      expect(count('SELECT count(*) AS n FROM users WHERE username = ?', fields.username)).toBe(1);
    });

    it('shares the sign-in failures allowed per account and address: the configured number in total, not per process', async () => {
      const owner = await newPerson(at(0), at(1));
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 4 * n + 1 && !statuses.includes(429); i++) {
        statuses.push(
          (await call(at(i), 'POST', '/api/auth/login', { body: { email: owner.email, password: 'not the password' }, ip })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      // Refused through every process now, even with the right password.
      for (const p of processes)
        expect((await call(p, 'POST', '/api/auth/login', { body: { email: owner.email, password: owner.password }, ip })).status).toBe(429);
    });

    it("shows a like made through one process in every process's top list soon after", async () => {
      const author = await newPerson(at(0), at(1));
      await publish(at(1), author, `Seen everywhere with ${n} processes`);
      const fan = await newPerson(at(1), at(0));
      const likesIn = async (p: ServerProcess) => {
        const top = await call(p, 'POST', '/api/searches/top', { body: { page: 1, limit: 50 }, ip: freshIp() });
        return (top.body.data as Array<{ username: string; like_count: number }>).find((s) => s.username === author.username)?.like_count;
      };
      expect((await like(at(n - 1), fan, author.username)).status).toBe(201);
      const liked = performance.now();
      const seen: number[] = [];
      for (const p of processes) {
        while ((await likesIn(p)) !== 1 && performance.now() - liked < 10_000) await sleep(10);
        expect(await likesIn(p)).toBe(1);
        seen.push(Math.round(performance.now() - liked));
      }
      console.log(`${n} processes: a like through one is in every top list after ${Math.max(...seen)} ms (${seen.join(', ')} ms)`);
    });

    it('survives SIGKILL of the process holding the projector under a write load: no acknowledged write lost', async () => {
      const targets = await inBatches(3, 3, (i) => newPerson(at(i), at(i + 1)));
      for (const [i, t] of targets.entries()) await publish(at(i), t, `Target story ${n} ${i}`);
      const likers = await inBatches(6, 6, (i) => newPerson(at(i), at(i + 1)));
      const writers = await inBatches(5, 5, (i) => newPerson(at(i + 1), at(i)));
      // A word of its own in each new story's title (letters only: one token), to look it up in search afterwards.
      const wordOf = (i: number) => `osprey${String.fromCharCode(97 + n, 97 + i)}zz`;

      type Task = { kind: 'like'; liker: Person; target: Person } | { kind: 'story'; writer: Person; word: string };
      const tasks: Task[] = [];
      for (const liker of likers) for (const target of targets) tasks.push({ kind: 'like', liker, target });
      for (const [i, writer] of writers.entries()) tasks.push({ kind: 'story', writer, word: wordOf(i) });
      for (let i = tasks.length - 1; i > 0; i--) {
        const j = (i * 7919) % (i + 1);
        [tasks[i], tasks[j]] = [tasks[j]!, tasks[i]!];
      }

      const acknowledged: Task[] = [];
      const failed: { to: ServerProcess; at: number }[] = [];
      let killed: { victim: ServerProcess; at: number; seqAtKill: number } | undefined;
      let sent = 0;
      const send = async (task: Task, to: ServerProcess) => {
        const request =
          task.kind === 'like'
            ? like(to, task.liker, task.target.username)
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
          if (!(err instanceof TypeError)) throw err; // fetch failed: refused, or the connection was cut
          failed.push({ to, at: performance.now() });
        }
      };
      const load = Promise.all(
        Array.from({ length: 6 }, async (_, client) => {
          for (let t = client; t < tasks.length; t += 6) {
            const k = sent++;
            const to = processes.filter(alive)[k % processes.filter(alive).length]!;
            await send(tasks[t]!, to);
            await sleep(20);
          }
        }),
      );

      // Once a third of the load is in, SIGKILL whichever process holds the projector's lock at that moment.
      const projectorLock = path.join(dataDir, 'locks', 'projector.lock');
      const watchUntil = performance.now() + 30_000;
      while (!killed && performance.now() < watchUntil) {
        if (acknowledged.length >= tasks.length / 3 && fs.existsSync(projectorLock)) {
          const pid = lockHolder(projectorLock);
          const victim = processes.find((p) => p.child.pid === pid);
          if (victim) {
            victim.child.kill('SIGKILL');
            killed = { victim, at: performance.now(), seqAtKill: maxSeq() };
            break;
          }
        }
        await sleep(2);
      }
      expect(killed, 'saw a process holding the projector lock during the load').toBeDefined();
      const { victim, seqAtKill } = killed!;
      while (checkpoint() < seqAtKill && performance.now() - killed!.at < 20_000) await sleep(20);
      const tookOverMs = performance.now() - killed!.at;
      expect(checkpoint()).toBeGreaterThanOrEqual(seqAtKill);
      await load;
      await victim.exited;
      expect(victim.child.signalCode).toBe('SIGKILL');
      expect(failed.every((f) => f.to === victim && f.at >= killed!.at)).toBe(true);
      const loadEnd = performance.now();
      while (checkpoint() < maxSeq() && performance.now() - loadEnd < 20_000) await sleep(20);
      expect(checkpoint()).toBe(maxSeq());

      // Every acknowledged like is stored once; the counts kept by the triggers and the index's own counts match them.
      for (const task of acknowledged) {
        if (task.kind !== 'like') continue;
        const [liker, target] = [idOf(task.liker.username), idOf(task.target.username)];
        expect(count('SELECT count(*) AS n FROM likes WHERE user_id = ? AND story_user_id = ?', liker, target)).toBe(1);
        expect(
          count(`SELECT count(*) AS n FROM events WHERE type = 'story_liked' AND actor_id = ? AND subject_id = ?`, liker, target),
        ).toBe(1);
      }
      const survivor = processes.find(alive)!;
      const top = await call(survivor, 'POST', '/api/searches/top', { body: { page: 1, limit: 50 }, ip: freshIp() });
      const listed = new Map((top.body.data as Array<{ username: string; like_count: number }>).map((s) => [s.username, s.like_count]));
      for (const target of targets) {
        const id = idOf(target.username);
        const stored = count('SELECT count(*) AS n FROM likes WHERE story_user_id = ?', id);
        expect(stored).toBeGreaterThanOrEqual(acknowledged.filter((t) => t.kind === 'like' && t.target === target).length);
        expect(count('SELECT coalesce(sum(n), 0) AS n FROM like_counts WHERE story_user_id = ?', id)).toBe(stored);
        expect(file.prepare('SELECT likes FROM search_stories WHERE id = ?').get(id)).toEqual({ likes: stored });
        expect(listed.get(target.username)).toBe(stored);
      }
      // Every acknowledged new story is stored and found by search through every survivor; so is one that committed
      // though its answer was lost with the killed process.
      for (const [i, writer] of writers.entries()) {
        const stored = count('SELECT count(*) AS n FROM stories WHERE user_id = ?', idOf(writer.username));
        if (acknowledged.some((t) => t.kind === 'story' && t.writer === writer)) expect(stored).toBe(1);
        for (const p of processes.filter(alive)) {
          const found = await call(p, 'POST', '/api/searches/story', { body: { searchTerm: `${wordOf(i)} ` }, ip: freshIp() });
          const usernames = (found.body.data as Array<{ username: string }>).map((s) => s.username);
          expect(usernames.includes(writer.username)).toBe(stored === 1);
        }
      }
      console.log(
        `${n} processes: ${tasks.length} writes, ${acknowledged.length} acknowledged, ${failed.length} refused by the killed one; ` +
          `events before the kill folded ${Math.round(tookOverMs)} ms after it`,
      );
    }, 120_000);
  });
}
