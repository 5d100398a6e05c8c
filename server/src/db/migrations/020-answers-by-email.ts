// Never edit a migration once it has landed: add a new numbered one.
// Answers by email (docs/decisions/0030-answers-by-email.md):
// - answer_addresses: the reply address of each question email, `reply+<token>@<MAIL_DOMAIN>`, as the keyed hash of
//   its token, bound to one person and one question (its text as it was asked, for the chapter's heading).
// - answer_receipts: a hash of each accepted message's Message-ID, and of its token with its answer text, so a
//   message delivered twice, or the same answer sent again, is added to the draft once.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? sql.raw('BIGINT') : sql.raw('INTEGER');
  const strict = pg ? sql.raw('') : sql.raw('STRICT');
  await sql`
    CREATE TABLE answer_addresses (
      token_hash TEXT PRIMARY KEY,
      user_id ${int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      question_id TEXT NOT NULL,
      question_text TEXT NOT NULL,
      created_at ${int} NOT NULL
    ) ${strict}`.execute(db);
  await sql`CREATE INDEX answer_addresses_user ON answer_addresses(user_id)`.execute(db);
  await sql`
    CREATE TABLE answer_receipts (
      user_id ${int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      receipt_key TEXT NOT NULL,
      received_at ${int} NOT NULL,
      PRIMARY KEY (user_id, receipt_key)
    ) ${strict}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
