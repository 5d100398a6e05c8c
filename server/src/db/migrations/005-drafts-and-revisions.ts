// Never edit a migration once it has landed: add a new numbered one.
// Issue #11 (docs/decisions/0012-drafts-revisions-and-versions.md): a version on each story, one draft row per
// person (its counter outlives the draft: a cleared draft keeps the row with no text), and a revision per publish.
// A draft's text is kept as the editor sent it (unsafe_html) and sanitized whenever it is read: autosave writes
// far more often than anyone reads a draft (ADR 0012).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Stories published before this migration count as version 1 (they were published once, at least).
  await sql`ALTER TABLE stories ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1)`.execute(db);

  await sql`
    CREATE TABLE drafts (
      user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      draft_version INTEGER NOT NULL CHECK (draft_version >= 1),
      title TEXT,
      unsafe_html TEXT,
      base_version INTEGER,
      restored_from INTEGER,
      saved_at INTEGER,
      CHECK ((unsafe_html IS NULL) = (title IS NULL) AND (unsafe_html IS NULL) = (saved_at IS NULL) AND (unsafe_html IS NULL) = (base_version IS NULL))
    ) STRICT`.execute(db);

  // AUTOINCREMENT: an id is never handed out twice, even after an account (and its revisions) is erased.
  await sql`
    CREATE TABLE story_revisions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      version INTEGER NOT NULL CHECK (version >= 1),
      title TEXT NOT NULL,
      body_html TEXT NOT NULL,
      word_count INTEGER NOT NULL CHECK (word_count >= 0),
      published_at INTEGER NOT NULL,
      restored_from INTEGER
    ) STRICT`.execute(db);
  await sql`CREATE INDEX story_revisions_by_user ON story_revisions(user_id, id DESC)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
