// Never edit a migration once it has landed: add a new numbered one.
// Password-reset links (core/accounts/password-reset.ts): only a keyed hash of each token is kept, as for
// sessions; a link is used once and lives 30 minutes. Deleting the person deletes their links.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`
    CREATE TABLE password_resets (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    ) STRICT`.execute(db);
  await sql`CREATE INDEX password_resets_user ON password_resets(user_id)`.execute(db);
}

/** The same on PostgreSQL (ADR 0021): BIGINT integers. */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE password_resets (
      token_hash TEXT PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    )`.execute(db);
  await sql`CREATE INDEX password_resets_user ON password_resets(user_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
