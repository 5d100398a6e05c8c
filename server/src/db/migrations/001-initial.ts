// Never edit a migration once it has landed: add a new numbered one.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`
    CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      username TEXT NOT NULL COLLATE NOCASE UNIQUE,
      email TEXT NOT NULL COLLATE NOCASE UNIQUE,
      password_hash TEXT NOT NULL,
      first_name TEXT,
      last_name TEXT,
      dob TEXT NOT NULL,
      image TEXT,
      is_private INTEGER NOT NULL DEFAULT 0 CHECK (is_private IN (0, 1)),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id INTEGER PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      signed_in_at INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions(user_id)`.execute(db);

  await sql`
    CREATE TABLE stories (
      user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      body_html TEXT NOT NULL,
      banner TEXT,
      page_count INTEGER NOT NULL CHECK (page_count >= 1),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`CREATE INDEX stories_new ON stories(created_at DESC, user_id)`.execute(db);

  await sql`
    CREATE TABLE pages (
      user_id INTEGER NOT NULL REFERENCES stories(user_id) ON DELETE CASCADE,
      page_number INTEGER NOT NULL CHECK (page_number >= 1),
      html TEXT NOT NULL,
      PRIMARY KEY (user_id, page_number)
    ) STRICT, WITHOUT ROWID`.execute(db);

  for (const table of ['likes', 'saves']) {
    await sql`
      CREATE TABLE ${sql.raw(table)} (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        story_user_id INTEGER NOT NULL REFERENCES stories(user_id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, story_user_id)
      ) STRICT, WITHOUT ROWID`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_story`)} ON ${sql.raw(table)}(story_user_id)`.execute(db);
  }
  await sql`CREATE INDEX saves_recent ON saves(user_id, created_at DESC, story_user_id)`.execute(db);

  await sql`
    CREATE TABLE comments (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      story_user_id INTEGER NOT NULL REFERENCES stories(user_id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text TEXT NOT NULL,
      created_at INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`CREATE INDEX comments_story ON comments(story_user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX comments_user ON comments(user_id)`.execute(db);

  await sql`
    CREATE TABLE uploads (
      name TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      content_type TEXT NOT NULL,
      bytes INTEGER NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`CREATE INDEX uploads_user ON uploads(user_id)`.execute(db);

  await sql`
    CREATE TABLE events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      type TEXT NOT NULL,
      actor_id INTEGER,
      subject_id INTEGER,
      payload TEXT NOT NULL,
      at INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`CREATE INDEX events_actor ON events(actor_id)`.execute(db);
  await sql`CREATE INDEX events_subject ON events(subject_id)`.execute(db);

  await sql`
    CREATE TABLE projector_checkpoints (
      name TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE proj_users (
      user_id INTEGER PRIMARY KEY,
      username TEXT NOT NULL,
      first_name TEXT,
      last_name TEXT,
      is_private INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`
    CREATE TABLE proj_stories (
      user_id INTEGER PRIMARY KEY,
      title TEXT NOT NULL,
      created_at INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`
    CREATE TABLE proj_likes (
      story_user_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      given_at INTEGER NOT NULL,
      PRIMARY KEY (story_user_id, user_id)
    ) STRICT, WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX proj_likes_given ON proj_likes(given_at)`.execute(db);
  await sql`CREATE INDEX proj_likes_user ON proj_likes(user_id)`.execute(db);
  await sql`
    CREATE TABLE proj_windows (
      name TEXT PRIMARY KEY,
      cutoff INTEGER NOT NULL
    ) STRICT`.execute(db);
}

/**
 * The same tables on PostgreSQL (ADR 0021): integers are BIGINT (ids, ms timestamps), typed columns stand for
 * STRICT, CITEXT for COLLATE NOCASE (equality, uniqueness and order ignore case, as SQLite's NOCASE does for
 * ASCII), identity columns for SQLite's rowid ids. Every index as on SQLite.
 */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);
  await sql`
    CREATE TABLE users (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      username CITEXT NOT NULL UNIQUE,
      email CITEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      first_name TEXT,
      last_name TEXT,
      dob TEXT NOT NULL,
      image TEXT,
      is_private BIGINT NOT NULL DEFAULT 0 CHECK (is_private IN (0, 1)),
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      signed_in_at BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      last_seen_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions(user_id)`.execute(db);

  await sql`
    CREATE TABLE stories (
      user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      body_html TEXT NOT NULL,
      banner TEXT,
      page_count BIGINT NOT NULL CHECK (page_count >= 1),
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX stories_new ON stories(created_at DESC, user_id)`.execute(db);

  await sql`
    CREATE TABLE pages (
      user_id BIGINT NOT NULL REFERENCES stories(user_id) ON DELETE CASCADE,
      page_number BIGINT NOT NULL CHECK (page_number >= 1),
      html TEXT NOT NULL,
      PRIMARY KEY (user_id, page_number)
    )`.execute(db);

  for (const table of ['likes', 'saves']) {
    await sql`
      CREATE TABLE ${sql.raw(table)} (
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        story_user_id BIGINT NOT NULL REFERENCES stories(user_id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, story_user_id)
      )`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_story`)} ON ${sql.raw(table)}(story_user_id)`.execute(db);
  }
  await sql`CREATE INDEX saves_recent ON saves(user_id, created_at DESC, story_user_id)`.execute(db);

  await sql`
    CREATE TABLE comments (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      story_user_id BIGINT NOT NULL REFERENCES stories(user_id) ON DELETE CASCADE,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX comments_story ON comments(story_user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX comments_user ON comments(user_id)`.execute(db);

  await sql`
    CREATE TABLE uploads (
      name TEXT PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      content_type TEXT NOT NULL,
      bytes BIGINT NOT NULL,
      width BIGINT NOT NULL,
      height BIGINT NOT NULL,
      created_at BIGINT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX uploads_user ON uploads(user_id)`.execute(db);

  // seq is never reused (as AUTOINCREMENT); events commit in seq order (db/dialect.ts, takeWriteTurn).
  await sql`
    CREATE TABLE events (
      seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      type TEXT NOT NULL,
      actor_id BIGINT,
      subject_id BIGINT,
      payload TEXT NOT NULL,
      at BIGINT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX events_actor ON events(actor_id)`.execute(db);
  await sql`CREATE INDEX events_subject ON events(subject_id)`.execute(db);

  await sql`
    CREATE TABLE projector_checkpoints (
      name TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE proj_users (
      user_id BIGINT PRIMARY KEY,
      username TEXT NOT NULL,
      first_name TEXT,
      last_name TEXT,
      is_private BIGINT NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE proj_stories (
      user_id BIGINT PRIMARY KEY,
      title TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE proj_likes (
      story_user_id BIGINT NOT NULL,
      user_id BIGINT NOT NULL,
      given_at BIGINT NOT NULL,
      PRIMARY KEY (story_user_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX proj_likes_given ON proj_likes(given_at)`.execute(db);
  await sql`CREATE INDEX proj_likes_user ON proj_likes(user_id)`.execute(db);
  await sql`
    CREATE TABLE proj_windows (
      name TEXT PRIMARY KEY,
      cutoff BIGINT NOT NULL
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
