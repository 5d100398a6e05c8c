// Migration 014 on a site with revisions: each one's text moves into its author's shared pieces, whole and in order,
// a piece two revisions share is stored once, body_html is gone, and erasing an account erases its pieces.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as m001 from './001-initial';
import * as m002 from './002-like-counts';
import * as m003 from './003-upload-references';
import * as m004 from './004-users-newest';
import * as m005 from './005-drafts-and-revisions';
import * as m014 from './014-revision-chunks';

const paragraph = (i: number) => `<p>Paragraph ${i} of a long life, told slowly, with some detail about the weather.</p>`;
const long = Array.from({ length: 2000 }, (_, i) => paragraph(i)).join('');

describe('migration 014', () => {
  it('moves every revision into shared pieces and drops body_html', async () => {
    const raw = new BetterSqlite3(':memory:');
    raw.pragma('foreign_keys = ON');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
    for (const m of [m001, m002, m003, m004, m005]) await m.up(db);
    for (const name of ['writer', 'other']) {
      await sql`INSERT INTO users (username, email, password_hash, first_name, last_name, dob, image, is_private, created_at, updated_at)
                VALUES (${name}, ${`${name}@example.com`}, 'x', NULL, NULL, '1950-01-01', NULL, 0, 1, 1)`.execute(db);
    }
    const edited = long.replace('Paragraph 1500 ', 'Paragraph 1500, edited, ');
    const texts: [number, string][] = [
      [1, long],
      [1, edited],
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
          JOIN story_revision_chunks c ON c.user_id = p.user_id AND c.hash = p.hash WHERE p.revision_id = ${id} ORDER BY p.seq`.execute(db)
      ).rows
        .map((r) => r.html)
        .join('');
    for (const [i, [, body]] of texts.entries()) expect(await textOf(i + 1)).toBe(body);
    const stored = await sql<{ n: number }>`SELECT sum(length(html)) AS n FROM story_revision_chunks WHERE user_id = 1`.execute(db);
    // The edited revision shares all but the piece around its edit with the first.
    expect(stored.rows[0]!.n).toBeLessThan(long.length * 1.2);
    const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('story_revisions')`.execute(db);
    expect(columns.rows.map((c) => c.name)).not.toContain('body_html');

    await sql`DELETE FROM users WHERE username = 'writer'`.execute(db);
    expect((await sql`SELECT * FROM story_revision_chunks WHERE user_id = 1`.execute(db)).rows).toEqual([]);
    expect((await sql`SELECT * FROM story_revision_parts WHERE user_id = 1`.execute(db)).rows).toEqual([]);
    expect(await textOf(4)).toBe('<p>short 😀</p>');
    await db.destroy();
  });
});
