// Never edit a migration once it has landed: add a new numbered one.
// Issue #23 §7 (docs/decisions/0012-drafts-revisions-and-versions.md): a revision's text is no longer a copy of the
// whole story. It is cut into pieces (db/text-chunks.ts) stored once per author, by hash, and each revision lists
// its pieces in order; a piece that did not change between publishes is shared, not stored again. Existing
// revisions are moved into pieces here, one row at a time, then story_revisions.body_html is dropped.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';
import { chunkHash, chunkText } from '../text-chunks';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      CREATE TABLE story_revision_chunks (
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        html TEXT NOT NULL,
        PRIMARY KEY (user_id, hash)
      )`.execute(db);
    await sql`
      CREATE TABLE story_revision_parts (
        revision_id BIGINT NOT NULL REFERENCES story_revisions(id) ON DELETE CASCADE,
        seq BIGINT NOT NULL CHECK (seq >= 0),
        user_id BIGINT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (revision_id, seq),
        FOREIGN KEY (user_id, hash) REFERENCES story_revision_chunks(user_id, hash)
      )`.execute(db);
  } else {
    await sql`
      CREATE TABLE story_revision_chunks (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        html TEXT NOT NULL,
        PRIMARY KEY (user_id, hash)
      ) STRICT`.execute(db);
    await sql`
      CREATE TABLE story_revision_parts (
        revision_id INTEGER NOT NULL REFERENCES story_revisions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 0),
        user_id INTEGER NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (revision_id, seq),
        FOREIGN KEY (user_id, hash) REFERENCES story_revision_chunks(user_id, hash)
      ) STRICT, WITHOUT ROWID`.execute(db);
  }
  // Which pieces are still used, when revisions are thinned (core/drafts/revision-text.ts).
  await sql`CREATE INDEX story_revision_parts_by_chunk ON story_revision_parts(user_id, hash)`.execute(db);

  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; user_id: number; body_html: string }>`
      SELECT id, user_id, body_html FROM story_revisions WHERE id > ${after} ORDER BY id LIMIT 1`.execute(db);
    const row = rows[0];
    if (!row) break;
    after = Number(row.id);
    const pieces = chunkText(row.body_html);
    for (let seq = 0; seq < pieces.length; seq++) {
      const html = pieces[seq]!;
      const hash = chunkHash(html);
      await sql`INSERT INTO story_revision_chunks (user_id, hash, html) VALUES (${row.user_id}, ${hash}, ${html})
        ON CONFLICT (user_id, hash) DO NOTHING`.execute(db);
      await sql`INSERT INTO story_revision_parts (revision_id, seq, user_id, hash) VALUES (${row.id}, ${seq}, ${row.user_id}, ${hash})`.execute(
        db,
      );
    }
  }
  await sql`ALTER TABLE story_revisions DROP COLUMN body_html`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
