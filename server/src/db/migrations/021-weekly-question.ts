// Never edit a migration once it has landed: add a new numbered one.
// One question a week by email (issue #25, docs/decisions/0031-one-question-a-week.md):
// - weekly_questions: a person's choice, one row each: on, paused or stopped; the day of the week (0 Sunday to 6
//   Saturday) and the minute of the day, in their own IANA time zone; next_at, the instant of the next email (UTC
//   milliseconds, set while on), which the sender claims by a conditional update so that it goes once; and the last
//   one sent (when, which question).
// - weekly_question_sends: the questions already emailed to a person (the last time each), so that the next email
//   asks another one while any is left.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? sql.raw('BIGINT') : sql.raw('INTEGER');
  const strict = pg ? sql.raw('') : sql.raw('STRICT');
  await sql`
    CREATE TABLE weekly_questions (
      user_id ${int} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      state TEXT NOT NULL CHECK (state IN ('on', 'paused', 'stopped')),
      day ${int} NOT NULL CHECK (day BETWEEN 0 AND 6),
      minute ${int} NOT NULL CHECK (minute BETWEEN 0 AND 1439),
      time_zone TEXT NOT NULL,
      next_at ${int},
      last_sent_at ${int},
      last_question_id TEXT,
      updated_at ${int} NOT NULL
    ) ${strict}`.execute(db);
  await sql`CREATE INDEX weekly_questions_due ON weekly_questions(next_at)`.execute(db);
  await sql`
    CREATE TABLE weekly_question_sends (
      user_id ${int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      question_id TEXT NOT NULL,
      sent_at ${int} NOT NULL,
      PRIMARY KEY (user_id, question_id)
    ) ${strict}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
