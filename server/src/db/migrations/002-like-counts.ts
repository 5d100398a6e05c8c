// Never edit a migration once it has landed: add a new numbered one.
// Each story's number of standing likes, kept by triggers in the same statement as the like itself (also
// through ON DELETE CASCADE), so that reading it is one primary-key lookup. Counting the likes instead cost
// O(likes): a top-list page of 50 popular stories counted ~250k index entries at 100k stories (docs/performance.md).
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`
    CREATE TABLE like_counts (
      story_user_id INTEGER PRIMARY KEY REFERENCES stories(user_id) ON DELETE CASCADE,
      n INTEGER NOT NULL CHECK (n >= 0)
    ) STRICT`.execute(db);
  await sql`INSERT INTO like_counts (story_user_id, n) SELECT story_user_id, count(*) FROM likes GROUP BY story_user_id`.execute(db);
  await sql`
    CREATE TRIGGER likes_count_up AFTER INSERT ON likes BEGIN
      INSERT INTO like_counts (story_user_id, n) VALUES (NEW.story_user_id, 1)
        ON CONFLICT (story_user_id) DO UPDATE SET n = n + 1;
    END`.execute(db);
  await sql`
    CREATE TRIGGER likes_count_down AFTER DELETE ON likes BEGIN
      UPDATE like_counts SET n = n - 1 WHERE story_user_id = OLD.story_user_id;
    END`.execute(db);
}

/** The same table and triggers on PostgreSQL (ADR 0021): row triggers calling PL/pgSQL functions. */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE like_counts (
      story_user_id BIGINT PRIMARY KEY REFERENCES stories(user_id) ON DELETE CASCADE,
      n BIGINT NOT NULL CHECK (n >= 0)
    )`.execute(db);
  await sql`INSERT INTO like_counts (story_user_id, n) SELECT story_user_id, count(*) FROM likes GROUP BY story_user_id`.execute(db);
  await sql`
    CREATE FUNCTION likes_count_up() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO like_counts (story_user_id, n) VALUES (NEW.story_user_id, 1)
        ON CONFLICT (story_user_id) DO UPDATE SET n = like_counts.n + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER likes_count_up AFTER INSERT ON likes FOR EACH ROW EXECUTE FUNCTION likes_count_up()`.execute(db);
  await sql`
    CREATE FUNCTION likes_count_down() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE like_counts SET n = n - 1 WHERE story_user_id = OLD.story_user_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER likes_count_down AFTER DELETE ON likes FOR EACH ROW EXECUTE FUNCTION likes_count_down()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
