// Never edit a migration once it has landed: add a new numbered one.
// Followers of a story and their daily digest (docs/decisions/0027-followers-and-digests.md).
// proj_followers is a projection of the follow events (story_followed, story_follow_confirmed, story_unfollowed),
// dropped and folded again by a rebuild; follow_digests is state of its own (what each follower was last told, and
// the day of their last email), kept across a rebuild as notification reads are; so is follow_passes.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? sql.raw('BIGINT') : sql.raw('INTEGER');
  const strict = pg ? sql.raw('') : sql.raw('STRICT');
  const email = pg ? sql.raw('CITEXT') : sql.raw('TEXT COLLATE NOCASE');
  // follow_id: the random id the story_followed event carries, so a rebuild gives every follower the same id (and
  // its emailed links keep working). A follower is an account (user_id) or an address (email), never both.
  await sql`
    CREATE TABLE proj_followers (
      follow_id TEXT PRIMARY KEY,
      story_user_id ${int} NOT NULL,
      user_id ${int},
      email ${email},
      confirmed ${int} NOT NULL,
      followed_at ${int} NOT NULL,
      CHECK ((user_id IS NULL) <> (email IS NULL))
    ) ${strict}`.execute(db);
  await sql`CREATE UNIQUE INDEX proj_followers_account ON proj_followers(story_user_id, user_id) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX proj_followers_address ON proj_followers(story_user_id, email) WHERE email IS NOT NULL`.execute(db);
  await sql`CREATE INDEX proj_followers_user ON proj_followers(user_id) WHERE user_id IS NOT NULL`.execute(db);
  // seen_revision_id: the story's revision the follower was last told about (or the one when they followed);
  // sent_day: the UTC day (days since the epoch) of their last digest, the mark that makes it one a day.
  await sql`
    CREATE TABLE follow_digests (
      follow_id TEXT PRIMARY KEY,
      story_user_id ${int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      user_id ${int} REFERENCES users(id) ON DELETE CASCADE,
      seen_revision_id ${int} NOT NULL,
      sent_day ${int}
    ) ${strict}`.execute(db);
  await sql`CREATE INDEX follow_digests_story ON follow_digests(story_user_id)`.execute(db);
  await sql`CREATE INDEX follow_digests_user ON follow_digests(user_id) WHERE user_id IS NOT NULL`.execute(db);
  // The reader passes (migration 015) a follow was made with, for a story not everyone may read: whether the follower
  // may still read it is asked of them when a digest is due (a pass ended, by a removal or a new share key, goes with
  // its row here).
  await sql`
    CREATE TABLE follow_passes (
      follow_id TEXT NOT NULL,
      pass_id ${int} NOT NULL REFERENCES reader_passes(id) ON DELETE CASCADE,
      PRIMARY KEY (follow_id, pass_id)
    ) ${strict}`.execute(db);
  await sql`CREATE INDEX follow_passes_pass ON follow_passes(pass_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
