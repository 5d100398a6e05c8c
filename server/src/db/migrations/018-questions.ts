// Never edit a migration once it has landed: add a new numbered one.
// Questions by life stage (issue #25, docs/decisions/0028-questions-by-life-stage.md): what each writer did with a
// question of the picker. One row per person and question: answered (chosen: its chapter was added to the draft),
// dismissed ("Not for me") or kept for later. question_id is a library id (contract/questions/, "school-003"); a
// later kind of question (one the family asked) gets ids of its own shape in the same column. stage is the question's
// stage when it was chosen, so that "Your life so far" needs no library to count it; heading is the chapter heading
// the picker added, which ties a chapter of the text to the question while it still reads the same.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? sql.raw('BIGINT') : sql.raw('INTEGER');
  const strict = pg ? sql.raw('') : sql.raw('STRICT');
  await sql`
    CREATE TABLE question_answers (
      user_id ${int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      question_id TEXT NOT NULL,
      stage TEXT,
      state TEXT NOT NULL CHECK (state IN ('answered', 'dismissed', 'later')),
      heading TEXT,
      at ${int} NOT NULL,
      PRIMARY KEY (user_id, question_id)
    ) ${strict}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
