// Never edit a migration once it has landed: add a new numbered one.
// Moderation (docs/decisions/0020-moderation.md): roles, reports, blocks, the moderation log, and the flags that
// hide a story or a comment or suspend an account. Hidden and suspended rows stay (restoring brings them back);
// the read paths filter them.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin'))`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN suspended_at INTEGER`.execute(db);
  await sql`ALTER TABLE stories ADD COLUMN hidden_at INTEGER`.execute(db);
  // users.suspended_at copied onto the story (core/moderation/actions.ts keeps them equal), so that the new-stories
  // list filters on its own index: stories_shown_new holds exactly the stories readers may see, in the list's order.
  await sql`ALTER TABLE stories ADD COLUMN author_suspended INTEGER NOT NULL DEFAULT 0 CHECK (author_suspended IN (0, 1))`.execute(db);
  await sql`ALTER TABLE comments ADD COLUMN hidden_at INTEGER`.execute(db);
  // Few rows are ever hidden or suspended: small partial indexes list them for the moderation screen and for the
  // comment count (core/social/comments.ts).
  await sql`CREATE INDEX users_suspended ON users(id) WHERE suspended_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX stories_hidden ON stories(user_id) WHERE hidden_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX comments_hidden ON comments(story_user_id, id) WHERE hidden_at IS NOT NULL`.execute(db);
  // A writer's comments on one story, for counting what suspended or blocked people wrote there
  // (core/social/comments.ts); it replaces comments_user(user_id), which it still serves (a deleted person's cascade).
  await sql`CREATE INDEX comments_user_story ON comments(user_id, story_user_id)`.execute(db);
  await sql`DROP INDEX comments_user`.execute(db);
  // The two flag columns ride along (one value in every entry) so that the index covers the query's own check.
  await sql`CREATE INDEX stories_shown_new ON stories(created_at DESC, user_id, hidden_at, author_suspended) WHERE hidden_at IS NULL AND author_suspended = 0`.execute(
    db,
  );

  // 'first_admin': taken once, by the first account a person registers (core/accounts/register.ts). A site that
  // already has accounts when this runs has it taken now: its admins come from ADMIN_EMAILS.
  await sql`CREATE TABLE site_flags (name TEXT PRIMARY KEY, at INTEGER NOT NULL) STRICT`.execute(db);
  await sql`INSERT INTO site_flags (name, at) SELECT 'first_admin', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE EXISTS (SELECT 1 FROM users)`.execute(
    db,
  );

  await sql`
    CREATE TABLE reports (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      reporter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('story', 'comment')),
      story_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      comment_id INTEGER REFERENCES comments(id) ON DELETE SET NULL,
      target_key TEXT NOT NULL,
      reason TEXT NOT NULL,
      note TEXT,
      status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'actioned', 'dismissed')),
      created_at INTEGER NOT NULL,
      closed_at INTEGER
    ) STRICT`.execute(db);
  // One open report per person per item; the database decides when two arrive at once.
  await sql`CREATE UNIQUE INDEX reports_one_open ON reports(reporter_id, target_key) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX reports_open ON reports(created_at, id) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX reports_target ON reports(target_key)`.execute(db);
  await sql`CREATE INDEX reports_story ON reports(story_user_id)`.execute(db);
  await sql`CREATE INDEX reports_comment ON reports(comment_id)`.execute(db);

  // Who did what, when and why. An admin or a person who later deletes their account leaves the entry, without them.
  await sql`
    CREATE TABLE moderation_actions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      admin_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
      action TEXT NOT NULL CHECK (action IN ('hide', 'restore', 'delete', 'dismiss', 'suspend', 'unsuspend')),
      target_kind TEXT NOT NULL CHECK (target_kind IN ('story', 'comment', 'account', 'report')),
      target_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
      target_id INTEGER,
      reason TEXT NOT NULL,
      at INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`CREATE INDEX moderation_actions_recent ON moderation_actions(at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX moderation_actions_admin ON moderation_actions(admin_id)`.execute(db);
  await sql`CREATE INDEX moderation_actions_target ON moderation_actions(target_user_id)`.execute(db);

  await sql`
    CREATE TABLE blocks (
      blocker_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blocked_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (blocker_id, blocked_id),
      CHECK (blocker_id <> blocked_id)
    ) STRICT, WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX blocks_blocked ON blocks(blocked_id)`.execute(db);

  // The projector's view of the same flags (folded from story_hidden / account_suspended events).
  await sql`ALTER TABLE proj_stories ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE proj_users ADD COLUMN suspended INTEGER NOT NULL DEFAULT 0`.execute(db);
}

/**
 * The same on PostgreSQL (ADR 0021): BIGINT integers, identity ids for AUTOINCREMENT, no WITHOUT ROWID, and the
 * clock in ms from now() instead of julianday.
 */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin'))`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN suspended_at BIGINT`.execute(db);
  await sql`ALTER TABLE stories ADD COLUMN hidden_at BIGINT`.execute(db);
  await sql`ALTER TABLE stories ADD COLUMN author_suspended BIGINT NOT NULL DEFAULT 0 CHECK (author_suspended IN (0, 1))`.execute(db);
  await sql`ALTER TABLE comments ADD COLUMN hidden_at BIGINT`.execute(db);
  await sql`CREATE INDEX users_suspended ON users(id) WHERE suspended_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX stories_hidden ON stories(user_id) WHERE hidden_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX comments_hidden ON comments(story_user_id, id) WHERE hidden_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX comments_user_story ON comments(user_id, story_user_id)`.execute(db);
  await sql`DROP INDEX comments_user`.execute(db);
  await sql`CREATE INDEX stories_shown_new ON stories(created_at DESC, user_id, hidden_at, author_suspended) WHERE hidden_at IS NULL AND author_suspended = 0`.execute(
    db,
  );

  await sql`CREATE TABLE site_flags (name TEXT PRIMARY KEY, at BIGINT NOT NULL)`.execute(db);
  await sql`INSERT INTO site_flags (name, at) SELECT 'first_admin', CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT) WHERE EXISTS (SELECT 1 FROM users)`.execute(
    db,
  );

  await sql`
    CREATE TABLE reports (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      reporter_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('story', 'comment')),
      story_user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      comment_id BIGINT REFERENCES comments(id) ON DELETE SET NULL,
      target_key TEXT NOT NULL,
      reason TEXT NOT NULL,
      note TEXT,
      status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'actioned', 'dismissed')),
      created_at BIGINT NOT NULL,
      closed_at BIGINT
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX reports_one_open ON reports(reporter_id, target_key) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX reports_open ON reports(created_at, id) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX reports_target ON reports(target_key)`.execute(db);
  await sql`CREATE INDEX reports_story ON reports(story_user_id)`.execute(db);
  await sql`CREATE INDEX reports_comment ON reports(comment_id)`.execute(db);

  await sql`
    CREATE TABLE moderation_actions (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      admin_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
      action TEXT NOT NULL CHECK (action IN ('hide', 'restore', 'delete', 'dismiss', 'suspend', 'unsuspend')),
      target_kind TEXT NOT NULL CHECK (target_kind IN ('story', 'comment', 'account', 'report')),
      target_user_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
      target_id BIGINT,
      reason TEXT NOT NULL,
      at BIGINT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX moderation_actions_recent ON moderation_actions(at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX moderation_actions_admin ON moderation_actions(admin_id)`.execute(db);
  await sql`CREATE INDEX moderation_actions_target ON moderation_actions(target_user_id)`.execute(db);

  await sql`
    CREATE TABLE blocks (
      blocker_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blocked_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (blocker_id, blocked_id),
      CHECK (blocker_id <> blocked_id)
    )`.execute(db);
  await sql`CREATE INDEX blocks_blocked ON blocks(blocked_id)`.execute(db);

  await sql`ALTER TABLE proj_stories ADD COLUMN hidden BIGINT NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE proj_users ADD COLUMN suspended BIGINT NOT NULL DEFAULT 0`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
