// Never edit a migration once it has landed: add a new numbered one.
// The newest people first (/api's user search with an empty term, ADR 0004): an index scan, not a sort of
// every account on each request.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX users_newest ON users(created_at DESC, id DESC)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward.');
}
