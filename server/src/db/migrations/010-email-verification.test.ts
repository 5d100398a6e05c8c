// Migration 010 on a site that already has accounts: every one of them counts as verified (they signed in without a
// link until now), so turning REQUIRE_EMAIL_VERIFICATION on locks nobody out; links are deleted with their person.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as m001 from './001-initial';
import * as m002 from './002-like-counts';
import * as m003 from './003-upload-references';
import * as m004 from './004-users-newest';
import * as m005 from './005-drafts-and-revisions';
import * as m006 from './006-password-resets';
import * as m010 from './010-email-verification';

describe('migration 010', () => {
  it('marks every existing account verified, and new rows start unverified', async () => {
    const raw = new BetterSqlite3(':memory:');
    raw.pragma('foreign_keys = ON');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
    for (const m of [m001, m002, m003, m004, m005, m006]) await m.up(db);
    for (const [name, at] of [
      ['old_timer', 1000],
      ['demo_person', 2000],
    ] as const) {
      await sql`INSERT INTO users (username, email, password_hash, first_name, last_name, dob, image, is_private, created_at, updated_at)
                VALUES (${name}, ${`${name}@example.com`}, 'x', NULL, NULL, '1950-01-01', NULL, 0, ${at}, ${at})`.execute(db);
    }
    await m010.up(db);
    const rows = await sql<{
      username: string;
      email_verified_at: number | null;
    }>`SELECT username, email_verified_at FROM users ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { username: 'old_timer', email_verified_at: 1000 },
      { username: 'demo_person', email_verified_at: 2000 },
    ]);
    await sql`INSERT INTO users (username, email, password_hash, first_name, last_name, dob, image, is_private, created_at, updated_at)
              VALUES ('newcomer', 'new@example.com', 'x', NULL, NULL, '1950-01-01', NULL, 0, 3000, 3000)`.execute(db);
    const fresh = await sql<{ email_verified_at: number | null }>`SELECT email_verified_at FROM users WHERE username = 'newcomer'`.execute(
      db,
    );
    expect(fresh.rows).toEqual([{ email_verified_at: null }]);
    // STRICT: a verification time must be an integer.
    await expect(sql`UPDATE users SET email_verified_at = 'yesterday'`.execute(db)).rejects.toThrow(/cannot store TEXT value/);
    await sql`INSERT INTO email_verifications (token_hash, user_id, created_at, expires_at, used_at) VALUES ('h', 3, 3000, 4000, NULL)`.execute(
      db,
    );
    await sql`DELETE FROM users WHERE username = 'newcomer'`.execute(db);
    expect((await sql`SELECT * FROM email_verifications`.execute(db)).rows).toEqual([]);
    await db.destroy();
  });
});
