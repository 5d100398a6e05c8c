// Backups of a PostgreSQL site (docs/decisions/0013-backups.md): `npm run backup` with DATABASE_URL reads every table
// in one snapshot into a SQLite file of the same migrations, beside the session secret and the uploaded files, while
// people keep writing. `npm run restore` gives a SQLite site that reads the same, and `npm run migrate-to-postgres`
// puts it into a new PostgreSQL database that also reads the same and takes new writes. The commands run as the
// child processes an operator starts. Needs PostgreSQL: in the SQLite `server` project this file has nothing to run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/postgres-cluster';
import { uploadPng, wrapped } from '../support/rest-contract';
import { serverCommand } from '../support/server-command';
import { makeTestApp, postgresBaseUrl, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

const command = (script: 'backup' | 'restore' | 'migrate-to-postgres', env: Record<string, string>, args: string[] = []) =>
  serverCommand(script, env, args);

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `life-story-${name}-`));

/** Every comment on the story, a page of 50 at a time. */
async function commentsOf(t: TestApp): Promise<{ comment_id: number; text: string }[]> {
  const all: { comment_id: number; text: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await t.client().post('/api/comments/get', { story_username: 'pg_backup_author', page, limit: 50 });
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    if (res.body.data.length < 50) return all;
  }
}

/** What a visitor and the author read: the same on the source, the restored SQLite site and the new PostgreSQL one. */
async function readSite(t: TestApp, authorCookie: string | null) {
  const visitor = t.client();
  const author = t.client();
  author.cookie = authorCookie;
  const body = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res;
    return { status: r.status, body: r.body };
  };
  return {
    page: await body(visitor.post('/api/stories/page', { username: 'pg_backup_author', page_number: 2 })),
    story: await body(visitor.post('/api/stories/story', { username: 'pg_backup_author' })),
    comments: await body(visitor.post('/api/comments/get', { story_username: 'pg_backup_author', page: 1, limit: 50 })),
    commentCount: await body(visitor.post('/api/comments/count', { story_username: 'pg_backup_author' })),
    profile: await body(author.get('/api/users/profile')),
  };
}

describe.runIf(postgresBaseUrl)('backup of a PostgreSQL site, restored as SQLite and moved to a new PostgreSQL', () => {
  let source: TestApp;
  let author: Awaited<ReturnType<typeof signedInPerson>>;
  let banner: string;
  let acknowledged: string[] = [];
  let backupOut = '';
  let before: Awaited<ReturnType<typeof readSite>>;
  const backups = tempDir('pg-backups');
  const restoredDir = tempDir('pg-restored');
  const movedDir = tempDir('pg-moved');
  const drops: (() => Promise<void>)[] = [];
  const opened: TestApp[] = [];

  beforeAll(async () => {
    source = await makeTestApp();
    author = await signedInPerson(source, { username: 'pg_backup_author' });
    expect((await author.client.post('/api/stories/save', { title: 'Harbour Lights', text: storyHtml(3) })).status).toBe(201);
    banner = await uploadPng(author.client);
    expect((await author.client.post('/api/stories/upload', { image: banner })).status).toBe(200);
    const readers: TestClient[] = [];
    for (let i = 0; i < 3; i++) readers.push((await signedInPerson(source, { username: `pg_reader_${i}` })).client);
    // A comment deleted before the backup: its id must not be handed out again after the move.
    expect(
      (await readers[0]!.post('/api/comments/create', wrapped({ story_username: 'pg_backup_author', text: 'soon gone' }))).status,
    ).toBe(201);
    const gone = (await commentsOf(source)).find((c) => c.text === 'soon gone')!;
    expect((await readers[0]!.delete('/api/comments/delete', { comment_id: gone.comment_id })).status).toBe(200);

    // Writers keep going for the whole backup; what was acknowledged before it began must be in it.
    let writing = true;
    let started = false;
    let n = 0;
    const writer = async (client: TestClient, i: number) => {
      while (writing) {
        const text = `harbour note ${i}-${n++}`;
        const res = await client.post('/api/comments/create', wrapped({ story_username: 'pg_backup_author', text }));
        expect(res.status).toBe(201);
        if (!started) acknowledged.push(text);
        await client.post('/api/users/like', wrapped({ story_username: 'pg_backup_author', liked: i % 2 === 0 }));
      }
    };
    const writers = readers.map((c, i) => writer(c, i));
    await new Promise((r) => setTimeout(r, 300));
    started = true;
    acknowledged = [...acknowledged];
    const secret = fs.readFileSync(path.join(source.dataDir, 'secret'), 'utf8');
    const backup = await command('backup', {
      DATA_DIR: source.dataDir,
      DATABASE_URL: source.config.databaseUrl!,
      SESSION_SECRET: secret,
      BACKUP_DIR: backups,
    });
    writing = false;
    await Promise.all(writers);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    backupOut = backup.stdout;
    await source.deps.projector.drain();
    before = await readSite(source, author.client.cookie);

    const restore = await command('restore', { DATA_DIR: restoredDir, BACKUP_DIR: backups, SEED_DEMO: 'false' }, ['latest']);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
  }, 180_000);

  afterAll(async () => {
    for (const t of opened) await t.close();
    await source?.close();
    for (const drop of drops) await drop();
    for (const dir of [backups, restoredDir, movedDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says what it wrote', () => {
    expect(backupOut).toMatch(/^Backup \S+ written to .*: the database \(1 stories, \d+ events\), 1 uploaded files/);
  });

  it('restores as a SQLite site: the story page as it was, every comment acknowledged before the backup, the session, the banner', async () => {
    const restored = await makeTestApp({ dataDir: restoredDir, sqlite: true, env: { SEED_DEMO: 'false' } });
    opened.push(restored);
    const after = await readSite(restored, author.client.cookie);
    const texts = (await commentsOf(restored)).map((c) => c.text);
    for (const text of acknowledged) expect(texts).toContain(text);
    expect(after.page).toEqual(before.page);
    expect(after.profile.status).toBe(200); // the session from before: the secret came along
    expect((await restored.client().get(`/public/uploads/${banner}`)).status).toBe(200);
  });

  it('moves into a new PostgreSQL database with migrate-to-postgres: the same reads, and new writes get new ids', async () => {
    const target = await freshPostgresDatabase(postgresBaseUrl!);
    drops.push(target.drop);
    fs.cpSync(restoredDir, movedDir, { recursive: true });
    const moved = await command('migrate-to-postgres', { DATA_DIR: movedDir, DATABASE_URL: target.url });
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    const again = await makeTestApp({ dataDir: movedDir, env: { DATABASE_URL: target.url, SEED_DEMO: 'false' } });
    opened.push(again);
    const restoredSqlite = opened[0]!;
    expect(await readSite(again, author.client.cookie)).toEqual(await readSite(restoredSqlite, author.client.cookie));
    const reader = await signedInPerson(again, { username: 'pg_after_move' });
    const created = await reader.client.post('/api/comments/create', wrapped({ story_username: 'pg_backup_author', text: 'after' }));
    expect(created.status).toBe(201);
    const all = await commentsOf(again);
    const ids = all.map((c) => c.comment_id);
    expect(all.find((c) => c.text === 'after')!.comment_id).toBe(Math.max(...ids));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
