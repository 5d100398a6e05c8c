// A full disk under SQLite (docs/decisions/0001-sqlite-durability.md, "A full disk"): DATA_DIR on a small tmpfs that
// the test fills. Writes answer 507 (tRPC: 503) with a sentence, the log names SQLITE_FULL once (not Kysely's
// "cannot rollback - no transaction is active", which used to hide it behind "An unexpected error occurred."),
// reads go on, and writes work again once space is freed. Mounting needs root (or CAP_SYS_ADMIN): without it the
// file is skipped with one line saying so. On the server-pg project the data is in PostgreSQL: nothing to fill here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL } from '../../server/src/core/shared/storage-full';
import { makeTestApp, postgresBaseUrl, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

/** A 3 MB tmpfs of our own, or why there is none. */
function smallFilesystem(): { dir: string } | { why: string } {
  if (postgresBaseUrl) return { why: 'the data is in PostgreSQL' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-full-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status === 0) return { dir };
  fs.rmdirSync(dir);
  return { why: `cannot mount a small tmpfs here (${(mounted.stderr || mounted.error?.message || '').trim() || 'not permitted'})` };
}

const fsys = smallFilesystem();
if ('why' in fsys) console.log(`disk-full.test.ts skipped: ${fsys.why}`);

describe.runIf('dir' in fsys)('a full disk (SQLite)', () => {
  const mountDir = 'dir' in fsys ? fsys.dir : '';
  const filler = path.join(mountDir, 'filler');
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ dataDir: path.join(mountDir, 'data'), sqlite: true });
  });
  afterAll(async () => {
    await t?.close();
    spawnSync('umount', [mountDir]);
    fs.rmdirSync(mountDir);
  });

  /** Writes a file until the filesystem has no space left. */
  function fillTheDisk(): void {
    const fd = fs.openSync(filler, 'w');
    const chunk = Buffer.alloc(16 * 1024, 1);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
  }

  it('refuses writes with 507 and a sentence, logs SQLITE_FULL once, keeps reads, and recovers when space returns', async () => {
    const ann = await signedInPerson(t, { username: 'ann_full' });
    expect((await ann.client.post('/api/stories/save', { title: 'Before', text: storyHtml(2) })).status).toBe(201);
    fillTheDisk();

    // The WAL may still hold space from earlier commits: write until the disk refuses.
    let refused: Awaited<ReturnType<typeof ann.client.post>> | undefined;
    let saved = 'Before';
    for (let i = 0; i < 30 && !refused; i++) {
      const res = await ann.client.post('/api/stories/save', { title: `Full ${i}`, text: storyHtml(40) });
      if (res.status !== 201) refused = res;
      else saved = `Full ${i}`;
    }
    expect(refused?.status).toBe(507);
    expect(refused?.body.message).toBe(STORAGE_FULL);
    expect(refused?.headers.get('retry-after')).toBe('60');
    // tRPC says the same, as a 503 (it has no 507). A write may still fit where the WAL's checkpoint (a thread, ADR
    // 0037) freed pages meanwhile: comment until the disk refuses, as the saves above did.
    let commentRefused: unknown;
    for (let i = 0; i < 30 && !commentRefused; i++) {
      await t
        .caller(ann.id)
        .social.comment({ story_username: 'ann_full', text: 'x'.repeat(5000) })
        .catch((err: unknown) => {
          commentRefused = err;
        });
    }
    expect(commentRefused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: STORAGE_FULL });
    expect(t.logs.filter((m) => m.includes('SQLITE_FULL'))).toHaveLength(1);
    expect(t.logs.join('\n')).not.toContain('cannot rollback');

    // Reads go on, and give the last story that was saved: nothing acknowledged is lost.
    const story = await t.client().post('/api/stories/story', { username: 'ann_full' });
    expect(story.status).toBe(200);
    expect(story.body.data.title).toBe(saved);

    // Space returns: writes work again, without a restart.
    fs.rmSync(filler);
    expect((await ann.client.post('/api/stories/save', { title: 'After', text: storyHtml(2) })).status).toBe(201);
    expect((await t.client().post('/api/stories/story', { username: 'ann_full' })).body.data.title).toBe('After');
  });
});
