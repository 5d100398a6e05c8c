// Migration 002: like_counts always equals counting the likes, through likes, unlikes and every cascade,
// and a database that had likes before the migration gets them counted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import * as m001 from './migrations/001-initial';
import { openDatabase } from './open-database';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'like-counts-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}

function seed(raw: BetterSqlite3.Database, people: number): void {
  const user = raw.prepare(
    "INSERT INTO users (id, username, email, password_hash, dob, created_at, updated_at) VALUES (?, ?, ?, 'x', '1990-01-01', 0, 0)",
  );
  const story = raw.prepare(
    "INSERT INTO stories (user_id, title, body_html, page_count, created_at, updated_at) VALUES (?, 't', '<p>x</p>', 1, 0, 0)",
  );
  for (let id = 1; id <= people; id++) {
    user.run(id, `p${id}`, `p${id}@example.com`);
    story.run(id);
  }
}

const like = (raw: BetterSqlite3.Database, who: number, story: number) =>
  raw.prepare('INSERT INTO likes (user_id, story_user_id, created_at) VALUES (?, ?, 0)').run(who, story);

/** Stories whose kept count differs from counting their likes (no row counts as 0). */
function mismatches(raw: BetterSqlite3.Database): unknown[] {
  return raw
    .prepare(
      `SELECT s.user_id, coalesce(c.n, 0) AS kept, (SELECT count(*) FROM likes l WHERE l.story_user_id = s.user_id) AS counted
         FROM stories s LEFT JOIN like_counts c ON c.story_user_id = s.user_id
        WHERE coalesce(c.n, 0) <> (SELECT count(*) FROM likes l WHERE l.story_user_id = s.user_id)`,
    )
    .all();
}

const countOf = (raw: BetterSqlite3.Database, story: number) =>
  (raw.prepare('SELECT n FROM like_counts WHERE story_user_id = ?').pluck().get(story) as number | undefined) ?? 0;

describe('like_counts (migration 002)', () => {
  it('follows likes, unlikes, and the cascades of deleting a liker, a story and an author', async () => {
    const { raw, close } = await openDatabase(tempFile());
    seed(raw, 6);
    for (const [who, story] of [
      [2, 1],
      [3, 1],
      [4, 1],
      [1, 2],
      [3, 2],
      [5, 3],
      [6, 1],
    ] as const)
      like(raw, who, story);
    expect(countOf(raw, 1)).toBe(4);
    expect(countOf(raw, 2)).toBe(2);
    expect(countOf(raw, 4)).toBe(0);

    raw.prepare('DELETE FROM likes WHERE user_id = 2 AND story_user_id = 1').run(); // an unlike
    expect(countOf(raw, 1)).toBe(3);
    raw.prepare('DELETE FROM users WHERE id = 3').run(); // a liker's account: their likes go by cascade
    expect(countOf(raw, 1)).toBe(2);
    expect(countOf(raw, 2)).toBe(1);
    raw.prepare('DELETE FROM stories WHERE user_id = 2').run(); // a story: its likes and its count go
    expect(raw.prepare('SELECT count(*) FROM like_counts WHERE story_user_id = 2').pluck().get()).toBe(0);
    raw.prepare('DELETE FROM users WHERE id = 1').run(); // an author who also liked: everything of theirs goes
    expect(raw.prepare('SELECT count(*) FROM like_counts WHERE story_user_id = 1').pluck().get()).toBe(0);
    expect(raw.prepare('SELECT count(*) FROM like_counts WHERE story_user_id = 3').pluck().get()).toBe(0); // went with liker 3's account
    like(raw, 4, 5);
    like(raw, 6, 5);
    expect(countOf(raw, 5)).toBe(2);
    expect(mismatches(raw)).toEqual([]);
    await close();
  });

  it('counts the likes a database already had when it migrates', async () => {
    const file = tempFile();
    const raw = new BetterSqlite3(file);
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
    const only001 = new Migrator({ db, provider: { getMigrations: async () => ({ '001-initial': m001 }) } });
    expect((await only001.migrateToLatest()).error).toBeUndefined();
    seed(raw, 4);
    for (const [who, story] of [
      [2, 1],
      [3, 1],
      [4, 1],
      [1, 2],
    ] as const)
      like(raw, who, story);
    await db.destroy();

    const reopened = await openDatabase(file);
    expect(countOf(reopened.raw, 1)).toBe(3);
    expect(countOf(reopened.raw, 2)).toBe(1);
    expect(mismatches(reopened.raw)).toEqual([]);
    await reopened.close();
  });
});
