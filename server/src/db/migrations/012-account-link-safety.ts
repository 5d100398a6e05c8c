// Never edit a migration once it has landed: add a new numbered one.
// Emailed links after a password change, and "This wasn't me" (docs/decisions/0014-account-recovery.md):
// - users.password_changed_at: a link made before it is refused, even one that something failed to end;
// - email_changes.old_email, cancel_token_hash, cancel_used_at: the notice to the address being replaced carries a
//   single-use link of its own, stored as a keyed hash as the others are, that stops the change (or puts that address
//   back) and signs the account out everywhere.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const integer = isPostgres(db) ? sql.raw('BIGINT') : sql.raw('INTEGER');
  await sql`ALTER TABLE users ADD COLUMN password_changed_at ${integer}`.execute(db);
  await sql`ALTER TABLE email_changes ADD COLUMN old_email TEXT`.execute(db);
  await sql`ALTER TABLE email_changes ADD COLUMN cancel_token_hash TEXT`.execute(db);
  await sql`ALTER TABLE email_changes ADD COLUMN cancel_used_at ${integer}`.execute(db);
  await sql`CREATE UNIQUE INDEX email_changes_cancel ON email_changes(cancel_token_hash)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
