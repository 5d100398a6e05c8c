// Never edit a migration once it has landed: add a new numbered one.
// Admins by the owner's step, not by registering first (docs/decisions/0020-moderation.md, issue #23):
// - users.verified_email: the address (lower-case) that an emailed link last showed reaches the person. An
//   ADMIN_EMAILS address grants the role only while it equals the account's address. Nobody has one yet: the
//   email_verified_at of accounts made with REQUIRE_EMAIL_VERIFICATION off says nothing about the mailbox.
// - admin_setup_links: the one-time link printed at the start of a site with no admin, stored only hashed.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? sql.raw('BIGINT') : sql.raw('INTEGER');
  await sql`ALTER TABLE users ADD COLUMN verified_email TEXT`.execute(db);
  await sql`
    CREATE TABLE admin_setup_links (
      token_hash TEXT PRIMARY KEY,
      created_at ${int} NOT NULL,
      expires_at ${int} NOT NULL,
      used_at ${int},
      used_by ${int} REFERENCES users(id) ON DELETE SET NULL
    ) ${pg ? sql`` : sql`STRICT`}`.execute(db);
  // The open link, if any, is found without reading the used ones.
  await sql`CREATE INDEX admin_setup_links_open ON admin_setup_links(expires_at) WHERE used_at IS NULL`.execute(db);
  await sql`CREATE INDEX admin_setup_links_used_by ON admin_setup_links(used_by)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
