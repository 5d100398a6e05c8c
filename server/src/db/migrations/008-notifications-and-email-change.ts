// Never edit a migration once it has landed: add a new numbered one.
// Email change links (core/accounts/email-change.ts) and notifications (core/notifications/): ADR 0019.
// proj_notifications and proj_comments are projections (derived from events only, rebuilt with the others);
// what a person chose (settings) and what they have read are their own rows and survive a rebuild.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  // Only a keyed hash of each token, as for password resets; a link works once, for 24 hours.
  await sql`
    CREATE TABLE email_changes (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      new_email TEXT NOT NULL COLLATE NOCASE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    ) STRICT`.execute(db);
  await sql`CREATE INDEX email_changes_user ON email_changes(user_id)`.execute(db);

  // One row per person told about one event (seq): replaying an event inserts nothing new.
  await sql`
    CREATE TABLE proj_notifications (
      recipient_id INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('like', 'save', 'comment', 'reply')),
      story_user_id INTEGER NOT NULL,
      actor_id INTEGER NOT NULL,
      comment_id INTEGER,
      at INTEGER NOT NULL,
      PRIMARY KEY (recipient_id, seq)
    ) STRICT, WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX proj_notifications_group ON proj_notifications(recipient_id, kind, story_user_id, at)`.execute(db);
  // Unlike/unsave and a deleted person's actions. Few indexes on purpose: they are most of a rebuild's time.
  await sql`CREATE INDEX proj_notifications_actor ON proj_notifications(actor_id, story_user_id)`.execute(db);
  await sql`CREATE INDEX proj_notifications_comment ON proj_notifications(comment_id) WHERE comment_id IS NOT NULL`.execute(db);
  // Who has commented on which story, as the log tells it: the people a later comment is a reply to.
  await sql`
    CREATE TABLE proj_comments (
      comment_id INTEGER PRIMARY KEY,
      story_user_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL
    ) STRICT`.execute(db);
  await sql`CREATE INDEX proj_comments_story ON proj_comments(story_user_id, user_id)`.execute(db);
  await sql`CREATE INDEX proj_comments_user ON proj_comments(user_id)`.execute(db);

  // Per-kind choices (1 on, 0 off) and the weekly digest; no row means the defaults.
  await sql`
    CREATE TABLE notification_settings (
      user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      likes INTEGER NOT NULL DEFAULT 1,
      saves INTEGER NOT NULL DEFAULT 1,
      comments INTEGER NOT NULL DEFAULT 1,
      replies INTEGER NOT NULL DEFAULT 1,
      weekly_digest INTEGER NOT NULL DEFAULT 0,
      digest_sent_at INTEGER,
      digest_seq INTEGER NOT NULL DEFAULT 0
    ) STRICT`.execute(db);
  // Read up to an event seq: per group (kind:story:week), or '*' for everything. Seqs survive a rebuild.
  await sql`
    CREATE TABLE notification_reads (
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      group_key TEXT NOT NULL,
      read_seq INTEGER NOT NULL,
      PRIMARY KEY (user_id, group_key)
    ) STRICT, WITHOUT ROWID`.execute(db);
}

/** The same on PostgreSQL (ADR 0021): BIGINT integers, CITEXT for NOCASE, no WITHOUT ROWID. */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_changes (
      token_hash TEXT PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      new_email CITEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    )`.execute(db);
  await sql`CREATE INDEX email_changes_user ON email_changes(user_id)`.execute(db);
  await sql`
    CREATE TABLE proj_notifications (
      recipient_id BIGINT NOT NULL,
      seq BIGINT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('like', 'save', 'comment', 'reply')),
      story_user_id BIGINT NOT NULL,
      actor_id BIGINT NOT NULL,
      comment_id BIGINT,
      at BIGINT NOT NULL,
      PRIMARY KEY (recipient_id, seq)
    )`.execute(db);
  await sql`CREATE INDEX proj_notifications_group ON proj_notifications(recipient_id, kind, story_user_id, at)`.execute(db);
  await sql`CREATE INDEX proj_notifications_actor ON proj_notifications(actor_id, story_user_id)`.execute(db);
  await sql`CREATE INDEX proj_notifications_comment ON proj_notifications(comment_id) WHERE comment_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE proj_comments (
      comment_id BIGINT PRIMARY KEY,
      story_user_id BIGINT NOT NULL,
      user_id BIGINT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX proj_comments_story ON proj_comments(story_user_id, user_id)`.execute(db);
  await sql`CREATE INDEX proj_comments_user ON proj_comments(user_id)`.execute(db);
  await sql`
    CREATE TABLE notification_settings (
      user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      likes BIGINT NOT NULL DEFAULT 1,
      saves BIGINT NOT NULL DEFAULT 1,
      comments BIGINT NOT NULL DEFAULT 1,
      replies BIGINT NOT NULL DEFAULT 1,
      weekly_digest BIGINT NOT NULL DEFAULT 0,
      digest_sent_at BIGINT,
      digest_seq BIGINT NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE TABLE notification_reads (
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      group_key TEXT NOT NULL,
      read_seq BIGINT NOT NULL,
      PRIMARY KEY (user_id, group_key)
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
