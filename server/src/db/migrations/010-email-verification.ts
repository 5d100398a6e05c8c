// Never edit a migration once it has landed: add a new numbered one.
// Email verification on registration, behind REQUIRE_EMAIL_VERIFICATION (docs/decisions/0019-notifications.md).
// users.email_verified_at: when the address was shown to reach its owner; every account that exists now counts
// as verified (it signed in without one until today). Links are kept as password-reset links are: only a keyed
// hash, single use, with an expiry; deleting the person deletes their links.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`ALTER TABLE users ADD COLUMN email_verified_at INTEGER`.execute(db);
  await sql`UPDATE users SET email_verified_at = created_at`.execute(db);
  await sql`
    CREATE TABLE email_verifications (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    ) STRICT`.execute(db);
  await sql`CREATE INDEX email_verifications_user ON email_verifications(user_id)`.execute(db);
}

/** The same on PostgreSQL (ADR 0021): BIGINT integers. */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_verified_at BIGINT`.execute(db);
  await sql`UPDATE users SET email_verified_at = created_at`.execute(db);
  await sql`
    CREATE TABLE email_verifications (
      token_hash TEXT PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    )`.execute(db);
  await sql`CREATE INDEX email_verifications_user ON email_verifications(user_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
