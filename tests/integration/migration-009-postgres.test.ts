// Migration 009's PostgreSQL form on a site that already has accounts (server/src/db/migrations/009-moderation.test.ts
// checks the SQLite form): nobody becomes admin by registering next, everyone stays a member, not suspended; on a new
// site the flag waits for the first registration. ADR 0021. On SQLite this file has nothing to run.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import * as m001 from '../../server/src/db/migrations/001-initial';
import * as m002 from '../../server/src/db/migrations/002-like-counts';
import * as m003 from '../../server/src/db/migrations/003-upload-references';
import * as m004 from '../../server/src/db/migrations/004-users-newest';
import * as m005 from '../../server/src/db/migrations/005-drafts-and-revisions';
import * as m006 from '../../server/src/db/migrations/006-password-resets';
import * as m009 from '../../server/src/db/migrations/009-moderation';
import { freshPostgresDatabase } from '../support/postgres-cluster';
import { postgresBaseUrl } from '../support/test-app';

async function migratedTo006(use: (db: Kysely<unknown>) => Promise<void>) {
  const database = await freshPostgresDatabase(postgresBaseUrl!);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }) });
  try {
    for (const m of [m001, m002, m003, m004, m005, m006]) await m.up(db);
    await use(db);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

describe.runIf(postgresBaseUrl)('migration 009 on PostgreSQL', () => {
  it('takes the first-admin flag, at the current time in ms, on a site that already has accounts, and leaves them members', async () => {
    await migratedTo006(async (db) => {
      await sql`INSERT INTO users (username, email, password_hash, first_name, last_name, dob, image, is_private, created_at, updated_at)
                VALUES ('old_timer', 'old@example.com', 'x', NULL, NULL, '1950-01-01', NULL, 0, 1, 1)`.execute(db);
      const before = Date.now();
      await m009.up(db);
      const flags = await sql<{ name: string; at: number }>`SELECT name, at FROM site_flags`.execute(db);
      expect(flags.rows.map((r) => r.name)).toEqual(['first_admin']);
      const at = Number(flags.rows[0]!.at);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
      const users = await sql<{ role: string; suspended_at: number | null }>`SELECT role, suspended_at FROM users`.execute(db);
      expect(users.rows).toEqual([{ role: 'member', suspended_at: null }]);
      await expect(sql`UPDATE users SET role = 'owner'`.execute(db)).rejects.toThrow(/check constraint/);
    });
  });

  it('leaves the flag for the first registration on a new site', async () => {
    await migratedTo006(async (db) => {
      await m009.up(db);
      expect((await sql`SELECT name FROM site_flags`.execute(db)).rows).toEqual([]);
    });
  });
});
