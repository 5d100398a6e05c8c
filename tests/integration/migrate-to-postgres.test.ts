// `npm run migrate-to-postgres` (docs/decisions/0022-moving-to-postgresql.md): a SQLite site made through HTTP is
// copied into an empty PostgreSQL database, and a PostgreSQL app on the copy reads the same pages, lists, searches,
// sessions and passwords, and takes new writes (the sequences moved past the copied ids). Needs PostgreSQL: on
// SQLite (the `server` project) this file has nothing to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyRefused, copySqliteToPostgres } from '../../server/src/postgres-copy/copy-to-postgres';
import { verifyPostgresCopy } from '../../server/src/postgres-copy/verify-postgres-copy';
import { builtServer } from '../support/server-command';
import { closedLoopbackPort } from '../support/closed-port';
import { freshPostgresDatabase } from '../support/postgres-cluster';
import { uploadPng, wrapped } from '../support/rest-contract';
import { makeAdmin } from '../support/admin';
import { makeTestApp, postgresBaseUrl, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

type Person = Awaited<ReturnType<typeof signedInPerson>>;

const trpc = (client: TestClient, procedure: string, input?: unknown) =>
  client.get(`/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`);

/** What visitors and the three people read, through HTTP: the same on both databases after the copy. */
async function readSite(t: TestApp, cookies: Record<string, string | null>) {
  const as = (name: string) => {
    const client = t.client();
    client.cookie = cookies[name] ?? null;
    return client;
  };
  const visitor = t.client();
  const read = async (res: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await res;
    return { status, body };
  };
  return {
    alicePage: await read(trpc(visitor, 'stories.page', { username: 'alice_m', page_number: 1 })),
    bobPage: await read(visitor.post('/api/stories/page', { username: 'bob_m', page_number: 1 })),
    top: await read(visitor.post('/api/searches/top', { page: 1, limit: 50 })),
    topCount: await read(visitor.get('/api/searches/top/count')),
    newest: await read(visitor.post('/api/searches/new', { page: 1, limit: 50 })),
    searchStories: await read(visitor.post('/api/searches/story', { searchTerm: 'orchard' })),
    searchPeople: await read(visitor.post('/api/searches/user', { searchTerm: 'carol' })),
    comments: await read(visitor.post('/api/comments/get', { story_username: 'alice_m', page: 1, limit: 50 })),
    aliceNotifications: await read(trpc(as('alice'), 'notifications.list')),
    aliceDraft: await read(trpc(as('alice'), 'drafts.get')),
    aliceRevisions: await read(trpc(as('alice'), 'revisions.list')),
    queue: await read(trpc(as('alice'), 'moderation.queue')), // alice is the site's admin (makeAdmin below)
    bobUploads: await read(trpc(as('bob'), 'uploads.usage')),
    carolFlags: await read(trpc(as('carol'), 'social.flags', { story_username: 'alice_m' })),
  };
}

describe.runIf(postgresBaseUrl)('migrate-to-postgres', () => {
  let source: TestApp;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let photo: string;
  const drops: (() => Promise<void>)[] = [];
  const dirs: string[] = [];
  const freshTarget = async () => {
    const database = await freshPostgresDatabase(postgresBaseUrl!);
    drops.push(database.drop);
    return database.url;
  };
  const rowsIn = async (url: string, table: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    } finally {
      await client.end();
    }
  };
  /** A copy of the source's SQLite file, changed by `change`, in a DATA_DIR of its own. */
  const alteredSource = (change: (db: BetterSqlite3.Database) => void) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-migrate-'));
    dirs.push(dir);
    const file = path.join(dir, 'life-story.sqlite');
    const db = new BetterSqlite3(source.config.dbFile, { readonly: true });
    return db.backup(file).then(() => {
      db.close();
      const copy = new BetterSqlite3(file);
      change(copy);
      copy.close();
      return file;
    });
  };

  beforeAll(async () => {
    source = await makeTestApp({ sqlite: true });
    alice = await makeAdmin(source, await signedInPerson(source, { username: 'alice_m' })); // as `npm run admin` does
    bob = await signedInPerson(source, { username: 'bob_m' });
    carol = await signedInPerson(source, { username: 'carol_m', first_name: 'Carol', last_name: 'Meadows' });
    // Alice publishes twice (two revisions) and leaves a draft; Bob has a story with a photo in it.
    expect((await alice.client.post('/trpc/stories.publish', { title: 'The orchard years', text: storyHtml(2) })).status).toBe(200);
    expect(
      (
        await alice.client.post('/trpc/stories.publish', {
          title: 'The orchard years',
          text: `${storyHtml(3)}<p>Later.</p>`,
          base_version: 1,
        })
      ).status,
    ).toBe(200);
    const { draft_version } = (await trpc(alice.client, 'drafts.get')).body.result.data;
    const draft = await alice.client.post('/trpc/drafts.autosave', {
      title: 'Draft',
      text: '<p>Not yet</p>',
      base_version: 2,
      draft_version,
    });
    expect(draft.status).toBe(200);
    photo = await uploadPng(bob.client);
    expect(
      (await bob.client.post('/api/stories/save', { title: 'Harbour days', text: `<p>Boats.</p><p><img src="/media/${photo}"></p>` }))
        .status,
    ).toBe(201);
    // Likes (counted by triggers), a save, comments and a reply (notifications), a report for the admin.
    for (const liker of [bob, carol])
      expect((await liker.client.post('/trpc/social.like', { story_username: 'alice_m', on: true })).status).toBe(200);
    expect((await carol.client.post('/trpc/social.like', { story_username: 'bob_m', on: true })).status).toBe(200);
    expect((await carol.client.post('/trpc/social.bookmark', { story_username: 'alice_m', on: true })).status).toBe(200);
    // A follower (ADR 0027): a projection of its own.
    expect((await carol.client.post('/trpc/follows.follow', { story_username: 'alice_m' })).status).toBe(200);
    const comment = await bob.client.post('/api/comments/create', wrapped({ story_username: 'alice_m', text: 'Lovely trees' }));
    expect(comment.status).toBe(201);
    expect((await carol.client.post('/api/comments/create', wrapped({ story_username: 'alice_m', text: 'I remember them' }))).status).toBe(
      201,
    );
    expect(
      (await carol.client.post('/trpc/moderation.report', { target: { kind: 'story', story_username: 'bob_m' }, reason: 'spam' })).status,
    ).toBe(200);
    // A comment made and deleted last: SQLite's AUTOINCREMENT mark is above the highest copied comment id.
    const last = await carol.client.post('/api/comments/create', wrapped({ story_username: 'bob_m', text: 'Oops' }));
    expect(last.status).toBe(201);
    const lastId = Number(
      (
        await source.deps.db
          .selectFrom('comments')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect((await carol.client.post('/trpc/social.deleteComment', { comment_id: lastId })).status).toBe(200);
    await source.deps.projector.drain();
  });

  afterAll(async () => {
    await source?.close();
    for (const drop of drops) await drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies a SQLite site that a PostgreSQL app then serves as before, and writes to', async () => {
    const cookies = { alice: alice.client.cookie, bob: bob.client.cookie, carol: carol.client.cookie };
    const before = await readSite(source, cookies);
    expect(before.top.status).toBe(200);
    expect(before.aliceRevisions.status).toBe(200);

    const url = await freshTarget();
    const report = await copySqliteToPostgres({ sqliteFile: source.config.dbFile, databaseUrl: url });
    const rows = Object.fromEntries(report.tables.map((t) => [t.name, t.rows]));
    expect(rows).toMatchObject({ users: 3, stories: 2, likes: 3, like_counts: 2, comments: 2, story_revisions: 3, reports: 1, uploads: 1 });
    expect(rows.events).toBeGreaterThan(10);
    // The index and the rate limiter's counters (made by the source's server at its start) are not copied.
    expect(report.skipped).toContain('rate_limits');
    expect(report.skipped.every((name) => name.startsWith('search_') || name === 'rate_limits')).toBe(true);
    // The deleted comment's id is not handed out again.
    expect(report.sequences).toContainEqual({ table: 'comments', column: 'id', value: 3 });
    expect(await rowsIn(url, 'likes')).toBe(3);

    const check = await verifyPostgresCopy({ databaseUrl: url });
    expect(check.lines).toEqual([
      expect.stringMatching(/^proj_users, proj_stories, proj_likes: rebuilt from \d+ events, equal to the copied rows\.$/),
      expect.stringMatching(/^proj_notifications, proj_comments: rebuilt from \d+ events, equal to the copied rows\.$/),
      expect.stringMatching(/^proj_followers: rebuilt from \d+ events, equal to the copied rows\.$/),
      'Top-list counters of 2 listed stories, from the events: equal to their copied likes.',
    ]);

    const secret = fs.readFileSync(path.join(source.dataDir, 'secret'), 'utf8').trim();
    const target = await makeTestApp({ env: { DATABASE_URL: url, SESSION_SECRET: secret, UPLOADS_DIR: source.config.uploadsDir } });
    try {
      // The first start builds the new search index from the copied events (main.ts does this before serving).
      expect(await target.deps.projector.rebuildIfFormatChanged()).toBe(true);
      await target.deps.projector.drain();
      expect(await readSite(target, cookies)).toEqual(before);
      expect((await target.client().get(`/media/${photo}`)).status).toBe(200);

      // The old password signs in; new rows get fresh ids everywhere (a taken id would be a 500 or a 409).
      const carolAgain = target.client();
      expect((await carolAgain.post('/api/auth/login', { email: carol.email, password: carol.password })).status).toBe(200);
      const dave = await signedInPerson(target, { username: 'dave_m' });
      expect(dave.id).toBe(4);
      expect((await dave.client.post('/trpc/social.like', { story_username: 'alice_m', on: true })).status).toBe(200);
      const reply = await carolAgain.post('/api/comments/create', wrapped({ story_username: 'bob_m', text: 'Fine boats' }));
      expect(reply.status).toBe(201);
      const newest = await target.deps.db.selectFrom('comments').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(newest.id).toBe(4);
      expect(
        (await dave.client.post('/trpc/moderation.report', { target: { kind: 'story', story_username: 'alice_m' }, reason: 'spam' }))
          .status,
      ).toBe(200);
      expect((await dave.client.post('/api/stories/save', { title: 'Dave writes', text: storyHtml(1) })).status).toBe(201);
      await target.deps.projector.drain();

      // One more like: counted once by the trigger, in the page and the top list.
      const counts = await target.deps.db.selectFrom('like_counts').selectAll().orderBy('story_user_id').execute();
      expect(counts).toEqual([
        { story_user_id: alice.id, n: 3 },
        { story_user_id: bob.id, n: 1 },
      ]);
      const top = await target.client().post('/api/searches/top', { page: 1, limit: 50 });
      expect(top.status).toBe(200);
      const likesOf = (list: { username: string; like_count: number }[]) => Object.fromEntries(list.map((i) => [i.username, i.like_count]));
      expect(likesOf((before.top.body as { data: { username: string; like_count: number }[] }).data)).toEqual({ alice_m: 2, bob_m: 1 });
      expect(likesOf(top.body.data)).toEqual({ alice_m: 3, bob_m: 1, dave_m: 0 });
      expect((await target.client().post('/api/searches/story', { searchTerm: 'dave writes' })).text).toContain('dave_m');
    } finally {
      await target.close();
    }
  });

  it('refuses a target that already holds the data, and a SQLite file of other migrations, in one line', async () => {
    const url = await freshTarget();
    await copySqliteToPostgres({ sqliteFile: source.config.dbFile, databaseUrl: url });
    const again = copySqliteToPostgres({ sqliteFile: source.config.dbFile, databaseUrl: url });
    await expect(again).rejects.toBeInstanceOf(CopyRefused);
    await expect(again).rejects.toThrow(/^The PostgreSQL database at \S+ already holds this app's data \(rows in events, /);
    expect(await rowsIn(url, 'users')).toBe(3);

    const behind = await alteredSource((db) => db.exec("DELETE FROM kysely_migration WHERE name = '010-email-verification'"));
    await expect(copySqliteToPostgres({ sqliteFile: behind, databaseUrl: await freshTarget() })).rejects.toThrow(
      /lacks migrations 010-email-verification: start this version once on that DATA_DIR/,
    );
    const ahead = await alteredSource((db) => db.exec("INSERT INTO kysely_migration (name, timestamp) VALUES ('999-future', 'x')"));
    await expect(copySqliteToPostgres({ sqliteFile: ahead, databaseUrl: await freshTarget() })).rejects.toThrow(
      /has migrations this version does not know \(999-future\)/,
    );
  });

  it('leaves the target empty when the copy fails half-way (like counts that disagree with the likes)', async () => {
    const wrong = await alteredSource((db) => db.exec('UPDATE like_counts SET n = n + 1'));
    const url = await freshTarget();
    await expect(copySqliteToPostgres({ sqliteFile: wrong, databaseUrl: url })).rejects.toThrow(
      /like_counts disagrees with the likes of 2 stories in the SQLite file: nothing was copied/,
    );
    for (const table of ['users', 'events', 'likes', 'like_counts', 'comments']) expect(await rowsIn(url, table)).toBe(0);
    // Nothing was kept, so the same target takes a good copy afterwards.
    await copySqliteToPostgres({ sqliteFile: source.config.dbFile, databaseUrl: url });
    expect(await rowsIn(url, 'likes')).toBe(3);
  });

  it('says in one line that PostgreSQL cannot be reached, or that there is no SQLite file', async () => {
    const port = await closedLoopbackPort();
    const refused = await copySqliteToPostgres({
      sqliteFile: source.config.dbFile,
      databaseUrl: `postgres://story:s3cret@127.0.0.1:${port}/life`,
    }).catch((err: Error) => err);
    expect(refused).toBeInstanceOf(CopyRefused);
    expect((refused as Error).message).toMatch(
      new RegExp(`^Could not connect to PostgreSQL at story@127\\.0\\.0\\.1:${port}/life: .*ECONNREFUSED[^\\n]*$`),
    );
    expect((refused as Error).message).not.toContain('s3cret');
    await expect(copySqliteToPostgres({ sqliteFile: '/nowhere/life-story.sqlite', databaseUrl: await freshTarget() })).rejects.toThrow(
      'There is no SQLite database at /nowhere/life-story.sqlite.',
    );
  });

  it('runs as `npm run migrate-to-postgres`: the report and next steps, exit 0; refusals as one line, exit 1', async () => {
    const url = await freshTarget();
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [builtServer('migrate-to-postgres'), ...args], {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, DATA_DIR: '', DATABASE_URL: '' },
      });
    const ok = cli('--data-dir', source.dataDir, '--database-url', url);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const lines = ok.stdout.trim().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^Copied \d+ tables, \d+ rows in [\d.]+ s \(\d+ rows\/s\); row counts equal in every table\.$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^Top-list counters of 2 listed stories, from the events: equal to their copied likes\.$/),
    );
    expect(lines).toContain(
      `  SESSION_SECRET=$(cat ${path.join(source.dataDir, 'secret')})    keeps everyone signed in (if the SQLite server ran with SESSION_SECRET, keep that value instead)`,
    );
    expect(ok.stdout).toContain('the first start rebuilds the search index');
    expect(ok.stdout).toContain(`keep UPLOADS_DIR (here ${source.config.uploadsDir})`);

    const again = cli('--data-dir', source.dataDir, '--database-url', url);
    expect(again.status).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([expect.stringMatching(/already holds this app's data/)]);
    const noDir = cli('--data-dir', '/nowhere/data', '--database-url', url);
    expect([noDir.status, noDir.stderr]).toEqual([1, 'There is no DATA_DIR at /nowhere/data.\n']);
    const badUrl = cli('--data-dir', source.dataDir, '--database-url', `postgres://story@127.0.0.1:${await closedLoopbackPort()}/life`);
    expect(badUrl.status).toBe(1);
    expect(badUrl.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Could not connect to PostgreSQL at story@127\.0\.0\.1:\d+\/life: /),
    ]);
    expect(badUrl.stdout).toBe('');
    // Four CLI starts (the bundle), one after another: on a busy 2-core machine each can take seconds.
  }, 180_000);

  it('`npm run seed -- --database-url` builds the scale data set in SQLite and copies it into PostgreSQL', async () => {
    const url = await freshTarget();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'seed/scale-cli.ts', '--users', '30', '--likes', '60', '--comments', '20', '--database-url', url],
      { encoding: 'utf8', timeout: 120_000, env: { ...process.env, DATA_DIR: '', DATABASE_URL: '' } },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^copied \d+ rows of \d+ tables in [\d.]+ s$/m);
    expect(run.stdout).toContain('Top-list counters of 30 listed stories, from the events: equal to their copied likes.');
    expect([await rowsIn(url, 'users'), await rowsIn(url, 'likes'), await rowsIn(url, 'comments')]).toEqual([30, 60, 20]);
    const badUrl = spawnSync(process.execPath, ['--import', 'tsx', 'seed/scale-cli.ts', '--database-url', 'mysql://x'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect([badUrl.status, badUrl.stderr]).toEqual([
      1,
      '--database-url must be a URL such as postgres://user:password@host:5432/database (got mysql://x).\n',
    ]);
    // Two CLI starts through tsx and a seed: as above, seconds each on a busy machine (its spawn allows 120 s).
  }, 180_000);
});
