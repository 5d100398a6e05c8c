// Migration 014's PostgreSQL form on a site with revisions (server/src/db/migrations/014-revision-chunks.test.ts checks
// the SQLite form): each text moves into its author's shared pieces, whole and in order, body_html is dropped, and
// erasing an account erases its pieces. ADR 0012, ADR 0021. On SQLite this file has nothing to run.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import * as m001 from '../../server/src/db/migrations/001-initial';
import * as m002 from '../../server/src/db/migrations/002-like-counts';
import * as m003 from '../../server/src/db/migrations/003-upload-references';
import * as m004 from '../../server/src/db/migrations/004-users-newest';
import * as m005 from '../../server/src/db/migrations/005-drafts-and-revisions';
import * as m014 from '../../server/src/db/migrations/014-revision-chunks';
import { freshPostgresDatabase } from '../support/postgres-cluster';
import { postgresBaseUrl } from '../support/test-app';

const long = Array.from({ length: 2000 }, (_, i) => `<p>Paragraph ${i} of a long life, told slowly, with the weather.</p>`).join('');

describe.runIf(postgresBaseUrl)('migration 014 on PostgreSQL', () => {
  it('moves every revision into shared pieces and drops body_html', async () => {
    const database = await freshPostgresDatabase(postgresBaseUrl!);
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }) });
    try {
      for (const m of [m001, m002, m003, m004, m005]) await m.up(db);
      for (const name of ['writer', 'other']) {
        await sql`INSERT INTO users (username, email, password_hash, first_name, last_name, dob, image, is_private, created_at, updated_at)
                  VALUES (${name}, ${`${name}@example.com`}, 'x', NULL, NULL, '1950-01-01', NULL, 0, 1, 1)`.execute(db);
      }
      const texts: [number, string][] = [
        [1, long],
        [1, long.replace('Paragraph 1500 ', 'Paragraph 1500, edited, ')],
        [1, ''],
        [2, '<p>short 😀</p>'],
      ];
      for (const [i, [user, body]] of texts.entries()) {
        await sql`INSERT INTO story_revisions (user_id, version, title, body_html, word_count, published_at, restored_from)
                  VALUES (${user}, ${i + 1}, 'T', ${body}, 1, ${i}, NULL)`.execute(db);
      }
      await m014.up(db);
      const textOf = async (id: number) =>
        (
          await sql<{ html: string }>`SELECT c.html FROM story_revision_parts p
            JOIN story_revision_chunks c ON c.user_id = p.user_id AND c.hash = p.hash WHERE p.revision_id = ${id} ORDER BY p.seq`.execute(
            db,
          )
        ).rows
          .map((r) => r.html)
          .join('');
      for (const [i, [, body]] of texts.entries()) expect(await textOf(i + 1)).toBe(body);
      const stored = await sql<{ n: string }>`SELECT sum(length(html)) AS n FROM story_revision_chunks WHERE user_id = 1`.execute(db);
      expect(Number(stored.rows[0]!.n)).toBeLessThan(long.length * 1.5);
      const columns = await sql<{ name: string }>`
        SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'story_revisions'`.execute(db);
      expect(columns.rows.map((c) => c.name)).not.toContain('body_html');
      await sql`DELETE FROM users WHERE username = 'writer'`.execute(db);
      expect((await sql`SELECT * FROM story_revision_chunks WHERE user_id = 1`.execute(db)).rows).toEqual([]);
      expect(await textOf(4)).toBe('<p>short 😀</p>');
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
