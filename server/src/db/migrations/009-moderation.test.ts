// Migration 009 on a site that already has accounts: nobody becomes admin by registering next (the 'first_admin'
// flag is taken), and everyone is a member, not suspended; on a new site the flag waits for the first registration.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as m001 from './001-initial';
import * as m002 from './002-like-counts';
import * as m003 from './003-upload-references';
import * as m004 from './004-users-newest';
import * as m005 from './005-drafts-and-revisions';
import * as m006 from './006-password-resets';
import * as m009 from './009-moderation';

async function migratedTo006() {
  const raw = new BetterSqlite3(':memory:');
  raw.pragma('foreign_keys = ON');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
  for (const m of [m001, m002, m003, m004, m005, m006]) await m.up(db);
  return db;
}

describe('migration 009', () => {
  it('takes the first-admin flag on a site that already has accounts, and leaves them members', async () => {
    const db = await migratedTo006();
    await sql`INSERT INTO users (username, email, password_hash, first_name, last_name, dob, image, is_private, created_at, updated_at)
              VALUES ('old_timer', 'old@example.com', 'x', NULL, NULL, '1950-01-01', NULL, 0, 1, 1)`.execute(db);
    await m009.up(db);
    const flags = await sql<{ name: string }>`SELECT name FROM site_flags`.execute(db);
    expect(flags.rows.map((r) => r.name)).toEqual(['first_admin']);
    const users = await sql<{ role: string; suspended_at: number | null }>`SELECT role, suspended_at FROM users`.execute(db);
    expect(users.rows).toEqual([{ role: 'member', suspended_at: null }]);
    await expect(sql`UPDATE users SET role = 'owner'`.execute(db)).rejects.toThrow(/CHECK constraint failed/);
    await db.destroy();
  });

  it('leaves the flag for the first registration on a new site', async () => {
    const db = await migratedTo006();
    await m009.up(db);
    expect((await sql`SELECT name FROM site_flags`.execute(db)).rows).toEqual([]);
    await db.destroy();
  });
});
