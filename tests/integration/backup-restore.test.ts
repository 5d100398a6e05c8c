// `npm run backup` while people keep writing, then `npm run restore` into an empty DATA_DIR: every write
// acknowledged before the backup began is there, sessions still work (the secret came along), uploaded files
// are served, and search and the top lists are rebuilt from the restored events. The commands run as the
// real child processes an operator starts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsBackupStore } from '../../server/src/adapters/backup/fs-backup-store';
import { makeBackup } from '../../server/src/backups/make-backup';
import { scheduleBackups } from '../../server/src/backups/schedule-backups';
import { loadConfig } from '../../server/src/config';
import { pickBackupStore } from '../../server/src/deps';
import { MANIFEST_FILE } from '../../server/src/ports/backup-store';
import { uploadPng, wrapped } from '../support/rest-contract';
import { startS3rver } from '../support/s3-server';
import { serverCommand } from '../support/server-command';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

const command = (script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) => serverCommand(script, env, args);

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `life-story-${name}-`));

describe('backup while writing, restore into an empty DATA_DIR', () => {
  let source: TestApp;
  let restored: TestApp;
  let author: Awaited<ReturnType<typeof signedInPerson>>;
  let banner: string;
  const acked: { comments: string[]; likers: string[] } = { comments: [], likers: [] };
  let stdout = '';
  const target = tempDir('restored');
  const backups = tempDir('backups');

  beforeAll(async () => {
    source = await makeTestApp({ env: { BACKUP_DIR: backups } });
    author = await signedInPerson(source, { username: 'ada_backup' });
    expect((await author.client.post('/api/stories/save', { title: 'Marmalade Summers', text: storyHtml(3) })).status).toBe(201);
    banner = await uploadPng(author.client);
    expect((await author.client.post('/api/stories/upload', { image: banner })).status).toBe(200);
    const readers: TestClient[] = [];
    for (let i = 0; i < 4; i++) readers.push((await signedInPerson(source, { username: `reader_${i}` })).client);

    // Writers keep going for the whole backup; what was acknowledged before it started must survive.
    let writing = true;
    let n = 0;
    const before = { comments: [] as string[], likers: [] as string[] };
    let backupStarted = false;
    const writer = async (client: TestClient, i: number) => {
      while (writing) {
        const text = `comment ${i}-${n++}`;
        const res = await client.post('/api/comments/create', wrapped({ story_username: 'ada_backup', text }));
        expect(res.status).toBe(201);
        if (!backupStarted) before.comments.push(text);
        const like = await client.post(
          '/api/users/like',
          wrapped({ story_username: 'ada_backup', liked: false }) /* false: not liked yet, so like it */,
        );
        expect(like.status).toBeLessThan(300);
        if (!backupStarted) before.likers.push(`reader_${i}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const writers = readers.map((c, i) => writer(c, i));
    // Some comments acknowledged before the backup begins: a count, not a time (a loaded machine answered 4 in 200 ms).
    while (before.comments.length <= 8) await new Promise((r) => setTimeout(r, 10));
    backupStarted = true;
    acked.comments = [...before.comments];
    acked.likers = [...new Set(before.likers)];
    const backup = await command('backup', { DATA_DIR: source.dataDir, BACKUP_DIR: backups });
    writing = false;
    await Promise.all(writers);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    stdout = backup.stdout;

    const restore = await command('restore', { DATA_DIR: target, BACKUP_DIR: backups, SEED_DEMO: 'false' }, ['latest']);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored backup .* search and top lists rebuilt/);
    restored = await makeTestApp({ dataDir: target, env: { SEED_DEMO: 'false' } });
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    await restored?.close();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  it('says what it wrote', () => {
    expect(stdout).toMatch(/^Backup \S+ written to .*: the database \(1 stories, \d+ events\), 1 uploaded files/);
    expect(acked.comments.length).toBeGreaterThan(4);
  });

  it('every comment acknowledged before the backup began is in the restored site', async () => {
    const texts = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await restored.caller().social.comments({ story_username: 'ada_backup', page, limit: 50 });
      for (const c of res) texts.add(c.text);
      if (res.length < 50) break;
    }
    for (const text of acked.comments) expect(texts, text).toContain(text);
  });

  it('the story, its pages and its banner file are back, and a session from before still works', async () => {
    const story = await restored.caller().stories.get({ username: 'ada_backup' });
    expect(story?.title).toBe('Marmalade Summers');
    expect(story?.page_count).toBe((await source.caller().stories.get({ username: 'ada_backup' }))?.page_count);
    const page = await restored.caller().stories.page({ username: 'ada_backup', page_number: 1 });
    expect(page.html.length).toBeGreaterThan(100);
    expect(story?.story_image).toBe(banner);
    const file = await restored.client().get(`/public/uploads/${banner}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    // The session cookie was made against the source's secret: the restored secret must accept it.
    const same = restored.client();
    same.cookie = author.client.cookie;
    expect((await same.get('/api/users/profile')).status).toBe(200);
    // and an unknown cookie is still refused there (the check is not vacuous)
    same.cookie = 'access_token=not-a-session';
    expect((await same.get('/api/users/profile')).status).toBe(401);
  });

  it('search and the top lists are rebuilt from the restored events', async () => {
    const found = await restored.caller().explore.search({ text: 'marmalade', kind: 'stories' });
    expect(found.map((s: { username: string }) => s.username)).toContain('ada_backup');
    const top = await restored.caller().explore.top({ window: 'all', page: 1, limit: 10 });
    const entry = top.find((s: { username: string }) => s.username === 'ada_backup');
    expect(acked.likers).toHaveLength(4);
    expect(entry?.like_count).toBe(4);
  });
});

describe('restore refuses what it must not do, with a clear line', () => {
  let t: TestApp;
  const backups = tempDir('backups');
  beforeAll(async () => {
    t = await makeTestApp({ env: { BACKUP_DIR: backups } });
    const me = await signedInPerson(t, { username: 'bea_backup' });
    await uploadPng(me.client);
    expect((await command('backup', { DATA_DIR: t.dataDir, BACKUP_DIR: backups })).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  it('into a DATA_DIR that already holds a site', async () => {
    const res = await command('restore', { DATA_DIR: t.dataDir, BACKUP_DIR: backups }, ['latest']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/already holds a site \(life-story\.sqlite\): restore only into an empty DATA_DIR/);
  });

  it('a backup whose files do not match the manifest, leaving no database behind', async () => {
    const [id] = await new FsBackupStore(backups).list();
    const manifest = JSON.parse(fs.readFileSync(path.join(backups, id!, MANIFEST_FILE), 'utf8'));
    const upload = path.join(backups, id!, 'uploads', manifest.uploads[0].name);
    const damaged = tempDir('damaged');
    fs.cpSync(path.join(backups, id!), path.join(damaged, id!), { recursive: true });
    fs.appendFileSync(path.join(damaged, id!, 'uploads', manifest.uploads[0].name), 'x');
    const empty = tempDir('empty');
    const res = await command('restore', { DATA_DIR: empty }, [path.join(damaged, id!)]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/does not match its manifest/);
    expect(fs.existsSync(path.join(empty, 'life-story.sqlite'))).toBe(false);
    expect(fs.existsSync(upload)).toBe(true);
  });

  it('names that are not backups, and no name at all (which lists the backups)', async () => {
    const empty = tempDir('empty');
    const bad = await command('restore', { DATA_DIR: empty, BACKUP_DIR: backups }, ['../../etc']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/is not a backup id/);
    const none = await command('restore', { DATA_DIR: empty, BACKUP_DIR: backups });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Usage: npm run restore -- <backup id | latest | folder>');
    expect(none.stderr).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z/);
  });

  it('keeps the newest BACKUP_KEEP complete backups', async () => {
    const dir = tempDir('keep');
    const store = new FsBackupStore(dir);
    let now = Date.UTC(2026, 5, 1);
    const clock = { now: () => (now += 60_000) };
    for (let i = 0; i < 4; i++)
      await makeBackup({ dbFile: t.config.dbFile, dataDir: t.dataDir, blobs: t.deps.blobs, store, clock }, { keep: 2 });
    const ids = await store.list();
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe('2026-06-01T00-04-00-000Z');
  });

  it('scheduled backups run inside the server every BACKUP_EVERY_HOURS', async () => {
    const dir = tempDir('scheduled');
    const config = loadConfig({ DATA_DIR: t.dataDir, BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '0.0002', LOG_LEVEL: 'silent' });
    const schedule = scheduleBackups(config, t.deps, pickBackupStore(config), () => undefined);
    try {
      await expect.poll(() => new FsBackupStore(dir).list(), { timeout: 10_000, interval: 100 }).toHaveLength(1);
    } finally {
      schedule?.stop();
    }
  });
});

describe('with S3: backups go to a bucket of their own, and restore into a new site', () => {
  it('backs up from one site and restores into another with an empty uploads bucket', async () => {
    const s3 = await startS3rver();
    const s3Env = (bucket: string) => ({
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: bucket,
      S3_BACKUP_BUCKET: 'site-backups',
    });
    const first = await makeTestApp({ env: s3Env(`up-${randomBytes(4).toString('hex')}`) });
    const target = tempDir('restored-s3');
    let second: TestApp | undefined;
    try {
      const me = await signedInPerson(first, { username: 'cy_backup' });
      const picture = await uploadPng(me.client);
      expect((await me.client.post('/api/users/upload', { image: picture })).status).toBe(200);
      const backup = await command('backup', { DATA_DIR: first.dataDir, ...s3Env(first.config.s3!.bucket) });
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toContain(`written to ${s3.endpoint}/site-backups`);

      const otherBucket = `up-${randomBytes(4).toString('hex')}`;
      const restore = await command('restore', { DATA_DIR: target, SEED_DEMO: 'false', ...s3Env(otherBucket) }, ['latest']);
      expect(restore.stderr).toBe('');
      second = await makeTestApp({ dataDir: target, env: { SEED_DEMO: 'false', ...s3Env(otherBucket) } });
      const file = await second.client().get(`/public/uploads/${picture}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
    } finally {
      await first.close();
      await second?.close();
      await s3.stop();
    }
  }, 60_000);
});
